/**
 * Writing an invoice's own rows, shared by the operations, the reads that freshen a draft, and the demo
 * seed: a new draft for an order's mobs, a draft's stored figures, the next RCTI number, and one change
 * to a draft as a unit of work (checked, applied, recomputed, stamped, audited, announced).
 */
import { eq, isNotNull, sql } from "drizzle-orm";
import { invoices } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { computeInvoice } from "./rules.ts";
import { type InvoiceRow, type InvoiceSources, loadSources } from "./inputs.ts";
import { invoiceOf } from "./queries/species.ts";

/** The audit trail's name for an invoice. */
export const INVOICE_ENTITY = "ReciprocalInvoice";
/** Days from the production day to the default due date (docs/decisions.md "Invoices and skins"). */
export const PAYMENT_TERMS_DAYS = 7;

/** Computes an invoice and stores its figures (the lists read them); answers the row and the computation. */
export async function storeComputation(tx: TenantTx, row: InvoiceRow, sources: InvoiceSources) {
  const c = computeInvoice(sources.inputs);
  const [updated] = await tx.update(invoices).set({
    productionDate: sources.productionDate,
    subTotalCents: c.subTotalCents,
    taxCents: c.taxCents,
    levyCents: c.levyCents,
    totalCents: c.totalCents,
    carcassCount: c.carcassCount,
    isPublishable: c.isPublishable,
    unableToPublishReasons: c.unableToPublishReasons,
    computedAt: new Date().toISOString(),
  }).where(eq(invoices.id, row.id)).returning();
  return { row: updated, computation: c };
}

/** A new draft for an order's mobs killed on `day` (due after the payment terms). */
export async function insertDraft(
  tx: TenantTx,
  order: { id: number; supplierId: number; speciesId: number; speciesCategoryId: number | null },
  day: string,
  who: string,
  at: string,
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values({
    livestockOrderId: order.id,
    supplierId: order.supplierId,
    speciesId: order.speciesId,
    speciesCategoryId: order.speciesCategoryId,
    productionDate: day,
    status: "Draft",
    dueDate: addDays(day, PAYMENT_TERMS_DAYS),
    createdBy: who,
    createdAt: at,
    lastModified: at,
  }).returning();
  return row;
}

/** The next RCTI number of the tenant: RCTI-000001 upwards. */
export async function nextInvoiceNumber(tx: TenantTx): Promise<string> {
  const [{ n }] = await tx.select({
    n: sql<number | null>`max(cast(substr(${invoices.invoiceNumber}, 6) as integer))`,
  })
    .from(invoices).where(isNotNull(invoices.invoiceNumber));
  return `RCTI-${String((n ?? 0) + 1).padStart(6, "0")}`;
}

/** What a draft change tells the audit trail. */
export interface DraftAudit {
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Why an invoice in another status cannot take a change that needs this one. */
const NOT_YET: Record<"Draft" | "Published", string> = {
  Draft:
    "This invoice is published: unpublish it to change it (the supplier reference and due date can be updated).",
  Published: "Publish the invoice first.",
};

/**
 * The invoice a change is for, as long as nobody changed it since it was read and it is in the status the
 * change needs (409 otherwise; a finalised invoice never changes).
 */
export async function invoiceToChange(
  ctx: AreaContext,
  tx: TenantTx,
  want: { id: number; lastModified: string | null | undefined; status: keyof typeof NOT_YET },
): Promise<InvoiceRow> {
  const row = await invoiceOf(ctx, want.id, tx);
  assertUnchanged(row, want.lastModified, "invoice");
  if (row.status !== want.status) {
    throw ApiError.conflict(
      row.status === "Finalised" ? "This invoice is finalised: it cannot change." : NOT_YET[want.status],
    );
  }
  return row;
}

/**
 * A change to a draft as one unit of work: checked (the caller's species, stale, still a draft),
 * applied, recomputed, stamped and audited; invoiceUpdated announced after the commit.
 */
export async function changeDraft(
  ctx: AreaContext,
  id: number,
  lastModified: string | null | undefined,
  action: string,
  apply: (tx: TenantTx, row: InvoiceRow) => Promise<DraftAudit>,
): Promise<void> {
  await ctx.write(async (tx, unit) => {
    const row = await invoiceToChange(ctx, tx, { id, lastModified, status: "Draft" });
    const audit = await apply(tx, row);
    const [stamped] = await tx.update(invoices).set({ lastModified: nextModified(row.lastModified) })
      .where(eq(invoices.id, id)).returning();
    await storeComputation(tx, stamped, await loadSources(tx, stamped));
    await unit.audit({ entity: INVOICE_ENTITY, entityId: id, action, ...audit });
    unit.announce("invoiceUpdated", { invoiceIds: [id] });
  });
}
