/** What the invoices area publishes on the push hub (the area's API and screens come with its issue). */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

const { id, ids } = payloadParts;

export const INVOICE_EVENTS = areaEvents({
  Invoices: { module: "invoices", about: "reciprocal invoices and carcass data" },
}, {
  carcassDataComplete: pushEvent(
    "Invoices",
    z.object({ livestockOrderId: id }),
    "all carcass data of an order is in: its invoice can be created",
  ),
  invoiceCreated: pushEvent("Invoices", z.object({ invoiceIds: ids }), "invoices were created"),
  invoiceUpdated: pushEvent("Invoices", z.object({ invoiceIds: ids }), "invoices were changed"),
  invoicePublished: pushEvent("Invoices", z.object({ invoiceIds: ids }), "invoices were published"),
  invoiceUnpublished: pushEvent("Invoices", z.object({ invoiceIds: ids }), "invoices were unpublished"),
  remittanceNotEmailed: pushEvent(
    "Invoices",
    z.object({ invoiceIds: ids }),
    "remittances queued to be emailed when published were given up (the invoice's audit trail says why)",
  ),
});

type InvoiceEvents = typeof INVOICE_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends InvoiceEvents {}
}
