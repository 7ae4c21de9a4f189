/** Invoices: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { invoicesApi } from "./api.ts";
import { invoiceOrderCallsApi } from "./orderCallsApi.ts";
import { INVOICE_PAGES } from "./routes.ts";
import { INVOICE_EVENTS } from "./events.ts";
import { seedInvoices } from "./seed.ts";
import { invoiceReportsArea } from "./reports/mod.ts";
import { invoicePaymentsArea } from "./payments/mod.ts";
import { remittanceMailSweep } from "./remittanceMailing.ts";
import { FIND_INVOICES } from "./find.ts";

export const invoicesArea = defineArea({
  name: "invoices",
  api: [invoicesApi, invoiceOrderCallsApi],
  pages: INVOICE_PAGES,
  events: INVOICE_EVENTS,
  seed: seedInvoices,
  finds: [FIND_INVOICES],
  // remittances queued by a publish (the organisation's setting) that are due: every minute and at start
  background: [remittanceMailSweep],
  parts: [invoiceReportsArea, invoicePaymentsArea],
});
