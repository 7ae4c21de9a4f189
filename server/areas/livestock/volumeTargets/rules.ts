/**
 * Kill volume targets as pure rules (spec 1 §3 "Kill volume target", §9): which weekdays a target
 * covers, the head it asks for on a date, whether two targets' periods collide, and the "next 60 days
 * orders versus targets" series. No I/O: the service feeds rows in, pages and tests call these directly.
 * Dates are plant-local `yyyy-MM-dd` strings; weekdays are indexed Monday = 0 … Sunday = 6, the order of
 * `weekDaysSelected`.
 */
import { addDays, isWeekend, weekdayIndex } from "../../../../kernel/dates.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** Spec 1 §9: Monday to Friday on, Saturday and Sunday off. */
export const DEFAULT_WEEKDAYS: readonly boolean[] = [true, true, true, true, true, false, false];

/** Spec 1 §9 "Next-60-days orders versus targets: today plus 59 days". */
export const NEXT_DAYS = 60;

/** The longest series one request may ask for (a year and a day, for a leap year's comparison). */
export const MAX_SERIES_DAYS = 366;

/** What a target needs for the rules (a database row or a request body both fit). */
export interface TargetPeriod {
  id?: number | null;
  speciesId: number;
  /** null: the whole plant (every site together) */
  tenantSiteId: number | null;
  daysOperatingPerWeek: number;
  weeklyTarget: number;
  startDate: string;
  /** null: onwards */
  endDate: string | null;
  /** Monday … Sunday */
  weekDaysSelected: readonly boolean[];
}

/** What an order contributes to the series. */
export interface OrderVolume {
  speciesId: number;
  tenantSiteId: number | null;
  productionDate: string | null;
  deliveryDate: string;
  quantityOrdered: number;
  orderStatus: number;
}

// ---------- dates ----------

/** `count` consecutive dates from `from` (from, from+1, …). */
export function dateRange(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

// ---------- one target ----------

export function selectedDayCount(weekDays: readonly boolean[]): number {
  return weekDays.filter(Boolean).length;
}

/** "Mon–Fri", "Mon, Wed, Fri", "Every day", "No days". */
export function describeWeekdays(weekDays: readonly boolean[]): string {
  const on = WEEKDAYS.map((_, i) => i).filter((i) => weekDays[i]);
  if (on.length === 7) return "Every day";
  if (!on.length) return "No days";
  const short = (i: number) => WEEKDAYS[i].slice(0, 3);
  const consecutive = on.every((d, i) => i === 0 || d === on[i - 1] + 1);
  return consecutive && on.length > 2
    ? `${short(on[0])}–${short(on[on.length - 1])}`
    : on.map(short).join(", ");
}

/** Whether the date falls inside the target's period (an open end runs on forever). */
export function coversDate(t: Pick<TargetPeriod, "startDate" | "endDate">, date: string): boolean {
  return date >= t.startDate && (t.endDate === null || date <= t.endDate);
}

/**
 * The head a target asks for on a date: weeklyTarget / daysOperatingPerWeek on a selected weekday inside
 * the period, 0 otherwise. Head are whole animals, so the remainder of the division goes one each to
 * the first selected days of the week: 1 000 over 3 days is 334, 333, 333 and a full week adds up to the
 * weekly target exactly.
 */
export function dailyTarget(t: TargetPeriod, date: string): number {
  if (!coversDate(t, date)) return 0;
  const day = weekdayIndex(date);
  if (!t.weekDaysSelected[day] || t.daysOperatingPerWeek < 1) return 0;
  const position = t.weekDaysSelected.slice(0, day).filter(Boolean).length;
  const base = Math.floor(t.weeklyTarget / t.daysOperatingPerWeek);
  return base + (position < t.weeklyTarget % t.daysOperatingPerWeek ? 1 : 0);
}

/** The usual day's head of a target (what a list shows), rounded. */
export function typicalDailyTarget(t: Pick<TargetPeriod, "weeklyTarget" | "daysOperatingPerWeek">): number {
  return t.daysOperatingPerWeek > 0 ? Math.round(t.weeklyTarget / t.daysOperatingPerWeek) : 0;
}

export type TargetTiming = "current" | "future" | "past";

/** Where a target sits relative to today: running now, starting later, or ended. */
export function targetTiming(t: Pick<TargetPeriod, "startDate" | "endDate">, today: string): TargetTiming {
  if (t.startDate > today) return "future";
  if (t.endDate !== null && t.endDate < today) return "past";
  return "current";
}

/** Two periods share at least one day. */
export function periodsOverlap(
  a: Pick<TargetPeriod, "startDate" | "endDate">,
  b: Pick<TargetPeriod, "startDate" | "endDate">,
): boolean {
  const aEndsBeforeB = a.endDate !== null && a.endDate < b.startDate;
  const bEndsBeforeA = b.endDate !== null && b.endDate < a.startDate;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/**
 * The first other target of the same species and the same scope (one site, or the whole plant) whose
 * period shares a day with `candidate`: two such targets would make the day's target ambiguous.
 */
export function findOverlap<T extends TargetPeriod>(
  candidate: TargetPeriod,
  others: readonly T[],
): T | undefined {
  return others.find((o) =>
    o.id !== candidate.id &&
    o.speciesId === candidate.speciesId &&
    o.tenantSiteId === candidate.tenantSiteId &&
    periodsOverlap(o, candidate)
  );
}

/** Field errors of a target (beyond the shape the schema checks). Empty when it is valid. */
export function targetProblems(t: TargetPeriod): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const days = selectedDayCount(t.weekDaysSelected);
  if (t.weekDaysSelected.length !== 7) {
    problems.push({ field: "weekDaysSelected", message: "Give seven days, Monday to Sunday" });
  } else if (days === 0) {
    problems.push({ field: "weekDaysSelected", message: "Tick at least one operating day" });
  }
  if (!Number.isInteger(t.daysOperatingPerWeek) || t.daysOperatingPerWeek < 1 || t.daysOperatingPerWeek > 7) {
    problems.push({ field: "daysOperatingPerWeek", message: "Days operating per week is 1 to 7" });
  } else if (days > 0 && t.daysOperatingPerWeek !== days) {
    problems.push({
      field: "daysOperatingPerWeek",
      message: `Days operating per week must equal the ticked days (${days})`,
    });
  }
  if (!Number.isInteger(t.weeklyTarget) || t.weeklyTarget < 0) {
    problems.push({
      field: "weeklyTarget",
      message: "The weekly target is a whole number of head, 0 or more",
    });
  }
  if (t.endDate !== null && t.endDate < t.startDate) {
    problems.push({ field: "endDate", message: "The end date cannot be before the start date" });
  }
  return problems;
}

// ---------- orders versus targets ----------

/** The day an order's head are killed: its production date, else its delivery date. */
export function killDayOf(o: Pick<OrderVolume, "productionDate" | "deliveryDate">): string {
  return o.productionDate ?? o.deliveryDate;
}

export function countsTowardVolume(o: Pick<OrderVolume, "orderStatus">): boolean {
  return o.orderStatus !== ORDER_STATUS.Cancelled;
}

/**
 * The target of a species on a date. For one site: that site's target. For the whole plant (no site):
 * the whole-plant target when one's period covers the date, otherwise the site targets added up (so a
 * plant that sets targets per site still sees its total, and a day is never counted twice).
 */
export function targetOn(
  targets: readonly TargetPeriod[],
  speciesId: number,
  date: string,
  tenantSiteId: number | null = null,
): number {
  const ofSpecies = targets.filter((t) => t.speciesId === speciesId && coversDate(t, date));
  const sum = (list: readonly TargetPeriod[]) => list.reduce((n, t) => n + dailyTarget(t, date), 0);
  if (tenantSiteId !== null) return sum(ofSpecies.filter((t) => t.tenantSiteId === tenantSiteId));
  const wholePlant = ofSpecies.filter((t) => t.tenantSiteId === null);
  return wholePlant.length ? sum(wholePlant) : sum(ofSpecies);
}

/**
 * Whose target a site is held to: its own when the plant sets any site target for the species, else the
 * whole plant's (null): most plants set one target for the plant, and a site of theirs is measured by it.
 */
export function targetSiteOf(
  targets: readonly TargetPeriod[],
  speciesId: number,
  tenantSiteId: number | null,
): number | null {
  const bySite = targets.some((t) => t.speciesId === speciesId && t.tenantSiteId !== null);
  return bySite ? tenantSiteId : null;
}

export interface VolumeDay {
  date: string;
  /** Monday = 0 … Sunday = 6 */
  weekday: number;
  isWeekend: boolean;
  /** head on non-cancelled orders killed that day */
  ordered: number;
  target: number;
  /** ordered − target: above 0 is over target, below 0 is head still to buy */
  difference: number;
}

export interface VolumeSeries {
  speciesId: number;
  species: string;
  totalOrdered: number;
  totalTarget: number;
  totalDifference: number;
  /** a site was asked for and the plant sets no target by site: the targets are the whole plant's */
  targetOfWholePlant: boolean;
  days: VolumeDay[];
}

/**
 * Ordered head against target per species and day, for `days` days from `fromDate` (today plus 59 for
 * the default 60). Cancelled orders do not count; an order counts on its kill day (production date, else
 * delivery date); with a site, only that site's orders and targets.
 */
export function ordersVersusTargets(input: {
  fromDate: string;
  days?: number;
  species: readonly { id: number; name: string }[];
  targets: readonly TargetPeriod[];
  orders: readonly OrderVolume[];
  tenantSiteId?: number | null;
}): VolumeSeries[] {
  const site = input.tenantSiteId ?? null;
  const dates = dateRange(input.fromDate, input.days ?? NEXT_DAYS);
  const index = new Map(dates.map((d, i) => [d, i]));
  return input.species.map(({ id, name }) => {
    const ordered = new Array<number>(dates.length).fill(0);
    for (const o of input.orders) {
      if (o.speciesId !== id || !countsTowardVolume(o)) continue;
      if (site !== null && o.tenantSiteId !== site) continue;
      const i = index.get(killDayOf(o));
      if (i !== undefined) ordered[i] += o.quantityOrdered;
    }
    const targetSite = targetSiteOf(input.targets, id, site);
    const days = dates.map((date, i): VolumeDay => {
      const target = targetOn(input.targets, id, date, targetSite);
      return {
        date,
        weekday: weekdayIndex(date),
        isWeekend: isWeekend(date),
        ordered: ordered[i],
        target,
        difference: ordered[i] - target,
      };
    });
    const totalOrdered = days.reduce((n, d) => n + d.ordered, 0);
    const totalTarget = days.reduce((n, d) => n + d.target, 0);
    return {
      speciesId: id,
      species: name,
      totalOrdered,
      totalTarget,
      totalDifference: totalOrdered - totalTarget,
      targetOfWholePlant: site !== null && targetSite === null,
      days,
    };
  });
}
