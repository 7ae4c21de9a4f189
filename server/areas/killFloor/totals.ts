/**
 * Head counts from the yard and the kill floor, per order: what `reconcile` (rules.ts) reads. After every
 * import or correction the orders it touched get their processed head, and the ones whose every live
 * head is now accounted for are marked complete (their invoice can be made) and move to Processed: the
 * orders area writes that (livestock/orders/writes.ts recordProcessedHead).
 */
import { inArray, sql } from "drizzle-orm";
import { carcasses, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx, Unit } from "../context.ts";
import { recordProcessedHead } from "../livestock/orders/writes.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { type HeadCounts, reconcile } from "./rules.ts";

type Db = TenantDb | TenantTx;

/** Carcass counts per mob (all, condemned whole), for the given mobs. */
export async function carcassCountsByMob(db: Db, mobIds: readonly number[]) {
  const out = new Map<number, { processed: number; condemned: number; weightKg: number }>();
  for (let i = 0; i < mobIds.length; i += 500) {
    const rows = await db.select({
      mobId: carcasses.stockMobId,
      processed: sql<number>`count(*)`,
      condemned: sql<number>`sum(${carcasses.condemned} = 'whole')`,
      weightKg: sql<number>`coalesce(sum(${carcasses.hscwKg}), 0)`,
    }).from(carcasses).where(inArray(carcasses.stockMobId, mobIds.slice(i, i + 500)))
      .groupBy(carcasses.stockMobId);
    for (const r of rows) {
      out.set(r.mobId, { processed: r.processed, condemned: r.condemned ?? 0, weightKg: r.weightKg });
    }
  }
  return out;
}

/** Per order: the yard's and the kill floor's head counts. */
export async function orderHeadCounts(db: Db, orderIds: readonly number[]): Promise<Map<number, HeadCounts>> {
  const out = new Map<number, HeadCounts>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const ids = orderIds.slice(i, i + 500);
    const orders = await db.select({
      id: livestockOrders.id,
      delivered: livestockOrders.totalDelivered,
      doa: livestockOrders.totalDoa,
    }).from(livestockOrders).where(inArray(livestockOrders.id, ids));
    const mobs = await db.select({
      id: stockMobs.id,
      orderId: stockMobs.livestockOrderId,
      head: stockMobs.head,
      status: stockMobs.mobStatus,
    }).from(stockMobs).where(inArray(stockMobs.livestockOrderId, ids));
    const killed = await carcassCountsByMob(db, mobs.map((m) => m.id));
    for (const o of orders) {
      out.set(o.id, {
        liveReceived: o.delivered - o.doa,
        unfit: 0,
        inYard: 0,
        sentToKillFloor: 0,
        processed: 0,
        condemned: 0,
      });
    }
    for (const m of mobs) {
      const c = out.get(m.orderId)!;
      if (m.status === MOB_STATUS.Unfit) c.unfit += m.head;
      else if (m.status === MOB_STATUS.AtKillFloor) c.sentToKillFloor += m.head;
      else c.inYard += m.head;
      const k = killed.get(m.id);
      if (k) {
        c.processed += k.processed;
        c.condemned += k.condemned;
      }
    }
  }
  return out;
}

/**
 * Each order's processed head counted again and handed to the orders area, which marks the ones now
 * complete (the first time every live head is accounted for). Answers the newly complete. Needs only the
 * transaction, so the demo seed calls it too.
 */
export async function refreshOrderTotals(unit: Pick<Unit, "tx">, orderIds: readonly number[], now: string) {
  const counts = await orderHeadCounts(unit.tx, orderIds);
  return await recordProcessedHead(
    unit,
    [...counts].map(([orderId, c]) => ({
      orderId,
      processed: c.processed,
      isComplete: reconcile(c).isComplete,
    })),
    now,
  );
}
