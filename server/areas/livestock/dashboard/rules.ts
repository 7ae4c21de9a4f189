/**
 * The livestock dashboards' rules (no I/O): the period, the week of a day, the rates and averages, the
 * weekly volume against targets, grade-cell compliance, the region of a supplier and the tables' sort.
 * The figures themselves are summed in SQL (queries.ts); these turn the sums into what a screen shows,
 * so the pages and the JSON posts say the same.
 */
import { addDays, periodProblem, weekdayIndex } from "../../../../kernel/dates.ts";
import { fatScoreOf, gridCellPrice } from "../../invoices/rules.ts";
import type { GridCells } from "../../../../db/tenant/livestock.ts";
import { targetOn, type TargetPeriod, targetSiteOf } from "../volumeTargets/rules.ts";

/** The default period: this week and the eleven before it. */
export const DEFAULT_WEEKS = 12;
/** The longest period a dashboard sums. */
export const MAX_PERIOD_DAYS = 366;
/** Days of the kill agenda the capacity panel looks ahead (today included). */
export const AGENDA_DAYS = 7;

/** The Monday of a day's week. */
export function weekOf(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The period asked for, or this week and the eleven before it up to today. */
export function periodOf(today: string, from?: string, to?: string): { fromDate: string; toDate: string } {
  const toDate = to ?? (from && from > today ? addDays(from, DEFAULT_WEEKS * 7 - 1) : today);
  const fromDate = from ?? addDays(weekOf(toDate), -(DEFAULT_WEEKS - 1) * 7);
  return { fromDate, toDate };
}

export function periodProblemOf(p: { fromDate: string; toDate: string }) {
  return periodProblem(p.fromDate, p.toDate, MAX_PERIOD_DAYS);
}

/** The Mondays of the weeks a period touches. */
export function weeksOf(fromDate: string, toDate: string): string[] {
  const weeks: string[] = [];
  for (let w = weekOf(fromDate); w <= toDate; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

/** part / whole as a percentage with one decimal; null when there is no whole. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** An average to `digits` decimals; null over nothing. */
export function averageOf(sum: number, count: number, digits = 1): number | null {
  if (count <= 0) return null;
  const f = 10 ** digits;
  return Math.round((sum / count) * f) / f;
}

/** Whole cents per head; null without head. */
export function centsPerHead(cents: number, head: number): number | null {
  return head > 0 ? Math.round(cents / head) : null;
}

/** Cents per kg to a tenth of a cent; null without weight. */
export function centsPerKg(cents: number, kg: number): number | null {
  return kg > 0 ? Math.round((cents / kg) * 10) / 10 : null;
}

/** Head of one species in one week (SQL sums), before the target is set beside it. */
export interface WeekSums {
  speciesId: number;
  week: string;
  bought: number;
  delivered: number;
  processed: number;
}

export interface VolumeWeek {
  /** the Monday */
  week: string;
  bought: number;
  delivered: number;
  processed: number;
  /** the kill volume target's head for the days of the week inside the period */
  target: number;
}

/**
 * Each species' weeks of the period with the head bought, delivered and processed (the orders of that
 * delivery week) beside the week's target: the days of the week inside the period, each day's target
 * as the kill volume targets set it (targetOn: a whole-plant target, else the sites' added up; a site is
 * held to its own target, or to the plant's where the plant sets none by site: targetSiteOf).
 */
export function volumeWeeks(input: {
  fromDate: string;
  toDate: string;
  speciesIds: readonly number[];
  sums: readonly WeekSums[];
  targets: readonly TargetPeriod[];
  tenantSiteId?: number | null;
}): Map<number, VolumeWeek[]> {
  const weeks = weeksOf(input.fromDate, input.toDate);
  const out = new Map<number, VolumeWeek[]>();
  for (const speciesId of input.speciesIds) {
    out.set(
      speciesId,
      weeks.map((week) => {
        const s = input.sums.find((x) => x.speciesId === speciesId && x.week === week);
        let target = 0;
        const site = targetSiteOf(input.targets, speciesId, input.tenantSiteId ?? null);
        for (let i = 0; i < 7; i++) {
          const day = addDays(week, i);
          if (day < input.fromDate || day > input.toDate) continue;
          target += targetOn(input.targets, speciesId, day, site);
        }
        return {
          week,
          bought: s?.bought ?? 0,
          delivered: s?.delivered ?? 0,
          processed: s?.processed ?? 0,
          target,
        };
      }),
    );
  }
  return out;
}

/** Carcasses of one supplier with the same grid, category, weight (to 0.1 kg) and fat: counted once. */
export interface CarcassCell {
  supplierId: number;
  speciesId: number;
  /** the order's pricing grid cells for the carcass's category; null: no grid */
  cells: GridCells | null;
  /** hot standard carcass weight rounded down to 0.1 kg */
  kg: number;
  fatScore: number | null;
  /** whole millimetres, rounded up (used when there is no fat score) */
  fatDepthMm: number | null;
  count: number;
}

/**
 * Grade-cell compliance: a carcass complies when its weight and fat score fall in a priced cell of its
 * order's grid (the cell the invoice prices it from). A carcass without a grid or without a fat score
 * or depth is not graded (left out of the rate); a condemned one (0 kg) is graded and does not comply.
 */
export function complianceBySupplier(
  cells: readonly CarcassCell[],
): Map<number, { graded: number; compliant: number }> {
  const out = new Map<number, { graded: number; compliant: number }>();
  for (const c of cells) {
    if (!c.cells) continue;
    const fat = fatScoreOf(c.speciesId, { fatScore: c.fatScore, fatDepthMm: c.fatDepthMm });
    if (fat === null) continue;
    const sums = out.get(c.supplierId) ?? { graded: 0, compliant: 0 };
    sums.graded += c.count;
    if (c.kg > 0 && gridCellPrice(c.cells, c.kg, fat).price !== null) sums.compliant += c.count;
    out.set(c.supplierId, sums);
  }
  return out;
}

/**
 * A supplier's region: the town of its address (suppliers carry a town, a state and a postcode; the plant
 * names its buying regions by town), else its location without the state, else "No town".
 */
export function regionOf(s: { city: string; location: string; state: string }): string {
  const town = s.city.trim();
  if (town) return town;
  const place = s.location.trim().replace(new RegExp(`\\s+${s.state}$`, "i"), "").trim();
  return place || "No town";
}

export function stateOf(s: { state: string }): string {
  return s.state.trim().toUpperCase() || "No state";
}

/** A table's sort from the address: `key` ascending, `-key` descending; unknown keys fall back. */
export function sortOf<K extends string>(
  value: string | undefined,
  keys: readonly K[],
  fallback: `${"" | "-"}${NoInfer<K>}`,
): { key: K; descending: boolean } {
  const raw = value && keys.includes(value.replace(/^-/, "") as K) ? value : fallback;
  return { key: raw.replace(/^-/, "") as K, descending: raw.startsWith("-") };
}

/** Rows sorted by one figure: nulls last whichever way, names compared as words. */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => string | number | null,
  descending: boolean,
): T[] {
  return [...rows].sort((a, b) => {
    const x = value(a), y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === "string" ? x.localeCompare(String(y)) : x - (y as number);
    return descending ? -order : order;
  });
}
