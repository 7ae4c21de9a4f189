import { definePages } from "../../pages/screen.ts";

/** Settings › Invoicing and Skin/Hide price by route name (server/access/routes/settings.ts). */
export const INVOICE_SETTINGS_PAGES = definePages({});
