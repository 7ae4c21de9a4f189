/**
 * A boxed order's carcasses (livestock boxing, issue 39 item 4): the lot was killed as one, so the kill
 * floor's records name whichever of its mobs the plant chose. The order's invoice takes its share of
 * every carcass of the lot, by the boxing rule (server/areas/livestock/boxing/rules.ts: by live head,
 * dealt heaviest first), so the suppliers' invoices together hold each of the lot's carcasses once.
 */
import { eq, inArray } from "drizzle-orm";
import { carcasses, livestockOrders } from "../../../db/tenant/schema.ts";
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
