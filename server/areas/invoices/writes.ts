/**
 * The invoices area's writes that other areas call (it owns invoices, invoiceMobs, invoiceLineItems and
 * invoicePriceAdjustments): each takes the caller's `unit` first, so it joins their transaction, and
 * announces `invoiceUpdated` through `unit.announce`.
 */
import { and, eq, inArray } from "drizzle-orm";
import { invoices } from "../../../db/tenant/schema.ts";
import type { TenantTx, Unit } from "../unit.ts";

/** Which drafts an input change touches: by species, species category or order. */
export interface DraftsTouched {
  speciesIds?: number[];
  speciesCategoryIds?: number[];
  livestockOrderIds?: number[];
}

/**
 * Drafts whose inputs changed elsewhere (a levy, a defect rule, a skin price or count, a carcass): their
 * computed figures are cleared so the next read recomputes them, silently (they are not "with
 * corrections"), and invoiceUpdated is announced for them after the commit. Answers their ids.
 */
export async function refigureDrafts(unit: Pick<Unit, "tx" | "announce">, touched: DraftsTouched) {
  const ids = await recomputeDrafts(unit.tx, touched);
  if (ids.length) unit.announce("invoiceUpdated", { invoiceIds: ids });
  return ids;
}

/**
 * The figures of the touched drafts cleared, nothing announced: for a caller still holding a bare
 * transaction (the kill floor's commands, which announce invoiceUpdated themselves). Prefer
 * refigureDrafts.
 */
export async function recomputeDrafts(tx: TenantTx, touched: DraftsTouched): Promise<number[]> {
  const filters = [
    touched.speciesIds && inArray(invoices.speciesId, touched.speciesIds),
    touched.speciesCategoryIds && inArray(invoices.speciesCategoryId, touched.speciesCategoryIds),
    touched.livestockOrderIds && inArray(invoices.livestockOrderId, touched.livestockOrderIds),
  ].filter((f) => f !== undefined);
  const rows = await tx.update(invoices).set({ computedAt: null })
    .where(and(eq(invoices.status, "Draft"), ...filters))
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}
