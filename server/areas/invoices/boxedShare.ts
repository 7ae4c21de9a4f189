/**
 * A boxed order's carcasses (livestock boxing, issue 39 item 4): the lot was killed as one, so the kill
 * floor's records name whichever of its mobs the plant chose. The order's invoice takes its share of
 * every carcass of the lot, by the boxing rule (server/areas/livestock/boxing/rules.ts: by live head,
 * dealt heaviest first), so the suppliers' invoices together hold each of the lot's carcasses once.
 */
import { and, eq, inArray, isNotNull, isNull, max, notExists, notInArray } from "drizzle-orm";
import { carcasses, invoiceMobs, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx } from "../context.ts";
import { shareOf } from "../livestock/boxing/rules.ts";

type CarcassRow = typeof carcasses.$inferSelect;

/** The order's share of its boxed lot's carcasses, in kill order. */
export async function boxedShare(
  db: TenantDb | TenantTx,
  order: { id: number; boxedOrderCollectionId: number },
): Promise<CarcassRow[]> {
  const lotOrders = await db.select({
    id: livestockOrders.id,
    totalDelivered: livestockOrders.totalDelivered,
    totalDoa: livestockOrders.totalDoa,
  }).from(livestockOrders).where(eq(livestockOrders.boxedOrderCollectionId, order.boxedOrderCollectionId));
  const ids = lotOrders.map((o) => o.id);
  if (!ids.includes(order.id)) return [];
  const rows = await db.select().from(carcasses).where(inArray(carcasses.livestockOrderId, ids))
    .orderBy(carcasses.productionDate, carcasses.killSequence);
  const mine = new Set(shareOf(order.id, lotOrders, rows).map((c) => c.id));
  return rows.filter((c) => mine.has(c.id));
}

/**
 * The mobs of boxed orders among `orderIds` whose lot has been killed, not yet on an invoice: the kill
 * floor may have recorded the whole lot against another order's mob, yet each order is invoiced for its
 * share. The day is the lot's latest production day.
 */
export async function boxedMobsToInvoice(db: TenantDb | TenantTx, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  const boxed = await db.select({ id: livestockOrders.id, lot: livestockOrders.boxedOrderCollectionId })
    .from(livestockOrders).where(and(
      inArray(livestockOrders.id, [...orderIds]),
      isNotNull(livestockOrders.boxedOrderCollectionId),
    ));
  const out: { mobId: number; orderId: number; speciesId: number; day: string }[] = [];
  for (const lot of new Set(boxed.map((b) => b.lot!))) {
    const members = (await db.select({ id: livestockOrders.id }).from(livestockOrders)
      .where(eq(livestockOrders.boxedOrderCollectionId, lot))).map((o) => o.id);
    const [killed] = await db.select({ day: max(carcasses.productionDate) }).from(carcasses)
      .where(inArray(carcasses.livestockOrderId, members));
    if (!killed?.day) continue;
    const mobs = await db.select({
      id: stockMobs.id,
      orderId: stockMobs.livestockOrderId,
      speciesId: stockMobs.speciesId,
    })
      .from(stockMobs).where(and(
        inArray(stockMobs.livestockOrderId, boxed.filter((b) => b.lot === lot).map((b) => b.id)),
        notInArray(stockMobs.id, db.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs)),
        isNull(stockMobs.mergedIntoId),
      ));
    out.push(
      ...mobs.map((m) => ({ mobId: m.id, orderId: m.orderId, speciesId: m.speciesId, day: killed.day! })),
    );
  }
  return out;
}

/**
 * Boxed orders of a species whose lot has been killed while the kill floor recorded none of its carcasses
 * against the order's own mobs, with those mobs not yet invoiced: each order's first mob carries the
 * order's share of the lot (the to-be-invoiced list shows it, as createFromLots will invoice it).
 */
export async function boxedWithoutOwnCarcasses(
  db: TenantDb | TenantTx,
  speciesId: number,
  livestockOrderId?: number,
): Promise<{ mobId: number; orderId: number; carcasses: number; productionDate: string }[]> {
  const orders = await db.select({ id: livestockOrders.id, lot: livestockOrders.boxedOrderCollectionId })
    .from(livestockOrders).where(and(
      isNotNull(livestockOrders.boxedOrderCollectionId),
      eq(livestockOrders.speciesId, speciesId),
      livestockOrderId ? eq(livestockOrders.id, livestockOrderId) : undefined,
      notExists(
        db.select({ id: carcasses.id }).from(carcasses).where(
          eq(carcasses.livestockOrderId, livestockOrders.id),
        ),
      ),
    ));
  const mobs = await boxedMobsToInvoice(db, orders.map((o) => o.id));
  const out: { mobId: number; orderId: number; carcasses: number; productionDate: string }[] = [];
  for (const o of orders) {
    const own = mobs.filter((m) => m.orderId === o.id).sort((a, b) => a.mobId - b.mobId);
    if (!own.length) continue;
    const share = (await boxedShare(db, { id: o.id, boxedOrderCollectionId: o.lot! })).length;
    own.forEach((m, i) =>
      out.push({ mobId: m.mobId, orderId: o.id, carcasses: i ? 0 : share, productionDate: m.day })
    );
  }
  return out;
}
