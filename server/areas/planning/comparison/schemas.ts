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
  })),
});
export const ComparablePlan = z.object({
  id: z.number(),
  name: z.string(),
  productionDate: z.string(),
  speciesId: z.number(),
  tenantSiteId: z.number(),
});
