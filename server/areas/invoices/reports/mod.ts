/** Invoice reports: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { invoiceReportsApi } from "./api.ts";
import { INVOICE_REPORT_PAGES } from "./routes.ts";

export const invoiceReportsArea = defineArea({
  name: "invoice reports",
  api: [invoiceReportsApi],
  pages: INVOICE_REPORT_PAGES,
});
