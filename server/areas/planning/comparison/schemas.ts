/** Product comparison at the API boundary (issue 41 item 8). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

export const ComparisonQuery = z.object({ planA: idNumber(), planB: idNumber() });

const PlanTotals = z.object({
  id: z.number(),
  name: z.string(),
  productionDate: z.string(),
  head: z.number(),
  kg: z.number(),
  cartons: z.number(),
  cents: z.number(),
  centsPerHead: z.number(),
});
export const Comparison = z.object({
  planA: PlanTotals,
  planB: PlanTotals,
  rows: z.array(z.object({
    productId: z.number(),
    name: z.string(),
    aKg: z.number(),
    bKg: z.number(),
    kgDifference: z.number(),
    aCartons: z.number(),
    bCartons: z.number(),
    aCents: z.number(),
    bCents: z.number(),
    centsDifference: z.number(),
    /** false: a plan that makes it has no price for it on its day (its values count as nil) */
    priced: z.boolean(),
  })),
});
export const ComparablePlan = z.object({
  id: z.number(),
  name: z.string(),
  productionDate: z.string(),
  speciesId: z.number(),
  tenantSiteId: z.number(),
});

export const PlanAgainstActualQuery = z.object({ plan: idNumber() });
const Figures = z.object({
  kg: z.number(),
  cartons: z.number(),
  cents: z.number(),
  centsPerHead: z.number(),
});
export const PlanAgainstActual = z.object({
  plan: z.object({ id: z.number(), name: z.string(), productionDate: z.string() }),
  /** the boning rooms and shifts the plan was released to (none: nothing can have been packed against it) */
  schedules: z.array(z.object({ id: z.number(), boningRoom: z.string(), shiftName: z.string() })),
  rows: z.array(z.object({
    productId: z.number(),
    name: z.string(),
    plannedKg: z.number(),
    actualKg: z.number(),
    kgVariance: z.number(),
    plannedCartons: z.number(),
    actualCartons: z.number(),
    cartonsVariance: z.number(),
    plannedCents: z.number(),
    /** the packed kg at the plan's price per kg of the product */
    actualCents: z.number(),
    centsVariance: z.number(),
    /** false: no price for it on the plan's day, or the plan did not schedule it (its values are nil) */
    priced: z.boolean(),
  })),
  totals: z.object({ head: z.number(), planned: Figures, actual: Figures, variance: Figures }),
});

export const ComparisonActivity = z.object({
  /** when (an instant) */
  at: z.string(),
  userName: z.string(),
  planId: z.number(),
  planName: z.string(),
  productionDate: z.string(),
  speciesId: z.number(),
  /** what was done, in plain words */
  what: z.string(),
});
