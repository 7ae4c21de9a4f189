import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { serverNow } from "../../../clock.ts";
import { onFirstUse } from "../../../../kernel/onFirstUse.ts";
import {
  MAX_PDF_ROWS,
  orderReportCsv,
  orderReportDocument,
  orderReportPage,
  orderReportTotals,
  savedFilters,
  saveFilters,
} from "./operations.ts";
import {
  OrderReportFilters,
  OrderReportPageQuery,
  OrderReportQuery,
  OrderReportRow,
  OrderReportTotals,
} from "./schemas.ts";

/** The PDF renderer, loaded on the first download (@react-pdf/renderer is heavy; start-up does not need it). */
const orderReportPdf = onFirstUse(() => import("../../../../reports/orderReport.tsx"));

/** The paths the page and its island use: one spelling. */
export const ORDER_REPORT_API = {
  page: "/api/livestock/GetOrderReport",
  totals: "/api/livestock/GetOrderReportTotals",
  csv: "/api/livestock/ExportOrderReportCsv",
  pdf: "/api/livestock/ExportOrderReportPdf",
  filters: "/api/livestock/GetOrderReportFilters",
  saveFilters: "/api/livestock/SaveOrderReportFilters",
} as const;

// whoever can open the report (module orderReporting) may read it and keep their own filters
const REPORT: AccessRule = { pages: ["orderreporting"] };

/** The order report (spec 1 §2 reports orderreporting). */
const api = areaApi(["Livestock: order report"]);

api.page(
  ORDER_REPORT_API.page,
  "Orders of a period (by delivery or production date) filtered by species, supplier, buyer, agent, " +
    "status and site, with head, HSCW and the published invoice's total; by date then order number",
  { query: OrderReportPageQuery },
  OrderReportRow,
  REPORT,
  orderReportPage,
);

api.get(
  ORDER_REPORT_API.totals,
  "The report's totals over every order the filter matches (head, HSCW total and average, invoiced $)",
  { query: OrderReportQuery },
  OrderReportTotals,
  REPORT,
  orderReportTotals,
);

// the CSV is streamed as it is read, batch by batch, never whole in memory (gzipped chunk by chunk)
api.file(
  ORDER_REPORT_API.csv,
  "The report as CSV: the chosen columns, a plain header, en-AU dates and a totals line",
  { query: OrderReportQuery },
  "csv",
  REPORT,
  orderReportCsv,
);

api.file(
  ORDER_REPORT_API.pdf,
  `The report as PDF (A4 landscape): the filter on top, the chosen columns, the totals; at most ${MAX_PDF_ROWS} ` +
    "orders listed",
  { query: OrderReportQuery },
  "pdf",
  REPORT,
  async (ctx, q, c) => {
    const doc = await orderReportDocument(ctx, q);
    const printedAt = formatDateTime(serverNow().toISOString(), c.get("clock").timeZone);
    return {
      body: await (await orderReportPdf()).renderOrderReportPdf({ ...doc, printedAt, maxRows: MAX_PDF_ROWS }),
      name: doc.name,
    };
  },
);

api.get(
  ORDER_REPORT_API.filters,
  "Your saved order report filters",
  {},
  OrderReportFilters,
  REPORT,
  (ctx) => savedFilters(ctx),
);

api.post(
  ORDER_REPORT_API.saveFilters,
  "Save your order report filters: the whole list (add, rename or delete by sending the new list)",
  OrderReportFilters,
  OrderReportFilters,
  REPORT,
  saveFilters,
);

export const orderReportApi = api.router();
