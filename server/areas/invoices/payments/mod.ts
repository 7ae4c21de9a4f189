/** Paying suppliers by bank file (ABA): the invoices area's part (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { invoicePaymentsApi } from "./api.ts";
import { INVOICE_PAYMENT_PAGES } from "./routes.ts";
import { seedPaymentSettings } from "./seed.ts";

export const invoicePaymentsArea = defineArea({
  name: "invoice payments",
  api: [invoicePaymentsApi],
  pages: INVOICE_PAYMENT_PAGES,
  seed: seedPaymentSettings,
});
