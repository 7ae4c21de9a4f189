/**
 * Problem reports: api/user/ReportBug (spec 1 §7) for every signed-in user, and api/support/… for the
 * organisation's support staff and admins (role support or above) to read and handle them.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { SupportService } from "./service.ts";
import { ProblemIdBody, ProblemReport, ProblemReportsQuery, ReportProblemBody } from "./schemas.ts";

export const SUPPORT_API = {
  reportBug: "/api/user/ReportBug",
  problemReports: "/api/support/GetProblemReports",
  markHandled: "/api/support/MarkProblemReportHandled",
} as const;

const { get, post } = areaRoutes(["Support"]);
/** Whoever can open the Support page may report; from the support role up they see the reports. */
const REPORT: AccessRule = { pages: ["support"] };
const TRIAGE: AccessRule = { pages: ["support"], role: "support" };
const support = (c: Context<AppEnv>) => apiService(c, SupportService);

export const supportApi: ApiRouter = apiRouter()
  .openapi(
    post(
      SUPPORT_API.reportBug,
      "Report a problem met on a page: kept with who, where and which browser, for the support staff",
      ReportProblemBody,
      ProblemReport,
      REPORT,
    ),
    async (c) =>
      c.json(await (await support(c)).report(c.req.valid("json"), c.req.header("user-agent") ?? ""), 200),
  )
  .openapi(
    get(
      SUPPORT_API.problemReports,
      "Reported problems: open ones oldest first (at most 200); with all=true the handled ones too",
      { query: ProblemReportsQuery },
      z.array(ProblemReport),
      TRIAGE,
    ),
    async (c) => c.json(await (await support(c)).list(c.req.valid("query").all === "true"), 200),
  )
  .openapi(
    post(SUPPORT_API.markHandled, "Mark a reported problem handled", ProblemIdBody, ProblemReport, TRIAGE),
    async (c) => c.json(await (await support(c)).markHandled(c.req.valid("json").id), 200),
  );
