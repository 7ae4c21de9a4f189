/**
 * The invoice reports' API (spec 2 §7.1 levy report, beef feedback sheets, FilterLivestockInvoiceData):
 * whoever can open the report's screen may call it; every answer is limited to the caller's invoicing
 * species.
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { fileAnswer, fileRoute } from "../../../http/files.ts";
import { ApiError } from "../../../http/errors.ts";
import { apiService } from "../../context.ts";
import { renderFeedbackPdf } from "../../../../reports/invoices/feedback.tsx";
import { feedbackCsv, invoiceReportCsv, levyReportCsv } from "../../../../reports/invoices/reportCsv.ts";
import { InvoiceReportService } from "./service.ts";
import { REPORTS_API as P } from "./paths.ts";
import {
  FeedbackPeriodQuery,
  FeedbackQuery,
  FeedbackSheetRow,
  INVOICE_STATUSES,
  InvoiceFilter,
  InvoiceFilterQuery,
  InvoiceReport,
  LevyQuery,
  LevyReport,
} from "./schemas.ts";

const tags = ["Invoice reports"];
const { get, post } = areaRoutes(tags);
const FEEDBACK: AccessRule = { pages: ["feedBackSheets"] };
const LEVIES: AccessRule = { pages: ["levyreporting"] };
const INVOICES: AccessRule = { pages: ["invoicereporting"] };
const reports = (c: Context<AppEnv>) => apiService(c, InvoiceReportService);

/** The CSV query's statuses ("Draft,Published") as the filter's list; unknown ones are a 400. */
function statusesOf(text: string) {
  const list = text.split(",").map((s) => s.trim()).filter(Boolean);
  const parsed = z.array(z.enum(INVOICE_STATUSES, { error: "Use Draft, Published or Finalised." })).safeParse(
    list,
  );
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  return parsed.data;
}

export const invoiceReportsApi: ApiRouter = apiRouter()
  .openapi(
    get(
      P.feedbackSheets,
      "Lots with feedback sheets: invoices of a species (the header's by default) killed in a period",
      { query: FeedbackPeriodQuery },
      z.array(FeedbackSheetRow),
      FEEDBACK,
    ),
    async (c) => c.json(await (await reports(c)).feedbackSheets(c.req.valid("query")), 200),
  )
  .openapi(
    fileRoute({
      path: P.feedbackPdf,
      tags,
      summary: "Carcass feedback sheets as PDF: one invoice's lot, or every lot of a period (at most 100)",
      access: FEEDBACK,
      request: { query: FeedbackQuery },
      type: "pdf",
    }),
    async (c) => {
      const { docs, name } = await (await reports(c)).feedbackDocuments(c.req.valid("query"));
      return fileAnswer(await renderFeedbackPdf(docs), "pdf", name);
    },
  )
  .openapi(
    fileRoute({
      path: P.feedbackCsv,
      tags,
      summary: "Carcass feedback sheets as CSV: a row per carcass with its lot",
      access: FEEDBACK,
      request: { query: FeedbackQuery },
      type: "csv",
    }),
    async (c) => {
      const { docs, name } = await (await reports(c)).feedbackDocuments(c.req.valid("query"));
      return fileAnswer(feedbackCsv(docs), "csv", name);
    },
  )
  .openapi(
    get(
      P.levyReport,
      "Levies deducted by published invoices of a period, by species, category and levy",
      {
        query: LevyQuery,
      },
      LevyReport,
      LEVIES,
    ),
    async (c) => c.json(await (await reports(c)).levyReport(c.req.valid("query")), 200),
  )
  .openapi(
    fileRoute({
      path: P.levyCsv,
      tags,
      summary: "The levy report as CSV",
      access: LEVIES,
      request: { query: LevyQuery },
      type: "csv",
    }),
    async (c) => {
      const q = c.req.valid("query");
      const report = await (await reports(c)).levyReport(q);
      return fileAnswer(levyReportCsv(report), "csv", `Levies ${q.fromDate} to ${q.toDate}`);
    },
  )
  .openapi(
    post(
      P.filter,
      "Invoices of a period (by kill or publish day), status and supplier, with their totals",
      InvoiceFilter,
      InvoiceReport,
      INVOICES,
    ),
    async (c) => c.json(await (await reports(c)).filter(c.req.valid("json")), 200),
  )
  .openapi(
    fileRoute({
      path: P.filterCsv,
      tags,
      summary: "The invoice report as CSV (statuses comma separated)",
      access: INVOICES,
      request: { query: InvoiceFilterQuery },
      type: "csv",
    }),
    async (c) => {
      const q = c.req.valid("query");
      const report = await (await reports(c)).filter({ ...q, statuses: statusesOf(q.statuses) });
      return fileAnswer(invoiceReportCsv(report), "csv", `Invoices ${q.fromDate} to ${q.toDate}`);
    },
  );
