/**
 * The invoice reports' API (spec 2 §7.1 levy report, beef feedback sheets, FilterLivestockInvoiceData):
 * whoever can open the report's screen may call it; every answer is limited to the caller's invoicing
 * species.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { ApiError } from "../../../http/errors.ts";
import { areaApi } from "../../areaApi.ts";
import { onFirstUse } from "../../../../kernel/onFirstUse.ts";
import { feedbackCsv, invoiceReportCsv, levyReportCsv } from "../../../../reports/invoices/reportCsv.ts";
import { feedbackDocuments, feedbackSheets, invoiceReport, levyReport } from "./operations.ts";
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

/** The PDF renderer, loaded on the first download (@react-pdf/renderer is heavy; start-up does not need it). */
const feedbackPdf = onFirstUse(() => import("../../../../reports/invoices/feedback.tsx"));

const FEEDBACK: AccessRule = { pages: ["feedBackSheets"] };
const LEVIES: AccessRule = { pages: ["levyreporting"] };
const INVOICES: AccessRule = { pages: ["invoicereporting"] };
const api = areaApi(["Invoice reports"]);

/** The CSV query's statuses ("Draft,Published") as the filter's list; unknown ones are a 400. */
function statusesOf(text: string) {
  const list = text.split(",").map((s) => s.trim()).filter(Boolean);
  const parsed = z.array(z.enum(INVOICE_STATUSES, { error: "Use Draft, Published or Finalised." })).safeParse(
    list,
  );
  if (!parsed.success) throw ApiError.fromZod(parsed.error);
  return parsed.data;
}

api.get(
  P.feedbackSheets,
  "Lots with feedback sheets: invoices of a species (the header's by default) killed in a period",
  { query: FeedbackPeriodQuery },
  z.array(FeedbackSheetRow),
  FEEDBACK,
  feedbackSheets,
);

api.file(
  P.feedbackPdf,
  "Carcass feedback sheets as PDF: one invoice's lot, or every lot of a period (at most 100)",
  { query: FeedbackQuery },
  "pdf",
  FEEDBACK,
  async (ctx, q) => {
    const { docs, name } = await feedbackDocuments(ctx, q);
    return { body: await (await feedbackPdf()).renderFeedbackPdf(docs), name };
  },
);

api.file(
  P.feedbackCsv,
  "Carcass feedback sheets as CSV: a row per carcass with its lot",
  { query: FeedbackQuery },
  "csv",
  FEEDBACK,
  async (ctx, q) => {
    const { docs, name } = await feedbackDocuments(ctx, q);
    return { body: feedbackCsv(docs), name };
  },
);

api.get(
  P.levyReport,
  "Levies deducted by published invoices of a period, by species, category and levy",
  { query: LevyQuery },
  LevyReport,
  LEVIES,
  levyReport,
);

api.file(
  P.levyCsv,
  "The levy report as CSV",
  { query: LevyQuery },
  "csv",
  LEVIES,
  async (ctx, q) => ({
    body: levyReportCsv(await levyReport(ctx, q)),
    name: `Levies ${q.fromDate} to ${q.toDate}`,
  }),
);

api.post(
  P.filter,
  "Invoices of a period (by kill or publish day), status and supplier, with their totals",
  InvoiceFilter,
  InvoiceReport,
  INVOICES,
  invoiceReport,
);

api.file(
  P.filterCsv,
  "The invoice report as CSV (statuses comma separated)",
  { query: InvoiceFilterQuery },
  "csv",
  INVOICES,
  async (ctx, q) => ({
    body: invoiceReportCsv(await invoiceReport(ctx, { ...q, statuses: statusesOf(q.statuses) })),
    name: `Invoices ${q.fromDate} to ${q.toDate}`,
  }),
);

export const invoiceReportsApi = api.router();
