/**
 * An invoice's lot as the kill floor and the NLIS file name it: the kill agenda numbers the mobs (lot and
 * suffix, "S2711/1-01", "B2711/2-03A"), and the order's own lot only while it had no mob on the agenda.
 * So the invoice's lot is its mobs' lots, the order's only when no mob carries one.
 */
import { eq, inArray } from "drizzle-orm";
import { invoiceMobs, invoices, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import type { TenantTx } from "../context.ts";

type MobLot = { agendaLotReference: string | null; agendaLotReferenceSuffix: string | null };

/** "S2711/1-01" or "S2711/1-01A, S2711/1-01B": its mobs' lots in order, else the order's, else "". */
export function invoiceLot(mobs: readonly MobLot[], orderLot: string | null | undefined): string {
  const lots = [
    ...new Set(
      mobs.filter((m) => m.agendaLotReference)
        .map((m) => `${m.agendaLotReference}${m.agendaLotReferenceSuffix ?? ""}`),
    ),
  ].sort();
  return lots.length ? lots.join(", ") : orderLot ?? "";
}

/** The lots of many invoices at once (the lists and reports). */
export async function invoiceLots(db: TenantDb | TenantTx, invoiceIds: readonly number[]) {
  const lots = new Map<number, string>();
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const chunk = invoiceIds.slice(i, i + 500);
    const [mobs, orders] = await Promise.all([
      db.select({
        invoiceId: invoiceMobs.invoiceId,
        agendaLotReference: stockMobs.agendaLotReference,
        agendaLotReferenceSuffix: stockMobs.agendaLotReferenceSuffix,
      }).from(invoiceMobs).innerJoin(stockMobs, eq(stockMobs.id, invoiceMobs.stockMobId))
        .where(inArray(invoiceMobs.invoiceId, chunk)),
      db.select({ id: invoices.id, lot: livestockOrders.agendaLotReference }).from(invoices)
        .innerJoin(livestockOrders, eq(livestockOrders.id, invoices.livestockOrderId))
        .where(inArray(invoices.id, chunk)),
    ]);
    for (const o of orders) lots.set(o.id, invoiceLot(mobs.filter((m) => m.invoiceId === o.id), o.lot));
  }
  return lots;
}
