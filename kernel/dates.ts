/**
 * Calendar arithmetic on the plant's `yyyy-MM-dd` dates (no time zone: a date is a day). Pure; the
 * one place areas, seeds and islands add days.
 */

/** `date` plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why a report's period cannot be used (backwards, or longer than `maxDays`), in words; null when it can. */
export function periodProblem(
  from: string,
  to: string,
  maxDays = 366,
): { field: "fromDate" | "toDate"; message: string } | null {
  if (from > to) return { field: "toDate", message: "The period ends before it starts." };
  if (daysBetween(from, to) > maxDays) {
    const most = maxDays >= 365 ? "a year" : `${maxDays} days`;
    return { field: "fromDate", message: `Choose a period of at most ${most}.` };
  }
  return null;
}

/** Monday = 0 … Sunday = 6 (kill-volume weekdays run Monday to Sunday). */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  return weekdayIndex(date) >= 5;
}

/** The first weekday after `date` (a Friday's next is the Monday): the next kill day of a plant. */
export function nextWeekday(date: string): string {
  let next = addDays(date, 1);
  while (isWeekend(next)) next = addDays(next, 1);
  return next;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in `yyyy-MM-dd` (the API's format; 2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const MOMENT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/**
 * A moment in ISO 8601 with its offset (2026-11-27T05:44:00+11:00, …Z): a real calendar day and time of
 * day. Without an offset a time could be anyone's, so it is not one.
 */
export function isMoment(value: string): boolean {
  const m = MOMENT.exec(value);
  return !!m && isCalendarDate(m[1]) && !Number.isNaN(Date.parse(value));
}

/** A moment's date as `yyyy-MM-dd` in the server's time zone (set TZ to the plant's). */
export function isoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whether `name` is an IANA time zone this runtime knows (Australia/Sydney, UTC…). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    dayFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day it is now in `timeZone` (the plant's "today": UTC is yesterday before 10 am in Sydney). */
export function todayIn(timeZone: string, now?: Date): string {
  if (now) return dayFormat(timeZone).format(now);
  // every request asks: a day changes only on a minute (all zones in use are offset by whole minutes),
  // so the answer is kept for the minute it was made in
  const minute = Math.floor(Date.now() / 60_000);
  const known = todayByZone.get(timeZone);
  if (known?.minute === minute) return known.day;
  const day = dayFormat(timeZone).format(new Date());
  if (todayByZone.size >= 1000) todayByZone.clear();
  todayByZone.set(timeZone, { minute, day });
  return day;
}
const todayByZone = new Map<string, { minute: number; day: string }>();

// building a formatter costs ≈0.1 ms and every request asks (its "today"): one per zone name, kept
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    if (dayFormats.size >= 1000) dayFormats.clear(); // zone names come from a cookie: bounded
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The moment (UTC ISO, as stored) a plant's calendar day begins in `timeZone`: where a period of plant days
 * starts and ends among stored moments (a publish at 5 am Sydney belongs to that Sydney day, not UTC's).
 */
export function startOfDayIn(timeZone: string, date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  // the zone's offset at a guess, then again at the answer (a day that starts in another offset: DST)
  let at = midnightUtc - offsetMs(timeZone, midnightUtc);
  at = midnightUtc - offsetMs(timeZone, at);
  return new Date(at).toISOString();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at` (ms). */
function offsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at / 1000) * 1000;
}
