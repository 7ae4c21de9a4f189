/** Problem reports at the API boundary (spec 1 §7 ReportBug; shape not shown: docs/decisions.md). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../http/params.ts";

export const ReportProblemBody = z.object({
  /** the page it happened on: a path of this app */
  page: z.string().trim().max(300).regex(/^\/[^\s]*$/, "Give the page's address, starting with /")
    .default("/"),
  message: z.string({ message: "Say what went wrong" }).trim()
    .min(10, "Say what went wrong in a few words (at least 10 characters)")
    .max(4000, "Keep it under 4,000 characters"),
}).openapi("ReportBugBody");

export const ProblemReport = z.object({
  id: z.number().int(),
  userName: z.string(),
  page: z.string(),
  message: z.string(),
  /** "Chrome on Windows" */
  device: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
}).openapi("ProblemReport");

export const ProblemReportsQuery = z.object({
  /** handled ones too (the last 200) */
  all: z.enum(["true", "false"]).optional(),
});

export const ProblemIdBody = z.object({ id: idNumber() }).openapi("ProblemIdBody");
