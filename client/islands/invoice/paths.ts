/** The invoice editor's addresses and headings. */
import type { InvoiceView } from "../../../server/areas/invoices/rules.ts";

/** An invoices API path with its `{id}` filled in (INVOICES_API names them so). */
export const withId = (path: string, id: number) => path.replace("{id}", String(id));

/** The manager's tab an invoice is listed on. */
export function managerHrefOf(managerPath: string, view: InvoiceView): string {
  const tab = view.status === "Draft" ? (view.hasCorrections ? "corrections" : "created") : "published";
  return `${managerPath}?tab=${tab}&speciesId=${view.speciesId}`;
}

/** "Draft invoice 16", "Tax invoice RCTI-000016", "Remittance advice RCTI-000017" */
export function invoiceHeading(view: InvoiceView): string {
  if (view.status === "Draft" || !view.invoiceNumber) return `Draft invoice ${view.id}`;
  const title = view.document.title;
  const kind = title === "Recipient Created Tax Invoice"
    ? "Tax invoice"
    : title.charAt(0) + title.slice(1).toLowerCase();
  return `${kind} ${view.invoiceNumber}`;
}
