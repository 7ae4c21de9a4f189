import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { RANGE_HINT, rangeProblem } from "./rules.ts";

const range = {
  tenantId: idNumber(),
  speciesId: idNumber(),
  fromDate: isoDate,
  toDate: isoDate,
  /** only this product code's summaries are counted (the days are rebuilt whole) */
  productCodeId: idNumber().optional(),
};

/** 1 to 21 days, counted inclusively: '{n} day range not allowed (21 days is max)' otherwise. */
function checkRange(b: { fromDate: string; toDate: string }, ctx: z.RefinementCtx) {
  const problem = rangeProblem(b.fromDate, b.toDate);
  if (problem) ctx.addIssue({ code: "custom", path: ["toDate"], message: `${problem} ${RANGE_HINT}` });
}

export const ReprocessRangeBody = z.object(range).superRefine(checkRange).openapi("YieldReprocessRange");

const count = wholeNumber({ min: 0 });

export const AllocationCounts = z.object({
  /** boning runs of the days (each allocates a mob's carcasses to the boning room) */
  allocations: z.number(),
  summaries: z.number(),
}).openapi("YieldReprocessAllocationCounts");

export const MemberCounts = z.object({
  carcasses: z.number(),
  /** cartons */
  products: z.number(),
}).openapi("YieldReprocessMemberCounts");

export const RequestReprocessBody = z.object({
  ...range,
  /** what the two count calls answered: 409 when any changed since */
  counts: z.object({ allocations: count, summaries: count, carcasses: count, products: count }),
}).superRefine(checkRange).openapi("YieldReprocessRequest");

export const ReprocessAnswer = z.object({
  tenantId: z.number(),
  speciesId: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  days: z.number(),
  /** summary rows written again (of the product code, when one was named) */
  reprocessedSummarys: z.number(),
  responseTimes: z.object({ totalSeconds: z.number() }),
}).openapi("YieldReprocessAnswer");

export const ReprocessingClient = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  species: z.array(z.object({ id: z.number(), name: z.string() })),
}).openapi("ReprocessingClient");

export const ReprocessProductCodesQuery = z.object({ tenantId: idNumber(), speciesId: idNumber() });

export const ReprocessProductCode = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
}).openapi("ReprocessProductCode");
