/**
 * The periods of pricing grid groups (spec 2 §3): whether a date falls within one, where it stands on
 * a day, and the period and name a copy of a group is offered.
 *
 * Pure: no I/O and no imports but the area's other pure modules (the islands bundle it).
 */

/** Dates are the plant's local `yyyy-MM-dd`, so string order is date order. */
export type IsoDate = string;

/** Whether `date` falls within start..end, both days included; a null end means onwards. */
export function isWithinPeriod(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  date: IsoDate | null | undefined,
): boolean {
  if (!date) return false;
  return date >= period.startDate && (period.endDate === null || date <= period.endDate);
}

export type PeriodStatus = "current" | "upcoming" | "past";

/** Where a group's period stands on `today`. */
export function periodStatus(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): PeriodStatus {
  if (period.startDate > today) return "upcoming";
  if (period.endDate !== null && period.endDate < today) return "past";
  return "current";
}

/** Full month names, for period names such as "November 2026". */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date): IsoDate => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The period after a group's, offered when it is copied: whole calendar months follow on as whole
 * months (November's grid becomes December's), other periods keep their length from the day after;
 * an open-ended group's copy starts today.
 */
export function nextPeriod(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): { startDate: IsoDate; endDate: IsoDate | null } {
  if (period.endDate === null) return { startDate: today, endDate: null };
  const start = utc(period.startDate), end = utc(period.endDate);
  const dayAfter = new Date(end.getTime() + DAY_MS);
  if (start.getUTCDate() === 1 && dayAfter.getUTCDate() === 1) {
    const months = (dayAfter.getUTCFullYear() - start.getUTCFullYear()) * 12 +
      dayAfter.getUTCMonth() - start.getUTCMonth();
    const lastDay = new Date(Date.UTC(dayAfter.getUTCFullYear(), dayAfter.getUTCMonth() + months, 0));
    return { startDate: iso(dayAfter), endDate: iso(lastDay) };
  }
  return {
    startDate: iso(dayAfter),
    endDate: iso(new Date(dayAfter.getTime() + end.getTime() - start.getTime())),
  };
}

/** A copy's name: "November 2026 lambs" → "December 2026 lambs" when it names the month, else "… (copy)". */
export function nextGroupName(name: string, from: IsoDate, to: IsoDate): string {
  const month = (date: IsoDate) => `${MONTH_NAMES[utc(date).getUTCMonth()]} ${date.slice(0, 4)}`;
  return name.includes(month(from)) && month(from) !== month(to)
    ? name.replace(month(from), month(to))
    : `${name} (copy)`;
}
