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

// ---------- for the kill agenda and the kill floor ----------
import { and as andKa, eq as eqKa, isNull as isNullKa, lt as ltKa, sql as sqlKa } from "drizzle-orm";
import { livestockOrders as ordersKa } from "../../../../db/tenant/schema.ts";
import { updateEach as updateEachKa } from "../../../../db/updateEach.ts";
import { ORDER_STATUS as ORDER_STATUS_KA } from "../../../../kernel/enums.ts";
import { nextModified as nextModifiedKa } from "../../context.ts";
import type { Unit as UnitKa } from "../../unit.ts";
import { ORDER_ENTITY as ORDER_ENTITY_KA } from "./history.ts";

type OrderKa = typeof ordersKa.$inferSelect;

/** The kill agenda planned an expected order for a kill day (its production date), audited. */
export async function planOrderForKill(
  unit: UnitKa,
  order: Pick<OrderKa, "id" | "productionDate" | "lastModified">,
  date: string,
): Promise<void> {
  await unit.tx.update(ordersKa).set({
    productionDate: date,
    lastModified: nextModifiedKa(order.lastModified),
  })
    .where(eqKa(ordersKa.id, order.id));
  await unit.audit({
    entity: ORDER_ENTITY_KA,
    entityId: order.id,
    action: `Planned for the kill on ${date}`,
    before: { productionDate: order.productionDate },
    after: { productionDate: date },
  });
}

/**
 * Undelivered orders given new delivery (and kill) days on the kill agenda (SetDeliveryDates): each
 * audited; the orders' screens hear of them together once the unit commits.
 */
export async function rescheduleUndeliveredOrders(
  unit: UnitKa,
  changes: readonly {
    order: Pick<OrderKa, "id" | "deliveryDate" | "productionDate" | "lastModified">;
    deliveryDate: string;
    productionDate: string;
  }[],
): Promise<void> {
  for (const { order, deliveryDate, productionDate } of changes) {
    await unit.tx.update(ordersKa).set({
      deliveryDate,
      productionDate,
      lastModified: nextModifiedKa(order.lastModified),
    }).where(eqKa(ordersKa.id, order.id));
    await unit.audit({
      entity: ORDER_ENTITY_KA,
      entityId: order.id,
      action: "Delivery date set on the kill agenda",
      before: { deliveryDate: order.deliveryDate, productionDate: order.productionDate },
      after: { deliveryDate, productionDate },
    });
  }
  const ids = changes.map((c) => c.order.id);
  if (ids.length) unit.announce("deliveryStatusUpdated", { livestockOrderIds: ids, deliveryDate: null });
}

/**
 * The lot references the kill agenda numbered for expected orders, `[order id, lot]` each, in one
 * statement. Needs only the transaction (no audit, no event), so the demo seed calls it too.
 */
export async function setOrderLots(unit: Pick<UnitKa, "tx">, lots: readonly (readonly [number, string])[]) {
  await updateEachKa(unit.tx, ordersKa, [ordersKa.agendaLotReference], lots);
}

/** Demo data: an order takes the lot of its first mob when it has none (the seed's kill days). */
export async function giveOrderItsFirstLot(unit: Pick<UnitKa, "tx">, orderId: number, lot: string) {
  await unit.tx.update(ordersKa).set({ agendaLotReference: lot })
    .where(andKa(eqKa(ordersKa.id, orderId), isNullKa(ordersKa.agendaLotReference)));
}

/** Its last mob at the kill floor was recalled to the yard: an order in processing is unloaded again. */
export async function leaveProcessing(unit: UnitKa, orderId: number): Promise<void> {
  await unit.tx.update(ordersKa).set({ orderStatus: ORDER_STATUS_KA.Unloaded }).where(andKa(
    eqKa(ordersKa.id, orderId),
    eqKa(ordersKa.orderStatus, ORDER_STATUS_KA.InProcessing),
  ));
}

/** An expected order's head re-counted on the kill agenda (its declared head), audited with the reason. */
export async function correctExpectedHead(
  unit: UnitKa,
  order: Pick<OrderKa, "id" | "lastModified">,
  change: { before: number; head: number; reason: string },
): Promise<void> {
  await unit.tx.update(ordersKa).set({
    declaredQuantity: change.head,
    lastModified: nextModifiedKa(order.lastModified),
  }).where(eqKa(ordersKa.id, order.id));
  await unit.audit({
    entity: ORDER_ENTITY_KA,
    entityId: order.id,
    action: "Expected head corrected on the kill agenda",
    before: { head: change.before },
    after: { head: change.head },
    reason: change.reason,
  });
}

/**
 * The kill floor's count of each order's processed head; an order whose every live head is accounted
 * for gets the moment its carcass data became complete (the first time) and moves up to Processed.
 * Answers the orders newly complete. Needs only the transaction (the demo seed calls it too); the caller
 * announces what it did (its own events, or `announceOrdersRecounted`).
 */
export async function recordProcessedHead(
  unit: Pick<UnitKa, "tx">,
  counts: readonly { orderId: number; processed: number; isComplete: boolean }[],
  now: string,
): Promise<number[]> {
  const completed: number[] = [];
  for (const { orderId, processed, isComplete } of counts) {
    await unit.tx.update(ordersKa).set({ totalProcessed: processed }).where(eqKa(ordersKa.id, orderId));
    if (!isComplete) continue;
    const marked = await unit.tx.update(ordersKa).set({ carcassDataCompleteAt: now })
      .where(andKa(eqKa(ordersKa.id, orderId), isNullKa(ordersKa.carcassDataCompleteAt)))
      .returning({ id: ordersKa.id });
    if (!marked.length) continue;
    completed.push(orderId);
    await unit.tx.update(ordersKa).set({ orderStatus: ORDER_STATUS_KA.Processed }).where(andKa(
      eqKa(ordersKa.id, orderId),
      ltKa(ordersKa.orderStatus, ORDER_STATUS_KA.Processed),
      sqlKa`${ordersKa.orderStatus} <> ${ORDER_STATUS_KA.Cancelled}`,
    ));
  }
  return completed;
}

/** A carcass of the order was corrected: the order counts as changed (its lastModified moves on). */
export async function noteCarcassCorrected(unit: UnitKa, orderId: number): Promise<void> {
  await unit.tx.update(ordersKa).set({ lastModified: nextModifiedKa() }).where(eqKa(ordersKa.id, orderId));
}

/** The kill days' orders were re-counted (the super user's reprocessing): their screens refresh. */
export function announceOrdersRecounted(unit: UnitKa, orderIds: number[]): void {
  if (orderIds.length) {
    unit.announce("deliveryStatusUpdated", { livestockOrderIds: orderIds, deliveryDate: null });
  }
}
