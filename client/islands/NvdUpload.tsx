/**
 * Match Order NVDs: upload an NVD (a PDF, or a photo of the paper one) with what it says typed beside
 * it: serial number, PIC, date, head. Sent as the multipart form the API reads as a stream (the fields
 * first, the file last); the page then shows it matched, or with its suggested orders.
 */
import { type FormEvent, useState } from "react";
import { api, apiConfig } from "../runtime/api.ts";
import { toast, toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { Field, TextInput } from "../ui/Field.tsx";

export interface NvdUploadProps {
  uploadUrl: string;
  /** the plant's today: the date offered first */
  today: string;
  maxBytes: number;
  /** where to go once it is kept (this page again) */
  reloadTo: string;
}

const TYPES = ["application/pdf", "image/png", "image/jpeg", "image/webp"];
const TEXT_FIELDS = [
  ["serialNumber", "Serial number", true],
  ["pic", "PIC of origin", false],
  ["nvdDate", "Date", true],
  ["head", "Head", true],
  ["description", "Description", false],
  ["consignee", "Consignee", false],
] as const;
type Key = (typeof TEXT_FIELDS)[number][0];

export default function NvdUpload(props: NvdUploadProps) {
  const [values, setValues] = useState<Record<Key, string>>({
    serialNumber: "",
    pic: "",
    nvdDate: props.today,
    head: "",
    description: "",
    consignee: "",
  });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = Boolean(values.serialNumber.trim() && values.nvdDate && Number(values.head) > 0 && file);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || !file) return;
    if (file.type && !TYPES.includes(file.type)) {
      toast("warning", "Choose the NVD as a PDF, or a photo (PNG, JPEG or WebP).", "Not a file we can keep");
      return;
    }
    if (file.size > props.maxBytes) {
      toast("warning", "That file is over 10 MB: scan it at a lower resolution.", "File too large");
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      for (const [key] of TEXT_FIELDS) form.set(key, values[key].trim());
      form.set("file", file); // last: the server reads the fields before the file
      const answer = await api<{ nvd: { serialNumber: string; livestockOrderId: number | null } }>(
        "POST",
        props.uploadUrl,
        form,
      );
      toastOnNextPage(
        "success",
        answer.nvd.livestockOrderId
          ? `NVD ${answer.nvd.serialNumber} was kept and matched to order ${answer.nvd.livestockOrderId}.`
          : `NVD ${answer.nvd.serialNumber} was kept: match it to an order below.`,
      );
      apiConfig.navigate(props.reloadTo);
    } catch {
      setBusy(false); // the API client has toasted what went wrong
    }
  };

  return (
    <form className="nvd-upload" onSubmit={(e) => void onSubmit(e)} aria-label="Upload an NVD">
      <div className="nvd-upload-fields">
        {TEXT_FIELDS.map(([key, label, required]) => (
          <Field key={key} id={`nvd-${key}`} label={label} required={required}>
            <TextInput
              id={`nvd-${key}`}
              name={key}
              type={key === "nvdDate" ? "date" : key === "head" ? "number" : "text"}
              value={values[key]}
              required={required}
              onValue={(v) =>
                setValues((old) => ({ ...old, [key]: v }))}
            />
          </Field>
        ))}
        <Field id="nvd-file" label="NVD file (PDF or photo)" required>
          <input
            id="nvd-file"
            className="input"
            type="file"
            name="file"
            required
            accept={TYPES.join(",")}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
      </div>
      <Button type="submit" variant="primary" busy={busy} disabled={!ready} data-action="upload-nvd">
        Upload NVD
      </Button>
    </form>
  );
}
