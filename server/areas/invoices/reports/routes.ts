import { definePages } from "../../../pages/screen.ts";

/** The invoice reports by route name (server/access/routes/home.ts). */
export const INVOICE_REPORT_PAGES = definePages({});
