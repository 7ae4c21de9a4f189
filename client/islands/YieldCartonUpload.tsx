/**
 * Carton records by file (Settings › Yield): choose a CSV of cartons, upload it with the bytes' progress,
 * then a toast and the recent carton imports read again; a rejected file lists its rows in error (nothing
 * was saved). The file goes whole to UploadCartons, which checks every row as a plant system's batch.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { localClockHeaders } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { formatDayNumbers as auDate, formatHead } from "../../kernel/format.ts";

export interface CartonImportRow {
  id: number;
  source: string;
  name: string;
  sentBy: string;
  sentAt: string;
  rows: number;
  added: number;
  replaced: number;
  productionDates: string[];
}

export interface YieldCartonUploadProps {
  uploadUrl: string;
  importsUrl: string;
  /** the recent imports, newest first */
  imports: CartonImportRow[];
  /** the header line the file's first line names */
  header: string;
  maxBytes: number;
  /** the plant's time zone */
  timeZone: string;
}

type State =
  | { step: "idle" }
  | { step: "sending"; share: number | null }
  | { step: "rejected"; message: string; errors: string[] };

const SOURCES: Record<string, string> = {
  upload: "File upload",
  api: "Plant system",
  simulator: "Plant simulator",
};

const daysText = (dates: readonly string[]) => {
  const sorted = [...dates].sort();
  if (!sorted.length) return "—";
  return sorted.length === 1 ? auDate(sorted[0]) : `${auDate(sorted[0])} to ${auDate(sorted.at(-1)!)}`;
};

/** "27/11/2026 16:05" in the plant's zone (numbers only: the server and the browser write them alike). */
const whenText = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}`;
};

function send(url: string, file: File, onShare: (share: number | null) => void) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-Api-Version", "1");
    for (const [name, value] of Object.entries(localClockHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onShare(e.lengthComputable ? e.loaded / e.total : null);
    xhr.upload.onload = () => onShare(null);
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says enough
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      resolve({ status: 0, body: { message: "The connection failed: check it and send again." } });
    const form = new FormData();
    form.set("file", file);
    xhr.send(form);
  });
}

export default function YieldCartonUpload(props: YieldCartonUploadProps) {
  const [imports, setImports] = useState(props.imports);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (state.step === "rejected") outcome.current?.focus();
  }, [state.step]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    if (file.size > props.maxBytes) {
      setState({
        step: "rejected",
        message: "The file is over 1 MB: send the day in smaller files.",
        errors: [],
      });
      return;
    }
    setState({ step: "sending", share: 0 });
    const { status, body } = await send(
      props.uploadUrl,
      file,
      (share) => setState({ step: "sending", share }),
    );
    if (status === 200) {
      const r = body as { rows: number; added: number; replaced: number };
      toast(
        "success",
        `${formatHead(r.rows)} cartons saved: ${formatHead(r.added)} added, ${
          formatHead(r.replaced)
        } replaced.`,
        "Cartons imported",
      );
      setState({ step: "idle" });
      setFile(null);
      if (input.current) input.current.value = "";
      const list = await fetch(`${props.importsUrl}?limit=${Math.max(imports.length, 10)}`, {
        headers: { "X-Api-Version": "1", ...localClockHeaders() },
      });
      if (list.ok) setImports(await list.json());
      return;
    }
    if (status === 401) return globalThis.location.assign("/logout");
    const errors = Array.isArray(body.errors)
      ? (body.errors as { message?: string }[]).map((x) => String(x.message ?? "")).filter(Boolean)
      : [];
    const message = typeof body.message === "string" && body.message
      ? body.message
      : status === 403
      ? "You may not upload carton records."
      : "The file could not be imported.";
    toast("error", message, "Not imported");
    setState({
      step: "rejected",
      message,
      errors: errors.length === 1 && errors[0] === message ? [] : errors,
    });
  };

  const sending = state.step === "sending";
  return (
    <>
      <form className="stack" onSubmit={submit} aria-busy={sending} data-carton-upload>
        <p className="u-flush-top u-measure">
          A CSV file, one carton a line. Its first line names the columns:{" "}
          <code className="u-wrap-anywhere">{props.header}</code>{" "}
          (the usual words, such as "Carton serial" or "Net kg", also do). Dates as d/m/yyyy or yyyy-mm-dd; a
          run of a mob names its lot and kill date, a run without one its head and HSCW.
        </p>
        <p className="hint">
          Every row is checked first: if any row has a problem, nothing is saved and you get the rows to fix.
          A serial sent again replaces its carton, so a file may be sent twice.
        </p>
        <div className="form-row">
          <label htmlFor="carton-file">CSV file of cartons</label>
          <input
            ref={input}
            id="carton-file"
            type="file"
            accept=".csv,text/csv"
            disabled={sending}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setState({ step: "idle" });
            }}
          />
        </div>
        <div className="actions">
          <Button type="submit" variant="primary" disabled={!hydrated || !file || sending}>
            {sending ? "Uploading…" : "Upload cartons"}
          </Button>
          {sending && (
            <span role="status" className="muted">
              {state.share === null
                ? "Checking and saving the cartons…"
                : `Sending the file: ${Math.round(state.share * 100)} %`}
            </span>
          )}
          {sending && (
            <progress
              max={1}
              value={state.share ?? undefined}
              aria-label="Upload progress"
            />
          )}
        </div>
        {state.step === "rejected" && (
          <div ref={outcome} tabIndex={-1} className="banner banner-error" role="alert" data-rejected>
            <p className="u-flush-top">{state.message}</p>
            {state.errors.length > 0 && (
              <ul>
                {state.errors.map((e, i) => <li key={i}>{e}</li>)}
              </ul>
            )}
          </div>
        )}
      </form>
      <h3>Recent carton imports</h3>
      <div className="table-wrap">
        <table className="table table-compact" data-carton-imports>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">File or batch</th>
              <th scope="col" className="num">Rows</th>
              <th scope="col" className="num">Added</th>
              <th scope="col" className="num">Replaced</th>
              <th scope="col">Boning days</th>
            </tr>
          </thead>
          <tbody>
            {imports.map((r) => (
              <tr key={r.id} data-import={r.id}>
                <td>
                  {whenText(r.sentAt, props.timeZone)}
                  <div className="muted small">by {r.sentBy}</div>
                </td>
                <td className="u-wrap-anywhere">
                  {r.name}
                  <div className="muted small">{SOURCES[r.source] ?? r.source}</div>
                </td>
                <td className="num">{formatHead(r.rows)}</td>
                <td className="num">{formatHead(r.added)}</td>
                <td className="num">{formatHead(r.replaced)}</td>
                <td>{daysText(r.productionDates)}</td>
              </tr>
            ))}
            {!imports.length && (
              <tr>
                <td colSpan={6} className="muted">No cartons have come in yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
