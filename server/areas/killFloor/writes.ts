/**
 * The kill floor's writes that other areas call (it owns carcasses, carcassImports, interchangeClients and
 * integrationErrors): each takes the caller's `unit` first, so it joins their transaction.
 */
import { and, count, eq, gte, inArray, lte } from "drizzle-orm";
import { carcasses, integrationErrors } from "../../../db/tenant/schema.ts";
import type { Unit } from "../unit.ts";
import { displayName } from "../audit.ts";
import { announceOrdersRecounted } from "../livestock/orders/writes.ts";
import { refigureDrafts } from "../invoices/writes.ts";
import { refreshOrderTotals } from "./totals.ts";

/** Integration errors marked as seen by the caller (the integration error notifications). */
export async function acknowledgeIntegrationErrors(unit: Unit, ids: number[]) {
  await unit.tx.update(integrationErrors).set({
    acknowledgedAt: new Date().toISOString(),
    acknowledgedBy: displayName(unit.ctx.caller),
  }).where(inArray(integrationErrors.id, ids));
  return { acknowledged: ids.length };
}

/**
 * Reprocessing (the super user's, for data that came in around the app's own screens): the orders with
 * carcasses on these kill days have their processed head counted again from the records (an order now
 * complete is marked so) and their draft invoices computed afresh when next read; published invoices
 * never change. The orders' and the drafts' screens hear of it after the commit.
 */
export async function recountKillDays(unit: Unit, fromDate: string, toDate: string) {
  const inPeriod = and(gte(carcasses.productionDate, fromDate), lte(carcasses.productionDate, toDate));
  const [{ n }] = await unit.tx.select({ n: count() }).from(carcasses).where(inPeriod);
  const orderIds = (await unit.tx.selectDistinct({ id: carcasses.livestockOrderId }).from(carcasses)
    .where(inPeriod)).map((r) => r.id);
  if (!orderIds.length) return { carcasses: n, orderIds, completed: [], drafts: [] };
  const completed = await refreshOrderTotals(unit, orderIds, new Date().toISOString());
  const drafts = await refigureDrafts(unit, { livestockOrderIds: orderIds });
  announceOrdersRecounted(unit, orderIds);
  return { carcasses: n, orderIds, completed, drafts };
}

// ---------- for the invoices (its demo seed) ----------

/**
 * A kill floor correction of a mob's first carcass (by body number): its hot standard carcass weight
 * changed by `kg` and marked corrected, as a re-weigh would. A wholly condemned carcass is left alone.
 * Answers whether one was corrected.
 */
export async function correctFirstCarcassWeight(
  unit: Pick<Unit, "tx">,
  stockMobId: number,
  kg: number,
): Promise<boolean> {
  const [c] = await unit.tx.select().from(carcasses).where(eq(carcasses.stockMobId, stockMobId))
    .orderBy(carcasses.bodyNumber).limit(1);
  if (!c || c.condemned === "whole") return false;
  await unit.tx.update(carcasses).set({
    hscwKg: Math.round((c.hscwKg + kg) * 10) / 10,
    isCorrected: true,
    lastModified: new Date().toISOString(),
  }).where(eq(carcasses.id, c.id));
  return true;
}
