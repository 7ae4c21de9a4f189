/**
 * A person's file of carcass records: CSV (read through the column mapping chosen on screen) or JSON (an
 * array of records, or `{ carcasses: [...] }`), turned into rows for the import. The upload's progress
 * goes back as NDJSON lines (paths.ts `UploadEvent`) while the import runs.
 */
import { ApiError } from "../../http/errors.ts";
import { type CarcassFieldKey, FIELD_BY_KEY, parseCsv, type UploadEvent } from "./rules.ts";
import { errorRowsOf, type ImportResult } from "./operations/importCarcasses.ts";

/** A file of 50,000 rows with every field filled is about 12 MB. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export type Mapping = Partial<Record<CarcassFieldKey, string>>;

/** The format from the form, else from the file's name. */
export function formatOf(file: File, given?: string): "csv" | "json" {
  const format = given || (file.name.toLowerCase().endsWith(".json") ? "json" : "csv");
  if (format !== "csv" && format !== "json") {
    throw ApiError.validation([{ field: "format", message: "Send a CSV or JSON file." }]);
  }
  return format;
}

/** The mapping form field: `{ fieldKey: "column header" }` (JSON text). */
export function readMapping(text: string | undefined): Mapping | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ApiError.validation([{ field: "mapping", message: "The column mapping could not be read." }]);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw ApiError.validation([{ field: "mapping", message: "The column mapping could not be read." }]);
  }
  const out: Mapping = {};
  for (const [key, column] of Object.entries(value)) {
    if (!FIELD_BY_KEY.has(key)) {
      throw ApiError.validation([{ field: "mapping", message: `No field is called ${key}.` }]);
    }
    if (typeof column !== "string") {
      throw ApiError.validation([{ field: "mapping", message: `Name a column for ${key}.` }]);
    }
    if (column) out[key as CarcassFieldKey] = column;
  }
  return out;
}

/** CSV text to rows keyed by field: each field from its mapped column (without a mapping: same name). */
export function csvRows(text: string, mapping: Mapping | null): Record<string, string>[] {
  const [header = [], ...records] = parseCsv(text);
  const names = header.map((h) => h.trim());
  const index = new Map(names.map((h, i) => [h.toLowerCase(), i]));
  const plan: [string, number][] = [];
  const problems: { field: string; message: string }[] = [];
  const pairs = mapping
    ? Object.entries(mapping)
    : names.filter((n) => FIELD_BY_KEY.has(n)).map((n) => [n, n]);
  for (const [key, column] of pairs) {
    const i = index.get(String(column).trim().toLowerCase());
    if (i === undefined) {
      problems.push({ field: "mapping", message: `The file has no column "${column}" (for ${key}).` });
    } else plan.push([key, i]);
  }
  if (!mapping && !plan.length) {
    problems.push({
      field: "mapping",
      message: "None of the file's columns is one of ours: choose the columns.",
    });
  }
  if (problems.length) throw ApiError.validation(problems);
  return records.map((cells) => {
    const row: Record<string, string> = {};
    for (const [key, i] of plan) row[key] = cells[i] ?? "";
    return row;
  });
}

/** JSON text to rows: an array of records or `{ carcasses: [...] }`. */
export function jsonRows(text: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ApiError.validation([{ field: "file", message: "The file is not valid JSON." }]);
  }
  const list = Array.isArray(value) ? value : (value as { carcasses?: unknown })?.carcasses;
  if (!Array.isArray(list)) {
    throw ApiError.validation([{
      field: "file",
      message: 'Send an array of carcass records, or { "carcasses": [...] }.',
    }]);
  }
  return list as Record<string, unknown>[];
}

/**
 * Runs the import, streaming its progress: one JSON line an event, the last one the result or the error
 * (a stream's status is sent before the import ends, so a rejection is an `error` line, not a 400).
 */
export function progressStream(
  run: (progress: (e: Extract<UploadEvent, { type: "progress" }>) => Promise<void>) => Promise<ImportResult>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      const send = (event: UploadEvent) => controller.enqueue(encoder.encode(JSON.stringify(event) + "\n"));
      try {
        // the import's reads and writes never leave the event loop a turn: yield one after each line, so
        // the line goes out while the import goes on
        const result = await run(async (e) => {
          send(e);
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        send({ type: "result", ...result });
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(500);
        if (!(error instanceof ApiError)) console.error("carcass upload failed", error);
        const body = e.body;
        send({
          type: "error",
          status: e.status,
          title: body.title,
          message: body.message,
          isValidation: body.isValidation,
          errors: (body.errors ?? []).map((x) => ({ row: x.row ?? 0, field: x.field, message: x.message })),
          errorRows: errorRowsOf(e) ?? body.errors?.length ?? 0,
        });
      }
      controller.close();
    },
  });
}
