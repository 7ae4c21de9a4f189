/**
 * The chosen file, read just enough for the mapping step: its format, and for a CSV the header row and
 * the first rows (from its first 64 KB: a 20,000-row file is not read in the browser).
 */
import { csvHeader, parseCsv } from "../../../server/areas/killFloor/rules.ts";
import { sizeText } from "./words.ts";

export const HEAD_BYTES = 64 * 1024;
/** Rows shown under the mapping, to see that a column holds what its name says. */
export const PREVIEW_ROWS = 3;

export type Chosen =
  | { file: File; format: "csv"; headers: string[]; preview: string[][] }
  | { file: File; format: "json" };

function formatOf(file: File): "csv" | "json" | null {
  const name = file.name.toLowerCase();
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".csv") || name.endsWith(".txt")) return "csv";
  if (file.type.includes("json")) return "json";
  if (file.type.includes("csv")) return "csv";
  return null;
}

/** The file ready for the next step, or what is wrong with it (in words for the screen). */
export async function readChosen(file: File, maxBytes: number): Promise<Chosen | string> {
  const format = formatOf(file);
  if (!format) return `${file.name} is not a CSV or JSON file: choose a .csv or .json file.`;
  if (!file.size) return `${file.name} is empty.`;
  if (file.size > maxBytes) {
    return `${file.name} is ${sizeText(file.size)}: send at most ${sizeText(maxBytes)} at a time ` +
      "(split it by day).";
  }
  let head = await file.slice(0, HEAD_BYTES).text();
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  if (format === "json") {
    return /^\s*[[{]/.test(head)
      ? { file, format }
      : `${file.name} is not JSON: it should hold a list of carcass records, or { "carcasses": [...] }.`;
  }
  const headers = csvHeader(head);
  if (!headers.some(Boolean)) {
    return `${file.name} has no header row: its first line must name the columns.`;
  }
  // the last line of the first 64 KB may be cut short: leave it out of the preview
  const whole = file.size > HEAD_BYTES ? head.slice(0, head.lastIndexOf("\n") + 1) : head;
  const preview = parseCsv(whole).slice(1, 1 + PREVIEW_ROWS);
  return { file, format, headers, preview };
}
