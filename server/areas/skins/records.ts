/**
 * Skin records read from the kill: head processed per order and day (service kills left out), the counts
 * recorded for them, and each record as the screens and API show it (lot, supplier, the day's price and
 * value, the invoice paying for it). Shared by the skin grading service's lists and reports.
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoices,
  livestockOrders,
  pricingGridGroups,
  skinCounts,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { skinPriceFor } from "../invoiceSettings/queries.ts";
import { speciesCategoryName } from "../../../kernel/enums.ts";
import { skinValue } from "./rules.ts";
import type { SkinRecord } from "./schemas.ts";

export interface Kill {
  orderId: number;
  day: string;
  head: number;
  /** the lot references of the day's mobs (kill order) */
  lot?: string | null;
}

/** The day's lot references of an order's mobs ("A12, A13b"), from the carcasses' mobs. */
export const LOTS = sql<
  string | null
>`group_concat(distinct ${stockMobs.agendaLotReference} || coalesce(${stockMobs.agendaLotReferenceSuffix}, ''))`;

/** Head processed per order and day (service kills left out). */
export async function killsOf(
  db: AreaContext["db"],
  speciesId: number,
  where: { from?: string; to?: string; orderId?: number },
): Promise<Kill[]> {
  return await db.select({
    orderId: carcasses.livestockOrderId,
    day: carcasses.productionDate,
    head: sql<number>`count(*)`,
    lot: LOTS,
  }).from(carcasses)
    .innerJoin(stockMobs, eq(stockMobs.id, carcasses.stockMobId))
    .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
    .leftJoin(pricingGridGroups, eq(pricingGridGroups.id, livestockOrders.pricingGridGroupId))
    .where(and(
      eq(carcasses.speciesId, speciesId),
      where.from ? gte(carcasses.productionDate, where.from) : undefined,
      where.to ? lte(carcasses.productionDate, where.to) : undefined,
      where.orderId ? eq(carcasses.livestockOrderId, where.orderId) : undefined,
      sql`coalesce(${pricingGridGroups.isServiceKill}, 0) = 0`,
    ))
    .groupBy(carcasses.livestockOrderId, carcasses.productionDate);
}

export async function countsOf(db: AreaContext["db"], kills: { orderId: number; day: string }[]) {
  const byKey = new Map<string, typeof skinCounts.$inferSelect>();
  const orderIds = [...new Set(kills.map((k) => k.orderId))];
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await db.select().from(skinCounts)
      .where(inArray(skinCounts.livestockOrderId, orderIds.slice(i, i + 500)));
    for (const r of rows) byKey.set(`${r.livestockOrderId}:${r.productionDate}`, r);
  }
  return byKey;
}

/** The records of kills: order, supplier, counts, the day's price and value, and the paying invoice. */
export async function recordsOf(
  ctx: AreaContext,
  kills: Kill[],
  counted: Map<string, typeof skinCounts.$inferSelect>,
): Promise<SkinRecord[]> {
  if (!kills.length) return [];
  const orderIds = [...new Set(kills.map((k) => k.orderId))];
  const orders = new Map(
    (await ctx.db.select({
      id: livestockOrders.id,
      speciesId: livestockOrders.speciesId,
      speciesCategoryId: livestockOrders.speciesCategoryId,
      lot: livestockOrders.agendaLotReference,
      supplierName: suppliers.name,
    }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .where(inArray(livestockOrders.id, orderIds))).map((o) => [o.id, o]),
  );
  const paying = await ctx.db.selectDistinct({
    orderId: carcasses.livestockOrderId,
    day: carcasses.productionDate,
    id: invoices.id,
    number: invoices.invoiceNumber,
    status: invoices.status,
  }).from(carcasses).innerJoin(invoiceMobs, eq(invoiceMobs.stockMobId, carcasses.stockMobId))
    .innerJoin(invoices, eq(invoices.id, invoiceMobs.invoiceId))
    .where(inArray(carcasses.livestockOrderId, orderIds));
  const prices = new Map<string, Awaited<ReturnType<typeof skinPriceFor>>>();
  const out: SkinRecord[] = [];
  for (const k of kills) {
    const o = orders.get(k.orderId)!;
    const priceKey = `${o.speciesId}:${o.speciesCategoryId}:${k.day}`;
    if (!prices.has(priceKey)) {
      prices.set(
        priceKey,
        await skinPriceFor(ctx.db, {
          speciesId: o.speciesId,
          speciesCategoryId: o.speciesCategoryId,
          date: k.day,
        }),
      );
    }
    const price = prices.get(priceKey)!;
    const c = counted.get(recordKey(k));
    const counts = c?.counts ?? {};
    const value = price ? skinValue(counts, price.grades) : null;
    const invoice = paying.find((p) => p.orderId === k.orderId && p.day === k.day);
    out.push({
      livestockOrderId: k.orderId,
      productionDate: k.day,
      lotReference: k.lot || o.lot || "",
      supplierName: o.supplierName,
      speciesId: o.speciesId,
      speciesCategory: speciesCategoryName(o.speciesCategoryId),
      totalToProcess: k.head,
      counts,
      totalCounted: c?.total ?? 0,
      isComplete: (c?.total ?? 0) >= k.head,
      priceName: price?.name ?? null,
      valueCents: value?.cents ?? null,
      unpricedGrades: value?.unpriced ?? [],
      invoiceId: invoice?.id ?? null,
      invoiceNumber: invoice?.number ?? null,
      invoiceStatus: invoice?.status ?? null,
      recordedBy: c?.recordedBy ?? null,
      lastModified: c?.lastModified ?? null,
    });
  }
  return out;
}

export const recordKey = (k: { orderId: number; day: string }) => `${k.orderId}:${k.day}`;
