import { definePages } from "../../pages/screen.ts";

/** The invoice manager and editor by route name (server/access/routes/home.ts). */
export const INVOICE_PAGES = definePages({});
