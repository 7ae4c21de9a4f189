/**
 * Sends a carcass file with XMLHttpRequest: the bytes' progress from `upload.onprogress`, then the
 * server's progress lines (NDJSON, read as they arrive) until its one `result` or `error` line. Answers
 * that are not a stream (a 413 over the size limit, a 403, a form the server refused before starting)
 * become an `error` outcome too, so the screen shows every failure the same way.
 */
import { localClockHeaders } from "../../runtime/api.ts";
import { NDJSON, type UploadEvent } from "../../../server/areas/killFloor/rules.ts";
import type { Outcome, Phase, Rejection } from "./words.ts";

export interface Sending {
  /** the result or the error; never rejects */
  done: Promise<Outcome>;
  /** stops sending (only while the bytes go up: after that the server imports regardless) */
  abort(): void;
}

const failure = (
  status: number,
  title: string,
  message: string,
  errors: Rejection["errors"] = [],
): Outcome => ({
  type: "error",
  status,
  title,
  message,
  isValidation: status === 400,
  errors,
  errorRows: errors.filter((e) => e.row > 0).length,
});

/** The error catalogue's JSON body (or none) as an `error` outcome. */
function fromJson(status: number, text: string): Outcome {
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed;
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  const list = Array.isArray(body.errors) ? body.errors : [];
  const errors = list.filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === "object").map((
    e,
  ) => ({
    row: typeof e.row === "number" ? e.row : 0,
    field: String(e.field ?? ""),
    message: String(e.message ?? ""),
  }));
  const fallback = status === 413
    ? "The file is too big to send."
    : status === 403
    ? "You may not upload kill floor data."
    : "The file could not be imported.";
  return failure(
    status,
    typeof body.title === "string" && body.title ? body.title : "Not imported",
    typeof body.message === "string" && body.message ? body.message : fallback,
    errors,
  );
}

export function sendFile(url: string, form: FormData, onPhase: (p: Phase) => void): Sending {
  const xhr = new XMLHttpRequest();
  let offset = 0;
  let outcome: Outcome | null = null;
  let settle: (o: Outcome) => void = () => {};
  const done = new Promise<Outcome>((resolve) => (settle = resolve));

  const streaming = () =>
    xhr.status === 200 && (xhr.getResponseHeader("content-type") ?? "").includes(NDJSON);
  const readLines = (final: boolean) => {
    if (!streaming()) return;
    const text = xhr.responseText;
    for (;;) {
      const end = text.indexOf("\n", offset);
      if (end === -1 && !(final && offset < text.length)) break;
      const line = text.slice(offset, end === -1 ? text.length : end).trim();
      offset = end === -1 ? text.length : end + 1;
      if (!line) continue;
      let event: UploadEvent;
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      if (event.type === "progress") onPhase(event);
      else outcome = event;
    }
  };

  xhr.open("POST", url);
  xhr.setRequestHeader("Accept", NDJSON);
  xhr.setRequestHeader("X-Api-Version", "1");
  for (const [name, value] of Object.entries(localClockHeaders())) xhr.setRequestHeader(name, value);
  xhr.upload.onprogress = (e) =>
    onPhase({ stage: "upload", loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
  xhr.upload.onload = () => onPhase({ stage: "waiting" });
  xhr.onprogress = () => readLines(false);
  xhr.onload = () => {
    if (xhr.status === 401) {
      globalThis.location?.assign("/logout");
      return settle(failure(401, "Signed out", "Sign in again and send the file again."));
    }
    if (!streaming()) return settle(fromJson(xhr.status, xhr.responseText));
    readLines(true);
    settle(
      outcome ??
        failure(
          0,
          "No answer",
          "The connection ended before the import finished. Check the recent imports below before sending the file again.",
        ),
    );
  };
  xhr.onerror = () => settle(failure(0, "Network Error", "Check connection"));
  xhr.onabort = () => settle(failure(0, "Cancelled", "The upload was cancelled: nothing was saved."));
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
