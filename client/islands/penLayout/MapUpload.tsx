/**
 * The yard's site map: choose a PNG, JPEG or WebP (up to 5 MB) and it is uploaded at once
 * (POST multipart to api/storage/UploadMapImage); the editor then draws it behind the pens. Sizes and
 * types are checked here first, so a wrong file is refused in plain words without a wasted upload; the
 * server checks again.
 */
import { type ChangeEvent, useRef, useState } from "react";
import { api } from "../../runtime/api.ts";
import { toast } from "../../runtime/toast.ts";
import { Button } from "../../ui/Button.tsx";

export const MAP_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ["image/png", "image/jpeg", "image/webp"];

export interface MapUploadProps {
  stockyardId: number;
  uploadUrl: string;
  hasMap: boolean;
  disabled?: boolean;
  /** told the new map's version (to reload the image) */
  onUploaded(version: string): void;
}

export function MapUpload({ stockyardId, uploadUrl, hasMap, disabled, onUploaded }: MapUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      toast("warning", "Choose a PNG, JPEG or WebP image for the site map.", "Not an image we can use");
      return;
    }
    if (file.size > MAP_MAX_BYTES) {
      const mb = (file.size / 1024 / 1024).toFixed(1);
      toast("warning", `That image is ${mb} MB: a site map can be at most 5 MB.`, "Image too large");
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.set("stockyardId", String(stockyardId));
      form.set("file", file);
      const answer = await api<{ version: string }>("POST", uploadUrl, form);
      toast("success", "The site map was uploaded.");
      onUploaded(answer.version);
    } catch {
      // the API client has toasted what went wrong
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-label="Site map image"
        data-map-file
        onChange={(e) => void onFile(e)}
      />
      <Button
        onClick={() => input.current?.click()}
        busy={busy}
        disabled={disabled}
        className="btn-sm"
        data-action="upload-map"
      >
        {hasMap ? "Replace site map…" : "Upload site map…"}
      </Button>
    </>
  );
}
