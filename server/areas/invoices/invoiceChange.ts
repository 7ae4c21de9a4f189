/** The one way an invoice's own row changes after it was read: its lastModified moves on, the change is audited. */
import { eq } from "drizzle-orm";
import { invoices } from "../../../db/tenant/schema.ts";
import { nextModified } from "../context.ts";
import type { AuditEntryInput, Unit } from "../unit.ts";
import { INVOICE_ENTITY } from "./drafts.ts";

type InvoiceSet = Partial<typeof invoices.$inferInsert>;

/**
 * Sets `set` on the invoice read as `invoice` (its lastModified moved on from the one read) and records
 * the audit's words against it. Announcing is the caller's (one event for all the invoices it changed).
 */
export async function changeInvoice(
  unit: Pick<Unit, "tx" | "audit">,
  invoice: { id: number; lastModified: string | null },
  set: InvoiceSet,
  audit: Omit<AuditEntryInput, "entity" | "entityId">,
): Promise<void> {
  await unit.tx.update(invoices).set({ ...set, lastModified: nextModified(invoice.lastModified) })
    .where(eq(invoices.id, invoice.id));
  await unit.audit({ entity: INVOICE_ENTITY, entityId: invoice.id, ...audit });
}
