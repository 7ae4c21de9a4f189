/**
 * Yield rules (no I/O): the date window of the yield home, the yield maths and the mass balance.
 * The model is in docs/decisions.md "Yield reporting". Islands and reports may import this file.
 *
 * - Yield % = product kg ÷ HSCW boned × 100; expected kg = standard % × HSCW ÷ 100; variance = actual −
 *   expected (kg, or percentage points for yields); revenue = kg × cents/kg, rounded to whole cents once
 *   per summary row (kernel/money.ts rounding: half away from zero).
 * - The mass balance lists product, bone, fat and trim as % of HSCW and closes it with an "unaccounted"
 *   line (HSCW − all weighed kg; negative when more was weighed than boned), so the lines sum to 100 %.
 */
import { addDays, daysBetween, isCalendarDate } from "../../../kernel/dates.ts";

/** A choice's values are the keys of its plain words, in their order: each value is written once. */
export const keysOf = <K extends string>(names: Record<K, string>) => Object.keys(names) as [K, ...K[]];

export const SHIFT_NAMES = { day: "Day shift", night: "Night shift" };
export type Shift = keyof typeof SHIFT_NAMES;
export const SHIFTS = keysOf(SHIFT_NAMES);

export const PRODUCT_KIND_NAMES = { product: "Saleable product", bone: "Bone", fat: "Fat", trim: "Trim" };
export type ProductKind = keyof typeof PRODUCT_KIND_NAMES;
export const PRODUCT_KINDS = keysOf(PRODUCT_KIND_NAMES);

export const SEGMENT_LEVEL_NAMES = {
  productType: "Product type",
  bodySegment: "Body segment",
  primal: "Primal",
  cut: "Cut",
};
export type SegmentLevel = keyof typeof SEGMENT_LEVEL_NAMES;
export const SEGMENT_LEVELS = keysOf(SEGMENT_LEVEL_NAMES);

/** The longest range the yield views answer (a year and a bit: a season against the last). */
export const MAX_YIELD_DAYS = 400;
/** Time-based pages wait this long after the last filter change before reloading (spec 3 §9). */
export const RELOAD_DELAY_MS = 200;

export interface DateRange {
  from: string;
  to: string;
}

/** The default window: the 7 days ending yesterday (spec 3 §9). */
export function defaultRange(today: string): DateRange {
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

/** The range moved a whole number of its own lengths (the previous- and next-week buttons move by 7 days). */
export function shiftRange(range: DateRange, weeks: number): DateRange {
  return { from: addDays(range.from, 7 * weeks), to: addDays(range.to, 7 * weeks) };
}

/** Next is disabled when the range already ends today or later (spec 3 §2.1). */
export function canGoNext(range: DateRange, today: string): boolean {
  return range.to < today;
}

/**
 * The yield date value (spec 3 §2.1): a relative range ("14", "14 days", "14d": that many days ending
 * yesterday), a d/m/y date (that day), or two d/m/y dates joined by "-" or "to". Null when it is none.
 */
export function parseYieldDate(text: string, today: string): DateRange | null {
  const value = text.trim().toLowerCase();
  const relative = /^(\d{1,3})\s*(d|days?)?$/.exec(value);
  if (relative) {
    const n = Number(relative[1]);
    if (n < 1 || n > MAX_YIELD_DAYS) return null;
    return { from: addDays(today, -n), to: addDays(today, -1) };
  }
  const parts = value.split(/\s*(?:-|to|–)\s*/).filter(Boolean);
  if (parts.length < 1 || parts.length > 2) return null;
  const dates = parts.map(dmy);
  if (dates.some((d) => d === null)) return null;
  const [from, to = from] = dates as string[];
  if (to < from || daysBetween(from, to) + 1 > MAX_YIELD_DAYS) return null;
  return { from, to };
}

/** d/m/y (or d/m/yy, or d.m.y) to an ISO date; null when it is not a real day. */
export function dmy(text: string): string | null {
  const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(text.trim());
  if (!m) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const iso = `${year}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}

/** Product kg as % of HSCW boned; 0 when nothing was boned. */
export function yieldPercent(kg: number, hscwKg: number): number {
  return hscwKg > 0 ? (kg / hscwKg) * 100 : 0;
}

/** What the standard says the HSCW should have made. */
export function expectedKg(standardPercent: number, hscwKg: number): number {
  return (standardPercent * hscwKg) / 100;
}

/** Revenue of kg at a price, in whole cents (null price: no revenue). */
export function revenueCents(kg: number, centsPerKg: number | null): number {
  if (centsPerKg == null) return 0;
  const raw = kg * centsPerKg;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}

/** Actual − expected, and that as % of expected (null when nothing was expected). */
export function variance(actual: number, expected: number): { value: number; percent: number | null } {
  return {
    value: actual - expected,
    percent: expected !== 0 ? ((actual - expected) / expected) * 100 : null,
  };
}

export interface BalanceLine {
  kind: ProductKind | "unaccounted";
  kg: number;
  percent: number;
}

/**
 * The mass balance of what was boned: product, bone, fat and trim as % of HSCW, closed to 100 % by the
 * unaccounted line (evaporation, spillage, unlabelled product; negative when more was weighed than boned).
 */
export function massBalance(kgByKind: Partial<Record<ProductKind, number>>, hscwKg: number): BalanceLine[] {
  const lines: BalanceLine[] = PRODUCT_KINDS.map((kind) => {
    const kg = kgByKind[kind] ?? 0;
    return { kind, kg, percent: yieldPercent(kg, hscwKg) };
  });
  const weighed = lines.reduce((sum, l) => sum + l.kg, 0);
  const unaccounted = hscwKg - weighed;
  const percentSoFar = lines.reduce((sum, l) => sum + l.percent, 0);
  lines.push({ kind: "unaccounted", kg: unaccounted, percent: hscwKg > 0 ? 100 - percentSoFar : 0 });
  return lines;
}

/** The value in force on a day from effective-dated rows (the latest `effectiveFrom` on or before it). */
export function inForce<T extends { effectiveFrom: string }>(rows: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const r of rows) {
    if (r.effectiveFrom <= day && (!best || r.effectiveFrom > best.effectiveFrom)) best = r;
  }
  return best;
}

/**
 * Plant and species visibility (the users form's yield setting, spec 3 §3 plantSpeciesVisibility): the
 * (site, species) pairs a user sees. An empty or missing list leaves every site and species of the
 * caller's scope visible; a list narrows it to the pairs named.
 */
export interface PlantSpecies {
  tenantSiteId: number;
  speciesType: number;
}

export function visiblePairs(
  siteIds: readonly number[],
  speciesIds: readonly number[],
  visibility: readonly PlantSpecies[] | null | undefined,
): PlantSpecies[] {
  const all = siteIds.flatMap((tenantSiteId) =>
    speciesIds.map((speciesType) => ({ tenantSiteId, speciesType }))
  );
  if (!visibility?.length) return all;
  return all.filter((p) =>
    visibility.some((v) => v.tenantSiteId === p.tenantSiteId && v.speciesType === p.speciesType)
  );
}
