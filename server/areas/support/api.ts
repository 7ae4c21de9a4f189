/**
 * Problem reports: api/user/ReportBug (spec 1 §7) for every signed-in user, and api/support/… for the
 * organisation's support staff and admins (role support or above) to read and handle them.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import { listProblems, markHandled, reportProblem } from "./operations.ts";
import { ProblemIdBody, ProblemReport, ProblemReportsQuery, ReportProblemBody } from "./schemas.ts";

export const SUPPORT_API = {
  reportBug: "/api/user/ReportBug",
  problemReports: "/api/support/GetProblemReports",
  markHandled: "/api/support/MarkProblemReportHandled",
} as const;

/** Whoever can open the Support page may report; from the support role up they see the reports. */
const REPORT: AccessRule = { pages: ["support"] };
const TRIAGE: AccessRule = { pages: ["support"], role: "support" };
const api = areaApi(["Support"]);

api.post(
  SUPPORT_API.reportBug,
  "Report a problem met on a page: kept with who, where and which browser, for the support staff",
  ReportProblemBody,
  ProblemReport,
  REPORT,
  (ctx, body, c) => reportProblem(ctx, body, c.req.header("user-agent") ?? ""),
);

api.get(
  SUPPORT_API.problemReports,
  "Reported problems: open ones oldest first (at most 200); with all=true the handled ones too",
  { query: ProblemReportsQuery },
  z.array(ProblemReport),
  TRIAGE,
  (ctx, q) => listProblems(ctx, q.all === "true"),
);

api.post(
  SUPPORT_API.markHandled,
  "Mark a reported problem handled",
  ProblemIdBody,
  ProblemReport,
  TRIAGE,
  (ctx, { id }) => markHandled(ctx, id),
);

export const supportApi = api.router();
