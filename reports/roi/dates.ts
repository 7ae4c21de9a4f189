/**
 * ROI report dates are date-only numbers yyyymmdd (spec 3 §3): conversions, how a period displays (a
 * whole year, a whole month or a range) and the wizard's "twelve months of a year" in one action. Pure.
 */
import type { RangeType, ReportColumn } from "./model.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-12-01" → 20261201. */
export const toDateNumber = (iso: string): number => Number(iso.slice(0, 10).replaceAll("-", ""));

/** 20261201 → "2026-12-01". */
export function toIsoDate(n: number): string {
  const s = String(n).padStart(8, "0");
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** A real calendar day written as yyyymmdd. */
export function isDateNumber(n: number): boolean {
  if (!Number.isInteger(n) || n < 19000101 || n > 29991231) return false;
  const iso = toIsoDate(n);
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

const parts = (n: number) => ({ y: Math.floor(n / 10000), m: Math.floor(n / 100) % 100, d: n % 100 });

/** The last day of a month (1–12). */
export function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A whole calendar year, a whole month, or any other range. */
export function rangeTypeOf(start: number, end: number): RangeType {
  const s = parts(start), e = parts(end);
  if (s.y === e.y && s.m === 1 && s.d === 1 && e.m === 12 && e.d === 31) return "year";
  if (s.y === e.y && s.m === e.m && s.d === 1 && e.d === lastDayOf(e.y, e.m)) return "month";
  return "range";
}

/** "1 Dec 2026" (en-AU day month year). */
export function dayLabel(n: number): string {
  const { y, m, d } = parts(n);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "2026", "Dec 2026" or "1 Dec 2026 – 15 Jan 2027". */
export function rangeLabel(start: number, end: number): string {
  const { y, m } = parts(start);
  switch (rangeTypeOf(start, end)) {
    case "year":
      return String(y);
    case "month":
      return `${MONTHS[m - 1]} ${y}`;
    default:
      return start === end ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(end)}`;
  }
}

/** A data column for the whole month. */
export function monthColumn(year: number, month: number, id: string): ReportColumn {
  const start = year * 10000 + month * 100 + 1;
  const end = year * 10000 + month * 100 + lastDayOf(year, month);
  return { id, name: rangeLabel(start, end), startDate: start, endDate: end, budgetForId: null };
}

/** The twelve months of a year as data columns (ids from `nextId`). */
export function monthsOfYear(year: number, nextId: () => string): ReportColumn[] {
  return Array.from({ length: 12 }, (_, i) => monthColumn(year, i + 1, nextId()));
}

/** A data column for the whole year. */
export function yearColumn(year: number, id: string): ReportColumn {
  const start = year * 10000 + 101, end = year * 10000 + 1231;
  return { id, name: String(year), startDate: start, endDate: end, budgetForId: null };
}

/** "Jan 2026 – Dec 2026": the span of the data columns, in words. */
export function columnRanges(columns: readonly ReportColumn[]): string {
  const data = columns.filter((c) => c.budgetForId === null);
  if (!data.length) return "No periods";
  const start = Math.min(...data.map((c) => c.startDate));
  const end = Math.max(...data.map((c) => c.endDate));
  const first = data.find((c) => c.startDate === start)!, last = data.find((c) => c.endDate === end)!;
  const a = rangeLabel(first.startDate, first.endDate), b = rangeLabel(last.startDate, last.endDate);
  return a === b ? a : `${a} – ${b}`;
}
