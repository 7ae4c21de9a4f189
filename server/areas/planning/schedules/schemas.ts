/** Production schedules at the API boundary (issue 41 item 7). */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";

export { IdParam } from "../../../http/params.ts";

const id = z.number().int().positive();

export const SchedulesQuery = z.object({ fromDate: isoDate, toDate: isoDate });

export const ReleaseBody = z.object({
  cutPlanId: id,
  boningRoomId: id,
  shift: z.enum(["day", "night"]),
  /** the plan's lastModified when it was opened */
  lastModified: z.string().max(40).optional(),
});

export const WithdrawBody = z.object({ id, lastModified: z.string().max(40).optional() });

export const ScheduleSummary = z.object({
  id: z.number(),
  cutPlanId: z.number(),
  planName: z.string(),
  productionDate: z.string(),
  speciesId: z.number(),
  tenantSiteId: z.number(),
  boningRoomId: z.number(),
  boningRoom: z.string(),
  shift: z.enum(["day", "night"]),
  shiftName: z.string(),
  plannedCartons: z.number(),
  plannedKg: z.number(),
  releasedAt: z.string(),
  releasedBy: z.string(),
  lastModified: z.string(),
});

const ExecutionLine = z.object({
  productId: z.number(),
  name: z.string(),
  plannedCartons: z.number(),
  plannedKg: z.number(),
  packedCartons: z.number(),
  packedKg: z.number(),
  remainingCartons: z.number(),
  againstPlanPercent: z.number().nullable(),
});

export const Execution = z.object({
  schedule: ScheduleSummary,
  lines: z.array(ExecutionLine),
  totals: ExecutionLine.omit({ productId: true, name: true }),
});
