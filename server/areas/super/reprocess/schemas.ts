import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { periodProblem } from "../../../../kernel/dates.ts";

/** The most kill days one reprocessing covers: a month of a plant's data answers in seconds. */
export const REPROCESS_MAX_DAYS = 31;

export const ReprocessBody = z.object({
  tenantId: idNumber(),
  fromDate: isoDate,
  toDate: isoDate,
}).superRefine((b, ctx) => {
  const problem = periodProblem(b.fromDate, b.toDate, REPROCESS_MAX_DAYS - 1);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}).openapi("ReprocessBody");

export const ReprocessResult = z.object({
  tenantId: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  /** carcass records of the period read again */
  carcasses: z.number(),
  /** orders whose processed head was counted again */
  orders: z.number(),
  /** orders whose carcass data became complete by this run */
  completed: z.number(),
  /** draft invoices of those orders, to be computed afresh when next read */
  drafts: z.number(),
  /** the same in words */
  summary: z.string(),
}).openapi("ReprocessResult");
