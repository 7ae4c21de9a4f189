/** Plannable carcass groups at the API boundary (spec 3 §3 "Plannable carcass day group", §7). */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

const speciesId = z.number().int().positive();
const tenantSiteId = z.number().int().min(0);
const groupId = z.string().min(1).max(200);

export const GroupsQuery = z.object({
  speciesId: idNumber(),
  /** 0 for a tenant without sites */
  tenantSiteId: wholeNumber({ min: 0 }),
  fromDateValue: isoDate,
  toDateValue: isoDate,
  /** true: judge the carcasses again instead of using the kept groups */
  isFetchFromDb: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
});

export const CarcassGroupSummary = z.object({
  id: z.string(),
  dateValue: z.string(),
  killDateValue: z.string(),
  specificationIds: z.array(z.number()),
  limits: z.array(z.string()),
  head: z.number(),
  hscwKg: z.number(),
  fatAdjustedKg: z.number(),
  averageFatMm: z.number().nullable(),
  isPredicted: z.boolean(),
});

export const PlannableCarcassDayGroup = z.object({
  speciesId: z.number(),
  tenantSiteId: z.number(),
  processingDateValue: z.string(),
  totalWeight: z.number(),
  totalCount: z.number(),
  groups: z.array(CarcassGroupSummary),
});
export const DayGroups = z.array(PlannableCarcassDayGroup);

export const SplitGroupBody = z.object({
  speciesId,
  tenantSiteId,
  killDateValue: isoDate,
  groupId,
  by: z.enum(["weight", "fat"]),
  /** kg (weight) or mm (fat): at or under it, and over it */
  at: z.number().positive().max(1000),
});

export const MoveGroupBody = z.object({
  speciesId,
  tenantSiteId,
  killDateValue: isoDate,
  groupId,
  toDate: isoDate,
});

export const ClearCacheBody = z.object({
  speciesId,
  tenantSiteId,
  fromDateValue: isoDate,
  toDateValue: isoDate,
});
