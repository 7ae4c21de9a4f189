/**
 * api/yield/… of the yield reports: the run analysis and a run's detail, saved reports (summary and
 * operational) with their figures and CSV. Reads need a user with yieldReporting; a report's figures may
 * also be read by a display user (the TV screens); writes follow the builder pages.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { IdParam } from "../../../http/params.ts";
import { areaApi } from "../../areaApi.ts";
import { YieldFilter } from "../schemas.ts";
import { exportReport, runReport } from "./operations/figures.ts";
import { deleteReport, getReport, listReports, saveReport } from "./operations/reports.ts";
import { runAnalysis, runDetail } from "./operations/runs.ts";
import {
  DeleteYieldReportBody,
  ReportFigures,
  ReportListItem,
  ReportsQuery,
  RunAnalysis,
  RunDetail,
  UpsertYieldReportBody,
  YieldReport,
} from "./schemas.ts";

/** The paths the pages post to and link to. */
export const YIELD_REPORTS_API = {
  runAnalysis: "/api/yield/GetRunAnalysis",
  runDetail: "/api/yield/GetRunDetail",
  reports: "/api/yield/GetYieldReports",
  report: "/api/yield/GetYieldReport",
  upsert: "/api/yield/UpsertYieldReport",
  delete: "/api/yield/DeleteYieldReport",
  run: "/api/yield/RunYieldReport",
  export: "/api/yield/ExportYieldReport",
} as const;
const P = YIELD_REPORTS_API;

const READ: AccessRule = { role: "user", modules: ["yieldReporting"] };
const FIGURES: AccessRule = {
  pages: ["yieldViewReport", "yieldOperational", "displayViewReport", "displayOperationalYield"],
};
const WRITE: AccessRule = {
  pages: ["yieldCreateReport", "yieldEditReport", "yieldCreateOperational", "yieldEditOperational"],
};
const DELETE: AccessRule = { pages: ["yieldCustomReports", "yieldOperational"] };

const api = areaApi(["Yield: reports"]);

api.get(
  P.runAnalysis,
  "Plant analysis by run: each boning run of the filter (head, average HSCW and fat, yield against " +
    "standard, $/head with yieldRevenue), worst yield variance first, and day against night shift",
  { query: YieldFilter },
  RunAnalysis,
  READ,
  runAnalysis,
);

api.get(
  `${P.runDetail}/{id}`,
  "One boning run: its figures, its product codes against standard, the mass balance of what it boned",
  { params: IdParam },
  RunDetail,
  READ,
  (ctx, { id }) => runDetail(ctx, id),
);

api.get(
  P.reports,
  "Saved yield reports you see (shared ones and your own), newest change first",
  { query: ReportsQuery },
  z.array(ReportListItem),
  READ,
  (ctx, q) => listReports(ctx, q.kind),
);

api.get(
  `${P.report}/{id}`,
  "One saved yield report (another's private report does not exist for you)",
  { params: IdParam },
  YieldReport,
  READ,
  (ctx, { id }) => getReport(ctx, id),
);

api.post(
  P.upsert,
  "Save a yield report (no id: a new one, yours). The owner or an admin may change it; 409 when it " +
    "changed since you read it (lastModified); a plant you cannot see is refused (403).",
  UpsertYieldReportBody,
  YieldReport,
  WRITE,
  saveReport,
);

api.post(
  P.delete,
  "Delete a saved yield report (its owner, or an admin)",
  DeleteYieldReportBody,
  z.object({ id: z.number() }),
  DELETE,
  deleteReport,
);

api.get(
  `${P.run}/{id}`,
  "A saved report's figures on today's plant date: a row per group, the columns you may see, a total",
  { params: IdParam },
  ReportFigures,
  FIGURES,
  (ctx, { id }) => runReport(ctx, id),
);

api.file(
  `${P.export}/{id}`,
  "A saved report's figures as CSV",
  { params: IdParam },
  "csv",
  READ,
  (ctx, { id }) => exportReport(ctx, id),
);

export const yieldReportsApi = api.router();
