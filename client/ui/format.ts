/**
 * How dates, numbers and prices read on screens and documents (spec 1 §9: $ and two decimals).
 * Pure; the same on the server and in islands (fixed locale, no time zone: dates are plant-local
 * `yyyy-MM-dd` strings).
 */
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
  return n === null || n === undefined ? "—" : n.toLocaleString("en-AU");
}

/** "$8.45": money reads and rounds one way everywhere (server/areas/money.ts). */
export { formatMoney as formatPrice } from "../../server/areas/money.ts";

/** "20/11/2026": a day as Australian forms and files write it (day first). */
export function formatDayNumbers(date: string): string {
  const [y, m, d] = date.split("-");
  return d && m && y ? `${d}/${m}/${y}` : date;
}

/** "23 Nov 2026, 10:29 pm" in a time zone (a moment, not a plant day); "—" for none. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-AU", { timeZone, dateStyle: "medium", timeStyle: "short" });
}
