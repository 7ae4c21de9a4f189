/** The invoice reports' API paths (spec 2 §7.1 levy report, beef feedback sheets, FilterLivestockInvoiceData) and screens. */
const base = "/api/ReciprocalInvoices";
export const REPORTS_API = {
  feedbackSheets: `${base}/GetFeedbackSheets`,
  feedbackPdf: `${base}/GetFeedbackSheetsPdf`,
  feedbackCsv: `${base}/GetFeedbackSheetsCsv`,
  levyReport: `${base}/GetLevyReport`,
  levyCsv: `${base}/GetLevyReportCsv`,
  filter: `${base}/FilterLivestockInvoiceData`,
  filterCsv: `${base}/GetInvoiceReportCsv`,
} as const;

export const REPORT_PATHS = {
  feedback: "/home/feedBackSheets",
  levies: "/home/levyreporting",
  invoices: "/home/invoicereporting",
  invoice: (id: number) => `/home/invoicemanager/edit/${id}`,
};
