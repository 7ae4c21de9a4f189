/**
 * How dates, numbers and prices read on screens and documents (spec 1 §9: $ and two decimals).
 * Pure; the same on the server and in islands (fixed locale, no time zone: dates are plant-local
 * `yyyy-MM-dd` strings).
 */
import { formatFixed } from "../../server/areas/money.ts";

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
export { formatMoney as formatPrice } from "../../server/areas/money.ts";

/** "20/11/2026": a day as Australian forms and files write it (day first). */
export function formatDayNumbers(date: string): string {
  const [y, m, d] = date.split("-");
  return d && m && y ? `${d}/${m}/${y}` : date;
}

const MOMENTS = new Map<string, Intl.DateTimeFormat>();

/** "23 Nov 2026, 10:29 pm" in a time zone (a moment, not a plant day); "—" for none. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "—";
  let format = MOMENTS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", { timeZone, dateStyle: "medium", timeStyle: "short" });
    MOMENTS.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
