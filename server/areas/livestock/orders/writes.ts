/**
 * The orders area's writes that other areas call (it owns livestockOrders, livestockOrderGroups and
 * deliveryLoads): each takes the caller's `unit` first, so it joins their transaction, and announces
 * `deliveryStatusUpdated` through `unit.announce`. Shared file: append, never rewrite or reorder.
 */

// ---------- for the kill agenda and the kill floor ----------
import { and as andKa, eq as eqKa, isNull as isNullKa, lt as ltKa, sql as sqlKa } from "drizzle-orm";
import { livestockOrders as ordersKa } from "../../../../db/tenant/schema.ts";
import { updateEach as updateEachKa } from "../../../../db/updateEach.ts";
import { ORDER_STATUS as ORDER_STATUS_KA } from "../../../../kernel/enums.ts";
import { nextModified as nextModifiedKa } from "../../context.ts";
import type { Unit as UnitKa } from "../../unit.ts";
import { ORDER_ENTITY as ORDER_ENTITY_KA } from "./history.ts";
import { announceOrders as announceOrdersKa } from "./events.ts";

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
  announceOrdersKa(unit, changes.map((c) => c.order.id), null);
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
  announceOrdersKa(unit, orderIds, null);
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

// ---------- for the stockyard ----------
import { and as andSy, eq as eqSy, inArray as inArraySy, lte as lteSy, sql as sqlSy } from "drizzle-orm";
import { livestockOrders as ordersSy } from "../../../../db/tenant/schema.ts";
import { ApiError as ApiErrorSy } from "../../../http/errors.ts";
import { ORDER_STATUS as ORDER_STATUS_SY } from "../../../../kernel/enums.ts";
import { nextModified as nextModifiedSy } from "../../context.ts";
import type { Unit as UnitSy } from "../../unit.ts";
import type { TenantDb as TenantDbSy } from "../../../../db/client.ts";
import { ORDER_ENTITY as ORDER_ENTITY_SY } from "./history.ts";
import { announceOrders as announceOrdersSy } from "./events.ts";

type OrderSy = typeof ordersSy.$inferSelect;

/** The deliveries' screens hear that these orders changed, once the unit commits. */
function toldSy(unit: UnitSy, ids: number[], deliveryDate: string | null) {
  announceOrdersSy(unit, ids, deliveryDate);
}

/** Head unloaded into the yard counts toward the order; a verified order with nothing left to unload is Unloaded. */
export async function countUnloadedHead(unit: UnitSy, orderId: number, head: number): Promise<void> {
  const [order] = await unit.tx.select().from(ordersSy).where(eqSy(ordersSy.id, orderId));
  const totalUnloaded = order.totalUnloaded + head;
  const remainder = order.totalDelivered - order.totalDoa - totalUnloaded;
  const orderStatus = remainder <= 0 && order.orderStatus >= ORDER_STATUS_SY.Verified &&
      order.orderStatus < ORDER_STATUS_SY.Unloaded
    ? ORDER_STATUS_SY.Unloaded
    : order.orderStatus;
  await unit.tx.update(ordersSy).set({
    totalUnloaded,
    orderStatus,
    lastModified: nextModifiedSy(order.lastModified),
  }).where(eqSy(ordersSy.id, orderId));
  toldSy(unit, [orderId], order.deliveryDate);
}

/** The orders' mobs went to the kill floor: orders not yet past Unloaded are in processing. */
export async function markOrdersInProcessing(unit: UnitSy, orderIds: number[], at: string): Promise<void> {
  if (!orderIds.length) return;
  const moved = await unit.tx.update(ordersSy).set({
    orderStatus: ORDER_STATUS_SY.InProcessing,
    lastModified: at,
  })
    .where(andSy(inArraySy(ordersSy.id, orderIds), lteSy(ordersSy.orderStatus, ORDER_STATUS_SY.Unloaded)))
    .returning({ id: ordersSy.id });
  toldSy(unit, moved.map((o) => o.id), null);
}

/**
 * A change the yard makes to one delivery (verified, waiting for the AI head count or not): `decide`
 * refuses (throws) or answers what to set and the audit's words. Answers the order's delivery date.
 */
async function changeDeliverySy(
  unit: UnitSy,
  orderId: number,
  decide: (order: OrderSy) => { set: Partial<typeof ordersSy.$inferInsert>; action: string },
): Promise<string | null> {
  const [order] = await unit.tx.select().from(ordersSy).where(eqSy(ordersSy.id, orderId));
  if (!order) throw ApiErrorSy.notFound("That order does not exist.");
  const { set, action } = decide(order);
  await unit.tx.update(ordersSy).set({ ...set, lastModified: nextModifiedSy(order.lastModified) })
    .where(eqSy(ordersSy.id, order.id));
  await unit.audit({ entity: ORDER_ENTITY_SY, entityId: order.id, action });
  toldSy(unit, [order.id], order.deliveryDate);
  return order.deliveryDate;
}

/** A delivered order whose arrival checks were done before unloading becomes Verified. */
export function verifyDelivery(unit: UnitSy, orderId: number) {
  return changeDeliverySy(unit, orderId, (order) => {
    if (order.orderStatus < ORDER_STATUS_SY.Delivered) {
      throw ApiErrorSy.validation([{
        field: "livestockOrderId",
        message: "That order has not been delivered yet.",
      }]);
    }
    if (order.orderStatus >= ORDER_STATUS_SY.Verified) {
      throw ApiErrorSy.conflict("That delivery is already verified.");
    }
    return { set: { orderStatus: ORDER_STATUS_SY.Verified }, action: "Delivery verified" };
  });
}

/** The delivery waits for the AI (camera) head count before it is unloaded. */
export function awaitAiHeadCount(unit: UnitSy, orderId: number) {
  return changeDeliverySy(unit, orderId, (order) => {
    if (order.isWaitingForExternalHeadCount) {
      throw ApiErrorSy.conflict("That delivery is already waiting for the AI head count.");
    }
    return { set: { isWaitingForExternalHeadCount: true }, action: "Waiting for the AI head count" };
  });
}

/** The delivery no longer waits for the AI head count. */
export function stopAwaitingAiHeadCount(unit: UnitSy, orderId: number) {
  return changeDeliverySy(unit, orderId, (order) => {
    if (!order.isWaitingForExternalHeadCount) {
      throw ApiErrorSy.conflict("That delivery is not waiting for a head count.");
    }
    return { set: { isWaitingForExternalHeadCount: false }, action: "AI head count wait cancelled" };
  });
}

/**
 * A yard move was undone: the head it unloaded no longer counts, and the order's status goes back to
 * what it was before the move unless something else has changed it since.
 */
export async function takeBackUnloadedHead(
  unit: UnitSy,
  orderId: number,
  move: { unloaded: number; statusBefore: number; statusAfter: number },
): Promise<void> {
  const [order] = await unit.tx.select().from(ordersSy).where(eqSy(ordersSy.id, orderId));
  if (!move.unloaded && order.orderStatus === move.statusBefore) return;
  await unit.tx.update(ordersSy).set({
    totalUnloaded: order.totalUnloaded - move.unloaded,
    orderStatus: order.orderStatus === move.statusAfter ? move.statusBefore : order.orderStatus,
    lastModified: nextModifiedSy(order.lastModified),
  }).where(eqSy(ordersSy.id, order.id));
  toldSy(unit, [order.id], order.deliveryDate);
}

/** Demo data: today's kill is back in the yard in the morning, its order verified and nothing processed. */
export async function demoOrderBackInYard(db: Pick<TenantDbSy, "update">, orderId: number): Promise<void> {
  await db.update(ordersSy).set({
    orderStatus: ORDER_STATUS_SY.Verified,
    totalProcessed: 0,
    totalUnloaded: 0,
  })
    .where(eqSy(ordersSy.id, orderId));
}

/** Demo data: head the stockyard seed penned counts as unloaded. */
export async function demoHeadUnloaded(
  db: Pick<TenantDbSy, "update">,
  orderId: number,
  head: number,
): Promise<void> {
  await db.update(ordersSy).set({ totalUnloaded: sqlSy`${ordersSy.totalUnloaded} + ${head}` })
    .where(eqSy(ordersSy.id, orderId));
}

// ---------- for the invoices ----------
import { eq as eqInv } from "drizzle-orm";
import { livestockOrders as ordersInv } from "../../../../db/tenant/schema.ts";
import { ORDER_STATUS as ORDER_STATUS_INV } from "../../../../kernel/enums.ts";
import { nextModified as nextModifiedInv } from "../../context.ts";
import type { Unit as UnitInv } from "../../unit.ts";
import { announceOrders as announceOrdersInv } from "./events.ts";

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
  announceOrdersInv(unit, [orderId], null);
}
