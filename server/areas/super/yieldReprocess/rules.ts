/**
 * Yield reprocessing's pure part (spec 3 §5, §9): the range rule and its words, shared by the screen
 * (its buttons) and the API (its 400). Days count inclusively: from 1 to 3 December is 3 days, a single
 * day (from = to) is 1.
 */
import { daysBetween, isCalendarDate } from "../../../../kernel/dates.ts";

export const REPROCESS_MIN_DAYS = 1;
export const REPROCESS_MAX_DAYS = 21;
export const RANGE_HINT = `(${REPROCESS_MAX_DAYS} days is max)`;

/** The days a range covers, counted inclusively; 0 or less when it ends before it starts. */
export function rangeDays(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/**
 * Why a range cannot be reprocessed, or null: 'invalid range' when a date is missing or the range ends
 * before it starts, '{n} day range not allowed' over 21 days.
 */
export function rangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to)) return "invalid range";
  const n = rangeDays(from, to);
  if (n < REPROCESS_MIN_DAYS) return "invalid range";
  if (n > REPROCESS_MAX_DAYS) return `${n} day range not allowed`;
  return null;
}

/** The counts the request carries: what the two count calls found, compared again before it runs. */
export interface ReprocessCounts {
  allocations: number;
  summaries: number;
  carcasses: number;
  products: number;
}

export const COUNT_LABELS: Record<keyof ReprocessCounts, string> = {
  allocations: "Boning runs",
  summaries: "Yield summaries",
  carcasses: "Carcasses",
  products: "Cartons",
};

/** The counts that differ, by name (empty when they match). */
export function changedCounts(asked: ReprocessCounts, now: ReprocessCounts): (keyof ReprocessCounts)[] {
  return (Object.keys(COUNT_LABELS) as (keyof ReprocessCounts)[]).filter((k) => asked[k] !== now[k]);
}

export const INTERCHANGE_UNAVAILABLE = "Interchange is not available";
export const ERROR_OCCURRED = "Error occurred!";

/** The refusal while another run of the tenant and species goes on: who runs it and since when. */
export function runningWords(o: {
  holderName: string;
  tenantName: string;
  speciesName: string;
  since: string;
  elsewhere: boolean;
}): string {
  return `${
    o.holderName || "Someone"
  } has been reprocessing ${o.tenantName}'s ${o.speciesName.toLowerCase()} ` +
    `since ${o.since}${o.elsewhere ? " on another server" : ""}: wait for it to end, then count again.`;
}
