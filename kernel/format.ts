/**
 * How dates, numbers and prices read on screens and documents (spec 1 §9: $ and two decimals).
 * Pure; the same on the server and in islands (fixed locale, no time zone: dates are plant-local
 * `yyyy-MM-dd` strings).
 */
import { formatFixed } from "./money.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parts = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/** "Tue 1 Dec 2026" (or without the year). */
export function formatDate(date: string | null | undefined, withYear = true): string {
  if (!date) return "—";
  const { y, m, d, weekday } = parts(date);
  return `${DAYS[weekday]} ${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ""}`;
}

/** "1,234" */
export function formatHead(n: number | null | undefined): string {
  if (n === null || n === undefined) return "—";
  return Number.isInteger(n) && n > -1000 && n < 1000 ? String(n) : formatFixed(n, 0);
}

/** "1,234.5" with exactly `digits` decimals (weights, percentages). */
export function formatDecimal(n: number, digits = 1): string {
  return formatFixed(n, digits);
}

/** "1,234.5 kg" */
export const formatKg = (n: number) => `${formatDecimal(n, 1)} kg`;

/** "$8.45": money reads and rounds one way everywhere (server/areas/money.ts). */
export { formatMoney as formatPrice } from "./money.ts";

/** "A", "A and B", "A, B and C": a list as a sentence says it (en-AU). */
export function formatList(items: readonly string[]): string {
  return LIST.format(items);
}
const LIST = new Intl.ListFormat("en-AU", { type: "conjunction" });

/** "20/11/2026": a day as Australian forms and files write it (day first). */
export function formatDayNumbers(date: string): string {
  const [y, m, d] = date.split("-");
  return d && m && y ? `${d}/${m}/${y}` : date;
}

// Every time shown, printed or offered is the plant's local time (issue 36 §6): these take the plant's
// zone (ClientClock.timeZone / PageContext.timeZone), never the server's or the browser's own.
const MOMENTS = new Map<string, Intl.DateTimeFormat>();
const CLOCKS = new Map<string, Intl.DateTimeFormat>();
const TIMES = new Map<string, Intl.DateTimeFormat>();

function formatIn(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** "5:44 am" in a time zone (a moment's time of day at the plant); "—" for none. */
export function formatTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "—";
  return formatIn(TIMES, timeZone, { timeStyle: "short" }).format(new Date(iso));
}

/** "05:44": a moment's time of day in a zone as a time field holds it (24-hour), e.g. a default arrival. */
export function clockTime(at: Date, timeZone: string): string {
  const parts = formatIn(CLOCKS, timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}

/** "23 Nov 2026, 10:29 pm" in a time zone (a moment, not a plant day); "—" for none. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "—";
  return formatIn(MOMENTS, timeZone, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
