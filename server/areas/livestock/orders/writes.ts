/**
 * The orders area's writes that other areas call (it owns livestockOrders, livestockOrderGroups and
 * deliveryLoads): each takes the caller's `unit` first, so it joins their transaction, and announces
 * `deliveryStatusUpdated` through `unit.announce`. Shared file: append, never rewrite or reorder.
 */

// ---------- for the invoices ----------
import { eq as eqInv } from "drizzle-orm";
import { livestockOrders as ordersInv } from "../../../../db/tenant/schema.ts";
import { ORDER_STATUS as ORDER_STATUS_INV } from "../../../../kernel/enums.ts";
import { nextModified as nextModifiedInv } from "../../context.ts";
import type { Unit as UnitInv } from "../../unit.ts";

/**
 * An order whose invoices are all final, with nothing left to invoice, is InvoiceFinalised (read-only
 * from then). Called by the invoices area when it finalises (and by its demo seed: only `tx` and
 * `announce` are needed).
 */
export async function markOrderInvoiceFinalised(unit: Pick<UnitInv, "tx" | "announce">, orderId: number) {
  await unit.tx.update(ordersInv).set({
    orderStatus: ORDER_STATUS_INV.InvoiceFinalised,
    lastModified: nextModifiedInv(),
  }).where(eqInv(ordersInv.id, orderId));
  unit.announce("deliveryStatusUpdated", { livestockOrderIds: [orderId], deliveryDate: null });
}
