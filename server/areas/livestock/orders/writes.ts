/**
 * The orders area's writes that other areas call (it owns livestockOrders, livestockOrderGroups and
 * deliveryLoads): each takes the caller's `unit` first, so it joins their transaction, and announces
 * `deliveryStatusUpdated` through `unit.announce`.
 */
import { and, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { livestockOrders, stockMobs } from "../../../../db/tenant/schema.ts";
import { updateEach } from "../../../../db/updateEach.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { nextModified } from "../../context.ts";
import type { Unit } from "../../unit.ts";
import { changeOrder } from "./orderChange.ts";
import { announceOrders } from "./events.ts";
import { ApiError } from "../../../http/errors.ts";
import { recountMob } from "../../stockyard/writes.ts";
import { statusForDelivered } from "./rules.ts";
import type { TenantDb } from "../../../../db/client.ts";

// ---------- for the kill agenda and the kill floor ----------

type Order = typeof livestockOrders.$inferSelect;

/** The kill agenda planned an expected order for a kill day (its production date), audited. */
export async function planOrderForKill(
  unit: Unit,
  order: Pick<Order, "id" | "productionDate" | "lastModified">,
  date: string,
): Promise<void> {
  await changeOrder(unit, order, { productionDate: date }, {
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
  unit: Unit,
  changes: readonly {
    order: Pick<Order, "id" | "deliveryDate" | "productionDate" | "lastModified">;
    deliveryDate: string;
    productionDate: string;
  }[],
): Promise<void> {
  for (const { order, deliveryDate, productionDate } of changes) {
    await changeOrder(unit, order, { deliveryDate, productionDate }, {
      action: "Delivery date set on the kill agenda",
      before: { deliveryDate: order.deliveryDate, productionDate: order.productionDate },
      after: { deliveryDate, productionDate },
    });
  }
  announceOrders(unit, changes.map((c) => c.order.id), null);
}

/**
 * The lot references the kill agenda numbered for expected orders, `[order id, lot]` each, in one
 * statement. Needs only the transaction (no audit, no event), so the demo seed calls it too.
 */
export async function setOrderLots(unit: Pick<Unit, "tx">, lots: readonly (readonly [number, string])[]) {
  await updateEach(unit.tx, livestockOrders, [livestockOrders.agendaLotReference], lots);
}

/** Demo data: an order takes the lot of its first mob when it has none (the seed's kill days). */
export async function giveOrderItsFirstLot(unit: Pick<Unit, "tx">, orderId: number, lot: string) {
  await unit.tx.update(livestockOrders).set({ agendaLotReference: lot })
    .where(and(eq(livestockOrders.id, orderId), isNull(livestockOrders.agendaLotReference)));
}

/** Its last mob at the kill floor was recalled to the yard: an order in processing is unloaded again. */
export async function leaveProcessing(unit: Unit, orderId: number): Promise<void> {
  await unit.tx.update(livestockOrders).set({ orderStatus: ORDER_STATUS.Unloaded }).where(and(
    eq(livestockOrders.id, orderId),
    eq(livestockOrders.orderStatus, ORDER_STATUS.InProcessing),
  ));
}

/** An expected order's head re-counted on the kill agenda (its declared head), audited with the reason. */
export async function correctExpectedHead(
  unit: Unit,
  order: Pick<Order, "id" | "lastModified">,
  change: { before: number; head: number; reason: string },
): Promise<void> {
  await changeOrder(unit, order, { declaredQuantity: change.head }, {
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
  unit: Pick<Unit, "tx">,
  counts: readonly { orderId: number; processed: number; isComplete: boolean }[],
  now: string,
): Promise<number[]> {
  const completed: number[] = [];
  for (const { orderId, processed, isComplete } of counts) {
    await unit.tx.update(livestockOrders).set({ totalProcessed: processed }).where(
      eq(livestockOrders.id, orderId),
    );
    if (!isComplete) continue;
    const marked = await unit.tx.update(livestockOrders).set({ carcassDataCompleteAt: now })
      .where(and(eq(livestockOrders.id, orderId), isNull(livestockOrders.carcassDataCompleteAt)))
      .returning({ id: livestockOrders.id });
    if (!marked.length) continue;
    completed.push(orderId);
    await unit.tx.update(livestockOrders).set({ orderStatus: ORDER_STATUS.Processed }).where(and(
      eq(livestockOrders.id, orderId),
      lt(livestockOrders.orderStatus, ORDER_STATUS.Processed),
      sql`${livestockOrders.orderStatus} <> ${ORDER_STATUS.Cancelled}`,
    ));
  }
  return completed;
}

/** A carcass of the order was corrected: the order counts as changed (its lastModified moves on). */
export async function noteCarcassCorrected(unit: Unit, orderId: number): Promise<void> {
  await unit.tx.update(livestockOrders).set({ lastModified: nextModified() }).where(
    eq(livestockOrders.id, orderId),
  );
}

/** The kill days' orders were re-counted (the super user's reprocessing): their screens refresh. */
export function announceOrdersRecounted(unit: Unit, orderIds: number[]): void {
  announceOrders(unit, orderIds, null);
}

/** What another area keeps about these orders changed (an NVD matched or unmatched): their screens refresh. */
export function announceOrdersChanged(unit: Unit, orderIds: number[]): void {
  announceOrders(unit, orderIds, null);
}

// ---------- for the kill agenda (and the orders' own head-count correction) ----------

/**
 * CorrectNumberOfHeadInMobAndOrder: a delivered mob re-counted; the order's delivered head (and so its
 * status) follows, audited in the order's history with the reason and announced after the commit.
 * Answers the order's id. 404 for an unknown mob, 409 when the count is already that.
 */
export async function correctDeliveredHead(
  unit: Unit,
  input: { stockMobId: number; correctedHead: number; reason: string },
): Promise<number> {
  const [mob] = await unit.tx.select().from(stockMobs).where(eq(stockMobs.id, input.stockMobId));
  if (!mob) throw ApiError.notFound("That mob does not exist.");
  if (mob.head === input.correctedHead) throw ApiError.conflict(`This mob already has ${mob.head} head.`);
  const [order] = await unit.tx.select().from(livestockOrders).where(
    eq(livestockOrders.id, mob.livestockOrderId),
  );
  await recountMob(unit, mob, input.correctedHead);
  const totalDelivered = Math.max(0, order.totalDelivered + input.correctedHead - mob.head);
  const orderStatus = statusForDelivered({ ...order, totalDelivered });
  await changeOrder(unit, order, { totalDelivered, orderStatus }, {
    action: "head count corrected",
    before: { stockMobId: mob.id, head: mob.head, totalDelivered: order.totalDelivered },
    after: { stockMobId: mob.id, head: input.correctedHead, totalDelivered },
    reason: input.reason,
  });
  announceOrders(unit, [order.id], null);
  return order.id;
}

// ---------- for the stockyard ----------

/** Head unloaded into the yard counts toward the order; a verified order with nothing left to unload is Unloaded. */
export async function countUnloadedHead(unit: Unit, orderId: number, head: number): Promise<void> {
  const [order] = await unit.tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  const totalUnloaded = order.totalUnloaded + head;
  const remainder = order.totalDelivered - order.totalDoa - totalUnloaded;
  const orderStatus = remainder <= 0 && order.orderStatus >= ORDER_STATUS.Verified &&
      order.orderStatus < ORDER_STATUS.Unloaded
    ? ORDER_STATUS.Unloaded
    : order.orderStatus;
  await changeOrder(unit, order, { totalUnloaded, orderStatus });
  announceOrders(unit, [orderId], order.deliveryDate);
}

/** The orders' mobs went to the kill floor: orders not yet past Unloaded are in processing. */
export async function markOrdersInProcessing(unit: Unit, orderIds: number[], at: string): Promise<void> {
  if (!orderIds.length) return;
  const moved = await unit.tx.update(livestockOrders).set({
    orderStatus: ORDER_STATUS.InProcessing,
    lastModified: at,
  })
    .where(
      and(inArray(livestockOrders.id, orderIds), lte(livestockOrders.orderStatus, ORDER_STATUS.Unloaded)),
    )
    .returning({ id: livestockOrders.id });
  announceOrders(unit, moved.map((o) => o.id), null);
}

/**
 * A change the yard makes to one delivery (verified, waiting for the AI head count or not): `decide`
 * refuses (throws) or answers what to set and the audit's words. Answers the order's delivery date.
 */
async function changeDelivery(
  unit: Unit,
  orderId: number,
  decide: (order: Order) => { set: Partial<typeof livestockOrders.$inferInsert>; action: string },
): Promise<string | null> {
  const [order] = await unit.tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  if (!order) throw ApiError.notFound("That order does not exist.");
  const { set, action } = decide(order);
  await changeOrder(unit, order, set, { action });
  announceOrders(unit, [order.id], order.deliveryDate);
  return order.deliveryDate;
}

/** A delivered order whose arrival checks were done before unloading becomes Verified. */
export function verifyDelivery(unit: Unit, orderId: number) {
  return changeDelivery(unit, orderId, (order) => {
    if (order.orderStatus < ORDER_STATUS.Delivered) {
      throw ApiError.validation([{
        field: "livestockOrderId",
        message: "That order has not been delivered yet.",
      }]);
    }
    if (order.orderStatus >= ORDER_STATUS.Verified) {
      throw ApiError.conflict("That delivery is already verified.");
    }
    return { set: { orderStatus: ORDER_STATUS.Verified }, action: "Delivery verified" };
  });
}

/** The delivery waits for the AI (camera) head count before it is unloaded. */
export function awaitAiHeadCount(unit: Unit, orderId: number) {
  return changeDelivery(unit, orderId, (order) => {
    if (order.isWaitingForExternalHeadCount) {
      throw ApiError.conflict("That delivery is already waiting for the AI head count.");
    }
    return { set: { isWaitingForExternalHeadCount: true }, action: "Waiting for the AI head count" };
  });
}

/** The delivery no longer waits for the AI head count. */
export function stopAwaitingAiHeadCount(unit: Unit, orderId: number) {
  return changeDelivery(unit, orderId, (order) => {
    if (!order.isWaitingForExternalHeadCount) {
      throw ApiError.conflict("That delivery is not waiting for a head count.");
    }
    return { set: { isWaitingForExternalHeadCount: false }, action: "AI head count wait cancelled" };
  });
}

/**
 * A yard move was undone: the head it unloaded no longer counts, and the order's status goes back to
 * what it was before the move unless something else has changed it since.
 */
export async function takeBackUnloadedHead(
  unit: Unit,
  orderId: number,
  move: { unloaded: number; statusBefore: number; statusAfter: number },
): Promise<void> {
  const [order] = await unit.tx.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  if (!move.unloaded && order.orderStatus === move.statusBefore) return;
  await changeOrder(unit, order, {
    totalUnloaded: order.totalUnloaded - move.unloaded,
    orderStatus: order.orderStatus === move.statusAfter ? move.statusBefore : order.orderStatus,
  });
  announceOrders(unit, [order.id], order.deliveryDate);
}

/** Demo data: today's kill is back in the yard in the morning, its order verified and nothing processed. */
export async function demoOrderBackInYard(db: Pick<TenantDb, "update">, orderId: number): Promise<void> {
  await db.update(livestockOrders).set({
    orderStatus: ORDER_STATUS.Verified,
    totalProcessed: 0,
    totalUnloaded: 0,
  })
    .where(eq(livestockOrders.id, orderId));
}

/** Demo data: head the stockyard seed penned counts as unloaded. */
export async function demoHeadUnloaded(
  db: Pick<TenantDb, "update">,
  orderId: number,
  head: number,
): Promise<void> {
  await db.update(livestockOrders).set({ totalUnloaded: sql`${livestockOrders.totalUnloaded} + ${head}` })
    .where(eq(livestockOrders.id, orderId));
}

// ---------- for the invoices ----------

/**
 * An order whose invoices are all final, with nothing left to invoice, is InvoiceFinalised (read-only
 * from then). Called by the invoices area when it finalises (and by its demo seed: only `tx` and
 * `announce` are needed).
 */
export async function markOrderInvoiceFinalised(unit: Pick<Unit, "tx" | "announce">, orderId: number) {
  await unit.tx.update(livestockOrders).set({
    orderStatus: ORDER_STATUS.InvoiceFinalised,
    lastModified: nextModified(),
  }).where(eq(livestockOrders.id, orderId));
  announceOrders(unit, [orderId], null);
}

// ---------- for livestock boxing ----------

/**
 * Livestock boxing (issue 39 item 4): orders put into a boxed lot (`lot` given) or taken out of one
 * (null), each audited with the lot's words; the orders' screens hear of them once the unit commits.
 */
export async function setOrdersBoxing(
  unit: Unit,
  orders: readonly Pick<Order, "id" | "lastModified" | "boxedLotRef" | "boxedOrderCollectionId">[],
  lot: { boxedLotRef: string; boxedOrderCollectionId: number } | null,
  deliveryDate: string | null,
): Promise<void> {
  for (const order of orders) {
    await changeOrder(unit, order, lot ?? { boxedLotRef: null, boxedOrderCollectionId: null }, {
      action: lot
        ? `Boxed into lot ${lot.boxedLotRef}`
        : `Unboxed from lot ${order.boxedLotRef ?? ""}`.trim(),
      before: { boxedLotRef: order.boxedLotRef, boxedOrderCollectionId: order.boxedOrderCollectionId },
      after: lot ?? { boxedLotRef: null, boxedOrderCollectionId: null },
    });
  }
  announceOrders(unit, orders.map((o) => o.id), deliveryDate);
}
