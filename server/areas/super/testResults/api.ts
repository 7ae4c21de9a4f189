/**
 * api/super/…: the product's own test results (issue 43 item 4). CI uploads a JUnit report with a super
 * user's bearer token (`deno task test:upload-results`); super users read the runs.
 */
import { z } from "@hono/zod-openapi";
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { TestRun, TestRunParam, TestRunSummary, UploadTestResultsBody } from "./schemas.ts";
import { getTestRun, listTestRuns, uploadTestRun } from "./operations.ts";

export const SUPER_TEST_RESULTS_API = {
  upload: "/api/super/UploadTestResults",
  list: "/api/super/GetTestRuns",
  one: (id: string) => `/api/super/GetTestRun/${id}`,
} as const;

const api = areaApi(["Super"]);

api.post(
  SUPER_TEST_RESULTS_API.upload,
  "Upload a JUnit XML test report (vitest's or the browser tests'): kept in support storage as a run " +
    "with its counts, duration and failures. 400 when the report is not JUnit XML.",
  UploadTestResultsBody,
  TestRunSummary,
  SUPER,
  uploadTestRun,
);

api.get(
  SUPER_TEST_RESULTS_API.list,
  "The newest 30 test runs, newest first: date, commit, passed, failed, skipped and duration",
  {},
  z.array(TestRunSummary),
  SUPER,
  listTestRuns,
);

api.get(
  "/api/super/GetTestRun/{id}",
  "One test run with its failures (message and stack)",
  { params: TestRunParam },
  TestRun,
  SUPER,
  (ctx, { id }) => getTestRun(ctx, id),
);

export const superTestResultsApi = api.router();
