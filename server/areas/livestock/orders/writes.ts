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

// ---------- for the kill agenda (and the orders' own head-count correction) ----------
import { eq as eqHc } from "drizzle-orm";
import { livestockOrders as ordersHc, stockMobs as mobsHc } from "../../../../db/tenant/schema.ts";
import { ApiError as ApiErrorHc } from "../../../http/errors.ts";
import { recountMob as recountMobHc } from "../../stockyard/writes.ts";
import { statusForDelivered as statusForDeliveredHc } from "./rules.ts";
import { nextModified as nextModifiedHc } from "../../context.ts";
import type { Unit as UnitHc } from "../../unit.ts";
import { announceOrders as announceOrdersHc } from "./events.ts";
import { ORDER_ENTITY as ORDER_ENTITY_HC } from "./history.ts";

/**
 * CorrectNumberOfHeadInMobAndOrder: a delivered mob re-counted; the order's delivered head (and so its
 * status) follows, audited in the order's history with the reason and announced after the commit.
 * Answers the order's id. 404 for an unknown mob, 409 when the count is already that.
 */
export async function correctDeliveredHead(
  unit: UnitHc,
  input: { stockMobId: number; correctedHead: number; reason: string },
): Promise<number> {
  const [mob] = await unit.tx.select().from(mobsHc).where(eqHc(mobsHc.id, input.stockMobId));
  if (!mob) throw ApiErrorHc.notFound("That mob does not exist.");
  if (mob.head === input.correctedHead) throw ApiErrorHc.conflict(`This mob already has ${mob.head} head.`);
  const [order] = await unit.tx.select().from(ordersHc).where(eqHc(ordersHc.id, mob.livestockOrderId));
  await recountMobHc(unit, mob, input.correctedHead);
  const totalDelivered = Math.max(0, order.totalDelivered + input.correctedHead - mob.head);
  const next = {
    totalDelivered,
    orderStatus: statusForDeliveredHc({ ...order, totalDelivered }),
    lastModified: nextModifiedHc(order.lastModified),
  };
  await unit.tx.update(ordersHc).set(next).where(eqHc(ordersHc.id, order.id));
  await unit.audit({
    entity: ORDER_ENTITY_HC,
    entityId: order.id,
    action: "head count corrected",
    before: { stockMobId: mob.id, head: mob.head, totalDelivered: order.totalDelivered },
    after: { stockMobId: mob.id, head: input.correctedHead, totalDelivered },
    reason: input.reason,
  });
  announceOrdersHc(unit, [order.id], null);
  return order.id;
}
