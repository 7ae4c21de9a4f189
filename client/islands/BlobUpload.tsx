/**
 * Settings › Files & publishing: upload one file into the organisation's files (a data file or a
 * published report) with the bytes' progress, then a toast and the list again. The file is sent with
 * XMLHttpRequest (fetch tells nothing of an upload's progress) as the multipart form the API reads as a
 * stream: the reference and the publishing fields first, the file last. With `forSupport` it uploads a
 * support file (`support/<folder>/<name>`, shared by every organisation): no kind and no publishing.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { formatBytes, safeBlobName } from "../../server/areas/storage/rules.ts";
import { localClockHeaders } from "../runtime/api.ts";
import { toast, toastOnNextPage } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { Field, SelectInput, TextInput } from "../ui/Field.tsx";
import { pctClass } from "../ui/inlineFree.ts";

export interface BlobUploadProps {
  uploadUrl: string;
  /** `tenant-<id>`, or `support` for a support file */
  tenantPrefix: string;
  /** a support file: folder and file only (the reference is `<tenantPrefix>/<folder>/<name>`) */
  forSupport?: boolean;
  /** the folder offered first (default "general") */
  defaultFolder?: string;
  maxBytes: number;
  /** the `accept` list of the file input (".pdf,.png,…") */
  accept: string;
  /** the kinds kept, in words */
  kinds: string;
  /** folders already in use, offered as suggestions */
  folders: string[];
}

const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}(\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}){0,2}$/;

export default function BlobUpload(props: BlobUploadProps) {
  const [category, setCategory] = useState("data");
  const [folder, setFolder] = useState(props.defaultFolder ?? "general");
  const [file, setFile] = useState<File | null>(null);
  const [publisher, setPublisher] = useState(true);
  const [publishDate, setPublishDate] = useState("");
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);

  const name = file ? safeBlobName(file.name) : "";
  const problem = !FOLDER.test(folder)
    ? "A folder is letters, digits, '-' and '_' (up to three, split by '/')."
    : file && !name
    ? "This file's name has no type at its end (such as .pdf): rename it and choose it again."
    : file && file.size > props.maxBytes
    ? `This file is ${formatBytes(file.size)}: at most ${formatBytes(props.maxBytes)} is kept.`
    : null;
  const reference = props.forSupport
    ? `${props.tenantPrefix}/${folder}/${name}`
    : `${props.tenantPrefix}/${category}/${folder}/${name}`;
  const place = props.forSupport
    ? `${props.tenantPrefix}/${folder}`
    : `${category === "data" ? "data" : "published"}/${folder}`;

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!file || problem) return;
    const form = new FormData();
    form.set("FullBlobReference", reference);
    if (!props.forSupport) {
      form.set("IsSavePublisherUserId", String(publisher));
      if (publishDate) form.set("PublishDate", publishDate);
    }
    form.set("File", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", props.uploadUrl);
    for (const [k, v] of Object.entries({ ...localClockHeaders(), "X-Api-Version": "1" })) {
      xhr.setRequestHeader(k, v);
    }
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (p) =>
      setSent({ loaded: p.loaded, total: p.lengthComputable ? p.total : file.size });
    xhr.onload = () => {
      if (xhr.status === 200) {
        toastOnNextPage("success", `${name} was uploaded to ${place}.`);
        globalThis.location.reload();
        return;
      }
      setSent(null);
      let message = "The file was not uploaded.";
      try {
        message = JSON.parse(xhr.responseText).message || message;
      } catch {
        if (xhr.status === 413) message = `The file is too big: at most ${formatBytes(props.maxBytes)}.`;
      }
      toast("error", message, "Not uploaded");
    };
    xhr.onerror = () => {
      setSent(null);
      toast("error", "Check connection", "Network Error");
    };
    setSent({ loaded: 0, total: file.size });
    xhr.send(form);
  };

  const share = sent && sent.total ? Math.min(100, Math.round((sent.loaded / sent.total) * 100)) : 0;
  return (
    <form className="form" onSubmit={send} aria-labelledby="upload-title" data-blob-upload>
      <h2 className="form-title" id="upload-title">
        {props.forSupport ? "Upload a support file" : "Upload a file"}
      </h2>
      <div className="form-fields">
        {props.forSupport ? null : (
          <Field id="bu-category" label="Kind" required>
            <SelectInput
              id="bu-category"
              name="category"
              value={category}
              onValue={setCategory}
              required
              options={[{ value: "data", label: "Data file" }, {
                value: "published",
                label: "Published report",
              }]}
            />
          </Field>
        )}
        <Field
          id="bu-folder"
          label="Folder"
          required
          help={props.folders.length ? `In use: ${props.folders.join(", ")}` : "For example: general"}
        >
          <TextInput id="bu-folder" name="folder" value={folder} onValue={setFolder} required />
        </Field>
        <Field
          id="bu-file"
          label="File"
          required
          help={`${props.kinds}; at most ${formatBytes(props.maxBytes)}`}
        >
          <input
            ref={input}
            id="bu-file"
            className="input"
            type="file"
            name="file"
            accept={props.accept}
            required
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        {props.forSupport ? null : (
          <>
            <Field id="bu-publisher" label="Record me as the publisher">
              <input
                id="bu-publisher"
                type="checkbox"
                checked={publisher}
                onChange={(e) => setPublisher(e.currentTarget.checked)}
              />
            </Field>
            <Field id="bu-date" label="Publish date" help="Leave empty for now">
              <TextInput
                id="bu-date"
                name="publishDate"
                type="date"
                value={publishDate}
                onValue={setPublishDate}
              />
            </Field>
          </>
        )}
      </div>
      {file && name && !problem ? <p className="muted">Kept as {reference}</p> : null}
      {problem ? <p className="banner banner-warning" role="alert">{problem}</p> : null}
      {sent
        ? (
          <div
            className="yard-bar bar-tall bar-fill-moving"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share}
            aria-valuetext={`${formatBytes(sent.loaded)} of ${formatBytes(sent.total)} sent`}
          >
            <span className={pctClass(share)} />
          </div>
        )
        : null}
      {sent ? <p aria-live="polite" data-progress-text>{share}% sent</p> : null}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={!hydrated || !file || Boolean(problem)}
          busy={Boolean(sent)}
        >
          Upload
        </Button>
      </div>
    </form>
  );
}
