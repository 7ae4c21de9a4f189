/**
 * The organisation's logo (Settings › Organisation details): choose a PNG, JPEG or WebP of at most
 * 512 KB and it is uploaded at once (POST multipart); the page then shows it. The type and size are
 * checked here first, so a wrong file is refused in plain words without a wasted upload; the server
 * checks the bytes again.
 */
import { type ChangeEvent, useRef, useState } from "react";
import { api, apiConfig } from "../runtime/api.ts";
import { toast, toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { LOGO_MAX_BYTES } from "../../server/areas/settings/rules.ts";

const TYPES = ["image/png", "image/jpeg", "image/webp"];

export interface LogoUploadProps {
  uploadUrl: string;
  hasLogo: boolean;
  /** where to go once it is uploaded (this page again) */
  reloadTo: string;
}

export default function LogoUpload({ uploadUrl, hasLogo, reloadTo }: LogoUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      toast("warning", "Choose a PNG, JPEG or WebP image for the logo.", "Not an image we can use");
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast(
        "warning",
        `That image is ${Math.round(file.size / 1024)} KB: a logo can be at most 512 KB.`,
        "Image too large",
      );
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.set("file", file);
      await api("POST", uploadUrl, form);
      toastOnNextPage("success", "The logo was uploaded.");
      apiConfig.navigate(reloadTo);
    } catch {
      setBusy(false); // the API client has toasted what went wrong
    }
  };

  return (
    <div className="logo-upload">
      <input
        ref={input}
        id="logo-file"
        type="file"
        accept={TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-label="Logo image"
        onChange={(e) => void onFile(e)}
      />
      <Button
        onClick={() => input.current?.click()}
        busy={busy}
        data-action="upload-logo"
      >
        {hasLogo ? "Replace the logo…" : "Upload a logo…"}
      </Button>
      <p className="muted small">PNG, JPEG or WebP, at most 512 KB.</p>
    </div>
  );
}
