/**
 * Pure rules of the saved yield reports and the TV screens (docs/decisions.md, Yield reporting, "Reports
 * and TV"): a report's date range (relative or fixed), who may change or delete it, how a figure reads by
 * its unit, the rotating carcass view by index, and the CSV of a report.
 */
import { addDays } from "../../../../kernel/dates.ts";

export const REPORT_KINDS = ["summary", "operational"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest relative range a report may ask (days). */
export const MAX_RELATIVE_DAYS = 90;

/** The date range a report keeps in its filters. */
export interface ReportRange {
  /** 0: today only; N: the N whole days ending yesterday (as the yield home's window) */
  relativeDays?: number | null;
  fromDate?: string | null;
  toDate?: string | null;
}

/** The days a report covers on `today`: fixed dates as saved, else relative to today. */
export function reportRange(range: ReportRange, today: string): { from: string; to: string } {
  if (range.fromDate && range.toDate) return { from: range.fromDate, to: range.toDate };
  const days = Math.max(0, Math.min(MAX_RELATIVE_DAYS, Math.round(range.relativeDays ?? 7)));
  if (days === 0) return { from: today, to: today };
  return { from: addDays(today, -days), to: addDays(today, -1) };
}

/** The range in words: "Today", "Last 14 days", or "1 Nov 2026 – 14 Nov 2026" by the caller's formatter. */
export function rangeWords(range: ReportRange, formatDate: (d: string) => string): string {
  if (range.fromDate && range.toDate) return `${formatDate(range.fromDate)} – ${formatDate(range.toDate)}`;
  const days = range.relativeDays ?? 7;
  return days === 0 ? "Today" : days === 1 ? "Yesterday" : `Last ${days} days`;
}

/** The owner may change and delete a report; so may an admin (or above) of the tenant. */
export function mayChangeReport(owner: number, callerId: number, isAdmin: boolean): boolean {
  return owner === callerId || isAdmin;
}

/** A private report is the owner's alone: nobody else finds it (404), admins included. */
export function maySeeReport(report: { ownerId: number; isShared: boolean }, callerId: number): boolean {
  return report.isShared || report.ownerId === callerId;
}

/** Whether a variance is good, bad or level (for colour and words, never colour alone). */
export function varianceTone(value: number | null | undefined, better?: "higher" | "lower"): string {
  // level where it shows as 0.00 (a hundredth is the finest any variance is written)
  if (value == null || !better || Math.abs(value) < 0.005) return "level";
  return (value > 0) === (better === "higher") ? "good" : "bad";
}

/**
 * The rotating yield view of /display/yieldCarcass/{index}: three views a species, the species in the
 * caller's order (index 0–2 the first species, 3–5 the second, …).
 */
export const CARCASS_VIEWS = [
  { key: "todayByShift", title: "today by shift" },
  { key: "todayBySegment", title: "today's segment variance" },
  { key: "weekByDay", title: "last 7 days by day" },
] as const;
export type CarcassView = (typeof CARCASS_VIEWS)[number]["key"];

export function carcassView(index: number, speciesCount: number) {
  if (!Number.isInteger(index) || index < 0 || index >= speciesCount * CARCASS_VIEWS.length) return null;
  return { speciesIndex: Math.floor(index / CARCASS_VIEWS.length), view: CARCASS_VIEWS[index % 3] };
}

/** One CSV field, quoted when it must be (RFC 4180). */
export function csvField(value: string | number | null | undefined): string {
  const text = value == null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: (string | number | null | undefined)[][]): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
