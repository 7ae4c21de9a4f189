/**
 * Boxing as other areas read it: which orders are boxed into which lot, and a lot's orders with their
 * suppliers. The kill agenda (one card per lot, its items kept together) and the yard (a lot's mobs
 * marked as one) read boxing only through these.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { livestockOrders, suppliers } from "../../../../db/tenant/schema.ts";
import { inJsonList } from "../../../../db/jsonRows.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { liveHead } from "./rules.ts";

type Db = AreaContext["db"] | TenantTx;

/** The boxed lot of each of these orders that is boxed (order id → boxedLotRef). */
export async function boxedLotRefsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select({ id: livestockOrders.id, ref: livestockOrders.boxedLotRef })
    .from(livestockOrders)
    .where(
      and(inJsonList(livestockOrders.id, [...new Set(orderIds)]), isNotNull(livestockOrders.boxedLotRef)),
    );
  return new Map(rows.map((r) => [r.id, r.ref!]));
}

/** An order of a boxed lot: its supplier and live head (delivered − DOA). */
export interface BoxedLotMember {
  boxedLotRef: string;
  livestockOrderId: number;
  supplierName: string;
  liveHead: number;
}

/** The orders of these boxed lots, lowest order first. */
export async function boxedLotMembers(db: Db, refs: readonly string[]): Promise<BoxedLotMember[]> {
  if (!refs.length) return [];
  const o = livestockOrders;
  const rows = await db.select({
    ref: o.boxedLotRef,
    id: o.id,
    totalDelivered: o.totalDelivered,
    totalDoa: o.totalDoa,
    supplierName: suppliers.name,
  }).from(o).innerJoin(suppliers, eq(suppliers.id, o.supplierId))
    .where(inJsonList(o.boxedLotRef, [...new Set(refs)])).orderBy(asc(o.id));
  return rows.map((r) => ({
    boxedLotRef: r.ref!,
    livestockOrderId: r.id,
    supplierName: r.supplierName,
    liveHead: liveHead(r),
  }));
}
