/**
 * Balance data (spec 1 §7 "balance data"): where an order's head stand, mob by mob — the yard's head, where
 * each mob is, its carcasses and condemned — and the order's reconciliation, so a person balancing head
 * between mobs (BalanceNumberOfHeadInMobs) or correcting a count sees what does not add up.
 */
import { eq } from "drizzle-orm";
import { livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { type MobStatusName, mobStatusName } from "../../../kernel/enums.ts";
import { carcassCountsByMob, orderHeadCounts } from "./totals.ts";
import { reconcile } from "./rules.ts";

/** Where a mob is, in plain words. */
const WHERE: Record<MobStatusName, string> = {
  InPaddock: "In a paddock",
  MovingBetweenYards: "Moving between yards",
  InYard: "In the yard",
  AtKillFloor: "Sent to the kill floor",
  Unfit: "Unfit",
  PendingKillFloorMove: "Waiting to go to the kill floor",
  ReadyToProcess: "Ready to process",
};

/** GetBalanceData: an order's head counts mob by mob and reconciled. */
export async function balanceData(ctx: AreaContext, livestockOrderId: number) {
  const [order] = await ctx.db.select({
    id: livestockOrders.id,
    speciesId: livestockOrders.speciesId,
    tenantSiteId: livestockOrders.tenantSiteId,
    quantityOrdered: livestockOrders.quantityOrdered,
    totalDelivered: livestockOrders.totalDelivered,
    totalDoa: livestockOrders.totalDoa,
  }).from(livestockOrders).where(eq(livestockOrders.id, livestockOrderId));
  ctx.scope.assertSpecies(order?.speciesId, "That order");
  if (order.tenantSiteId) ctx.scope.assertSite(order.tenantSiteId, "That order");
  const mobs = await ctx.db.select({
    stockMobId: stockMobs.id,
    lot: stockMobs.agendaLotReference,
    suffix: stockMobs.agendaLotReferenceSuffix,
    head: stockMobs.head,
    mobStatus: stockMobs.mobStatus,
    mergedIntoId: stockMobs.mergedIntoId,
  }).from(stockMobs).where(eq(stockMobs.livestockOrderId, order.id)).orderBy(stockMobs.id);
  const killed = await carcassCountsByMob(ctx.db, mobs.map((m) => m.stockMobId));
  const counts = (await orderHeadCounts(ctx.db, [order.id])).get(order.id)!;
  return {
    livestockOrderId: order.id,
    quantityOrdered: order.quantityOrdered,
    delivered: order.totalDelivered,
    doa: order.totalDoa,
    headInMobs: mobs.reduce((n, m) => n + m.head, 0),
    counts,
    reconciliation: reconcile(counts),
    mobs: mobs.map((m) => ({
      stockMobId: m.stockMobId,
      lotReference: m.lot ? `${m.lot}${m.suffix ?? ""}` : null,
      head: m.head,
      status: WHERE[mobStatusName(m.mobStatus)],
      mergedIntoId: m.mergedIntoId,
      processed: killed.get(m.stockMobId)?.processed ?? 0,
      condemned: killed.get(m.stockMobId)?.condemned ?? 0,
    })),
  };
}
