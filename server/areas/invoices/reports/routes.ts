import { definePages } from "../../../pages/screen.ts";
import { FeedbackSheetsScreen } from "./pages/FeedbackSheets.tsx";
import { InvoiceReportScreen } from "./pages/InvoiceReport.tsx";
import { LevyReportScreen } from "./pages/LevyReport.tsx";

/** The invoice reports by route name (server/access/routes/home.ts). */
export const INVOICE_REPORT_PAGES = definePages({
  feedBackSheets: FeedbackSheetsScreen,
  levyreporting: LevyReportScreen,
  invoicereporting: InvoiceReportScreen,
});
