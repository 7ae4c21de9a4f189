/** Invoice settings: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { invoiceSettingsApi } from "./api.ts";
import { INVOICE_SETTINGS_PAGES } from "./routes.ts";
import { seedInvoiceSettings } from "./seed.ts";

export const invoiceSettingsArea = defineArea({
  name: "invoice settings",
  api: [invoiceSettingsApi],
  pages: INVOICE_SETTINGS_PAGES,
  seed: seedInvoiceSettings,
});
