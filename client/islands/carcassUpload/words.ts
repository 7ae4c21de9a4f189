/**
 * What the upload screen says: progress in words, the result sentence, sizes and en-AU dates. Pure: the
 * island and the page share it.
 */
import type { UploadEvent } from "../../../server/areas/killFloor/rules.ts";
import { formatDayNumbers as auDate, formatHead } from "../../../kernel/format.ts";
import { plural } from "../../ui/plural.ts";

export type Outcome = Extract<UploadEvent, { type: "result" | "error" }>;
export type ImportResult = Extract<UploadEvent, { type: "result" }>;
export type Rejection = Extract<UploadEvent, { type: "error" }>;

/** Where a running upload stands: bytes going up, the server reading, checking or saving. */
export type Phase =
  | { stage: "upload"; loaded: number; total: number }
  | { stage: "waiting" }
  | Extract<UploadEvent, { type: "progress" }>;

/** "20,000" (client/ui/format.ts: no Intl in the browser). */
export const count = (n: number) => formatHead(n);

/** "20/11/2026" from "2026-11-20". */
export { auDate };

/** "20/11/2026", "19/11/2026 and 20/11/2026", "5 days from 16/11/2026 to 20/11/2026". */
export function daysText(dates: readonly string[]): string {
  const sorted = [...dates].sort();
  if (!sorted.length) return "no day";
  if (sorted.length === 1) return auDate(sorted[0]);
  if (sorted.length === 2) return `${auDate(sorted[0])} and ${auDate(sorted[1])}`;
  return `${sorted.length} days from ${auDate(sorted[0])} to ${auDate(sorted[sorted.length - 1])}`;
}

export { plural };

/** "20,000 carcasses imported: 19,980 added, 20 replaced, for 20/11/2026." */
export function resultText(r: Pick<ImportResult, "rows" | "added" | "replaced" | "productionDates">): string {
  return `${plural(r.rows, "carcass", "carcasses")} imported: ${count(r.added)} added, ` +
    `${count(r.replaced)} replaced, for ${daysText(r.productionDates)}.`;
}

/** "820 KB", "2.4 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`; // uploads stay far below 1,000 MB
}

/** The progress bar's words. */
export function phaseText(p: Phase): string {
  switch (p.stage) {
    case "upload":
      return p.total
        ? `Sending the file: ${sizeText(p.loaded)} of ${sizeText(p.total)}`
        : "Sending the file…";
    case "waiting":
      return "Reading the file…";
    case "reading":
      return `Reading ${plural(p.total, "row")}…`;
    case "checking":
      return `Checking rows ${count(p.done)} of ${count(p.total)}`;
    case "saving":
      return p.total ? `Saving… ${count(p.done)} of ${count(p.total)} carcasses` : "Saving…";
  }
}

/** The share of the whole job done, 0 to 1: sending is the first 30 %, checking to 65 %, saving the rest. */
export function phaseShare(p: Phase): number {
  const part = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 0);
  switch (p.stage) {
    case "upload":
      return 0.3 * part(p.loaded, p.total);
    case "waiting":
      return 0.3;
    case "reading":
      return 0.32;
    case "checking":
      return 0.32 + 0.33 * part(p.done, p.total);
    case "saving":
      return 0.65 + 0.35 * part(p.done, p.total);
  }
}

/**
 * A row error's problem without the "Row 12: " and "HSCW (kg): " the server puts before it (the table
 * has Row and Field columns).
 */
export function problemText(message: string, label: string): string {
  const text = message.replace(/^Row \d+:\s*/, "");
  return label && text.startsWith(`${label}: `) ? text.slice(label.length + 2) : text;
}
