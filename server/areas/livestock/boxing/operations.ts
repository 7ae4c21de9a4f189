/**
 * Livestock boxing (issue 39 item 4, spec 1 §7): several small delivered consignments of one species,
 * site and day boxed into one lot that is killed as one; each order keeps its supplier, pricing and
 * invoice, and the invoices share the lot's carcasses by live head (rules.ts, invoices/boxedShare.ts).
 * A lot can be unboxed until the kill floor holds a carcass record of it; after that it is refused (409).
 *
 * The orders' rows are written through the orders area (setOrdersBoxing: audited, deliveryStatusUpdated
 * announced after the commit). Each write is one unit; an order changed since it was read is refused (409).
 */
import { and, count, eq, inArray, ne, or } from "drizzle-orm";
import { carcasses, livestockOrders, suppliers } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../../context.ts";
import { ORDER_STATUS, orderStatusName } from "../../../../kernel/enums.ts";
import { setOrdersBoxing } from "../orders/writes.ts";
import { agendaPlacesOf } from "../../killAgenda/queries.ts";
import { boxedLotReference, boxingProblem, isBoxable, liveHead, shareCounts } from "./rules.ts";
import type {
  BoxedLot,
  Boxing,
  BoxingOrder,
  BoxingQuery,
  BoxingResult,
  BoxIntoDeliveredBody,
  UpdateBoxingBody,
} from "./schemas.ts";

type OrderRow = typeof livestockOrders.$inferSelect;
type Db = AreaContext["db"] | TenantTx;

// ---------- the read ----------

/** A day's delivered orders of one species that may be boxed, and the day's boxed lots. */
export async function boxingOfDay(ctx: AreaContext, q: BoxingQuery): Promise<Boxing> {
  const date = q.date ?? ctx.today;
  if (q.speciesId !== undefined) ctx.scope.assertSpecies(q.speciesId, "That species");
  const speciesId = q.speciesId ?? ctx.scope.speciesIds[0] ?? null;
  if (speciesId === null) return { date, speciesId, species: "", candidates: [], lots: [] };
  const o = livestockOrders;
  const rows = await ctx.db.select({ order: o, supplierName: suppliers.name }).from(o)
    .innerJoin(suppliers, eq(suppliers.id, o.supplierId))
    .where(and(
      eq(o.speciesId, speciesId),
      ne(o.orderStatus, ORDER_STATUS.Cancelled),
      or(
        eq(o.deliveryDate, date),
        inArray(
          o.boxedOrderCollectionId,
          ctx.db.select({ id: o.boxedOrderCollectionId }).from(o).where(eq(o.deliveryDate, date)),
        ),
      ),
    )).orderBy(o.id);
  const counts = await carcassCounts(ctx.db, rows.map((r) => r.order.id));
  const orders = rows.map((r) => toDto(r.order, r.supplierName, counts.get(r.order.id) ?? 0));
  const candidates = orders.filter((d, i) =>
    d.boxedOrderCollectionId === null && d.carcasses === 0 && d.deliveryDate === date &&
    isBoxable(rows[i].order)
  );
  const lots = lotsOf(orders);
  // the kill agenda says where each lot stands (read through its public face)
  const places = await agendaPlacesOf(ctx, lots.flatMap((l) => l.orders.map((o) => o.livestockOrderId)));
  for (const lot of lots) {
    const place = lot.orders.map((o) => places.get(o.livestockOrderId)).filter((p) => p !== undefined)
      .sort((a, b) => a.date.localeCompare(b.date))[0];
    lot.agendaPlace = place
      ? {
        date: place.date,
        speciesId: place.speciesId,
        tenantSiteId: place.tenantSiteId,
        position: place.position,
        lotsOnDay: place.cards,
      }
      : null;
  }
  return { date, speciesId, species: ctx.scope.speciesName(speciesId), candidates, lots };
}

function lotsOf(orders: BoxingOrder[]): BoxedLot[] {
  const byLot = new Map<number, BoxingOrder[]>();
  for (const d of orders) {
    if (d.boxedOrderCollectionId === null) continue;
    byLot.set(d.boxedOrderCollectionId, [...(byLot.get(d.boxedOrderCollectionId) ?? []), d]);
  }
  return [...byLot].map(([collectionId, members]) => {
    const killed = members.reduce((n, m) => n + m.carcasses, 0);
    const head = members.reduce((n, m) => n + m.liveHead, 0);
    const shares = shareCounts(members.map((m) => m.liveHead), killed > 0 ? killed : head);
    return {
      boxedLotRef: members[0].boxedLotRef ?? boxedLotReference(collectionId),
      boxedOrderCollectionId: collectionId,
      liveHead: head,
      carcasses: killed,
      isKilled: killed > 0,
      agendaPlace: null,
      orders: members.map((m, i) => ({ ...m, shareHead: shares[i] })),
    };
  });
}

// ---------- the writes ----------

/** UpdateBoxingForLivestockOrder: box the orders into one new lot, or take each out of its lot. */
export async function updateBoxing(ctx: AreaContext, body: UpdateBoxingBody): Promise<BoxingResult> {
  return await ctx.write(async (tx, unit) => {
    const orders = await stampedOrders(ctx, tx, body.orders);
    if (body.boxed) {
      const boxed = orders.find((o) => o.boxedOrderCollectionId !== null);
      if (boxed) {
        throw ApiError.conflict(
          `Order ${boxed.id} is already in lot ${boxed.boxedLotRef}. Reload and try again.`,
        );
      }
      refuseProblem(orders);
      await refuseKilled(tx, orders);
      const hostId = Math.min(...orders.map((o) => o.id));
      const lot = { boxedLotRef: boxedLotReference(hostId), boxedOrderCollectionId: hostId };
      await setOrdersBoxing(unit, orders, lot, orders[0].deliveryDate);
      return { boxedLotRef: lot.boxedLotRef, livestockOrderIds: orders.map((o) => o.id) };
    }
    const loose = orders.find((o) => o.boxedOrderCollectionId === null);
    if (loose) throw ApiError.conflict(`Order ${loose.id} is not in a boxed lot. Reload and try again.`);
    const changed: number[] = [];
    for (const collectionId of new Set(orders.map((o) => o.boxedOrderCollectionId!))) {
      const lot = await lotOrders(tx, collectionId);
      await refuseKilled(tx, lot);
      const leaving = new Set(orders.map((o) => o.id));
      const staying = lot.filter((o) => !leaving.has(o.id));
      // a lot of one is no lot; a lot whose host left lives on its next order
      const out = staying.length < 2 ? lot : lot.filter((o) => leaving.has(o.id));
      await setOrdersBoxing(unit, out, null, lot[0].deliveryDate);
      changed.push(...out.map((o) => o.id));
      if (staying.length >= 2 && leaving.has(collectionId)) {
        const hostId = Math.min(...staying.map((o) => o.id));
        await setOrdersBoxing(
          unit,
          staying,
          { boxedLotRef: boxedLotReference(hostId), boxedOrderCollectionId: hostId },
          lot[0].deliveryDate,
        );
      }
    }
    return { boxedLotRef: null, livestockOrderIds: changed };
  });
}

/** BoxOrderIntoDeliveredOrder: the order joins the delivered order's lot (a new lot of the two if it has none). */
export async function boxIntoDelivered(ctx: AreaContext, body: BoxIntoDeliveredBody): Promise<BoxingResult> {
  if (body.livestockOrderId === body.deliveredOrderId) {
    throw ApiError.validation([{
      field: "deliveredOrderId",
      message: "Choose another order to box it into",
    }]);
  }
  return await ctx.write(async (tx, unit) => {
    const [order] = await stampedOrders(ctx, tx, [body]);
    const target = await scopedOrder(ctx, tx, body.deliveredOrderId);
    if (order.boxedOrderCollectionId !== null) {
      throw ApiError.conflict(
        `Order ${order.id} is already in lot ${order.boxedLotRef}. Reload and try again.`,
      );
    }
    const lot = target.boxedOrderCollectionId === null
      ? [target]
      : await lotOrders(tx, target.boxedOrderCollectionId);
    refuseProblem([...lot, order]);
    await refuseKilled(tx, [...lot, order]);
    const hostId = target.boxedOrderCollectionId ?? target.id;
    const boxed = {
      boxedLotRef: target.boxedLotRef ?? boxedLotReference(hostId),
      boxedOrderCollectionId: hostId,
    };
    await setOrdersBoxing(
      unit,
      target.boxedOrderCollectionId === null ? [target, order] : [order],
      boxed,
      target.deliveryDate,
    );
    return { boxedLotRef: boxed.boxedLotRef, livestockOrderIds: [...lot, order].map((o) => o.id) };
  });
}

// ---------- helpers ----------

/** The orders named, each the caller's (404) and as they were read (409). */
async function stampedOrders(
  ctx: AreaContext,
  tx: TenantTx,
  named: readonly { livestockOrderId: number; lastModified?: string | null }[],
): Promise<OrderRow[]> {
  const ids = [...new Set(named.map((n) => n.livestockOrderId))];
  const rows = await tx.select().from(livestockOrders).where(inArray(livestockOrders.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    ctx.scope.assertSpecies(row?.speciesId, "That order");
    assertUnchanged(row!, named.find((n) => n.livestockOrderId === id)!.lastModified, `order ${id}`);
    return row!;
  });
}

async function scopedOrder(ctx: AreaContext, tx: TenantTx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That order");
  return row;
}

function lotOrders(db: Db, collectionId: number): Promise<OrderRow[]> {
  return db.select().from(livestockOrders)
    .where(eq(livestockOrders.boxedOrderCollectionId, collectionId)).orderBy(livestockOrders.id);
}

function refuseProblem(orders: readonly OrderRow[]) {
  const problem = boxingProblem(orders);
  if (problem) throw ApiError.validation([{ field: "orders", message: problem }]);
}

/** Once the kill floor holds a carcass of any of them, the lot is fixed. */
async function refuseKilled(db: Db, orders: readonly OrderRow[]) {
  const counts = await carcassCounts(db, orders.map((o) => o.id));
  const killed = orders.find((o) => (counts.get(o.id) ?? 0) > 0);
  if (!killed) return;
  throw ApiError.conflict(
    `Order ${killed.id} already has carcass records: ${
      killed.boxedLotRef ? `lot ${killed.boxedLotRef}` : "it"
    } was killed, so its boxing can no longer change.`,
  );
}

async function carcassCounts(db: Db, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select({ id: carcasses.livestockOrderId, n: count() }).from(carcasses)
    .where(inArray(carcasses.livestockOrderId, [...orderIds])).groupBy(carcasses.livestockOrderId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function toDto(o: OrderRow, supplierName: string, carcassCount: number): BoxingOrder {
  return {
    livestockOrderId: o.id,
    supplierId: o.supplierId,
    supplierName,
    pic: o.pic,
    deliveryDate: o.deliveryDate,
    productionDate: o.productionDate,
    quantityOrdered: o.quantityOrdered,
    totalDelivered: o.totalDelivered,
    totalDoa: o.totalDoa,
    liveHead: liveHead(o),
    orderStatusName: orderStatusName(o.orderStatus),
    agendaLotReference: o.agendaLotReference,
    boxedLotRef: o.boxedLotRef,
    boxedOrderCollectionId: o.boxedOrderCollectionId,
    carcasses: carcassCount,
    lastModified: o.lastModified,
  };
}
