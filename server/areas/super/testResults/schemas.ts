import { z } from "@hono/zod-openapi";
import { COMMIT_PATTERN, MAX_REPORT_BYTES } from "./rules.ts";

/** A run's id: its upload time and a random tail ("20261127T100000Z-3f9a1c"). */
export const RUN_ID_PATTERN = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;

export const UploadTestResultsBody = z.object({
  /** which tests: "API and rules", "Browser", … */
  name: z.string().trim().min(1, "Name the tests (for example API or Browser).").max(60),
  commit: z.string().trim().regex(COMMIT_PATTERN, "A commit is 7 to 40 hexadecimal digits."),
  branch: z.string().trim().max(100).optional(),
  /** the JUnit XML report, as text */
  xml: z.string().min(1, "The report is empty.").max(MAX_REPORT_BYTES, "The report is over 1,000 KB."),
}).openapi("UploadTestResultsBody");

const Counts = {
  id: z.string(),
  name: z.string(),
  commit: z.string(),
  branch: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  /** the report's own timestamp, else the upload's */
  startedAt: z.string(),
  tests: z.number(),
  passed: z.number(),
  failed: z.number(),
  errors: z.number(),
  skipped: z.number(),
  durationSeconds: z.number(),
  failuresLeftOut: z.number(),
};

export const TestRunSummary = z.object(Counts).openapi("TestRunSummary");

export const TestFailure = z.object({
  suite: z.string(),
  name: z.string(),
  kind: z.enum(["failure", "error"]),
  message: z.string(),
  type: z.string(),
  stack: z.string(),
}).openapi("TestFailure");

export const TestRun = z.object({ ...Counts, failures: z.array(TestFailure) }).openapi("TestRun");

export const TestRunParam = z.object({
  id: z.string().regex(RUN_ID_PATTERN, "That is not a test run id.").openapi({
    param: { name: "id", in: "path" },
  }),
});

export type TestRunRecord = z.infer<typeof TestRun>;
