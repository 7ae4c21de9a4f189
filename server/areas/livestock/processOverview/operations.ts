/**
 * The processing overview's reads: a production day's orders with their loads, mobs and carcass records,
 * and one order across its days. Only reads: the orders, the yard and the kill floor own these tables.
 * Four queries a day whatever its size (orders, loads, mobs, carcass counts), each on an index.
 */
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import {
  carcasses,
  deliveryLoads,
  livestockOrders,
  pens,
  stockMobs,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { type AreaContext, nearestDays } from "../../context.ts";
import { keptUntilChange } from "../../keptReads.ts";
import { ApiError } from "../../../http/errors.ts";
import {
  ORDER_STATUS,
  orderStatusName,
  orderStatusText,
  speciesCategoryName,
} from "../../../../kernel/enums.ts";
import {
  type CarcassCounts,
  daysOf,
  type LoadSums,
  type MobRow,
  orderFigures,
  percentProcessed,
  PLACE_WORDS,
  placeOf,
  progressWords,
  sumFigures,
  totalsBy,
} from "./rules.ts";
import type {
  OverviewOrder,
  OverviewQuery,
  ProcessingOverview,
  ProcessingOverviewByOrder,
} from "./schemas.ts";

const CHUNK = 500;

const orderColumns = {
  id: livestockOrders.id,
  speciesId: livestockOrders.speciesId,
  speciesCategoryId: livestockOrders.speciesCategoryId,
  supplierId: livestockOrders.supplierId,
  supplierName: suppliers.name,
  orderStatus: livestockOrders.orderStatus,
  quantityOrdered: livestockOrders.quantityOrdered,
  totalUnloaded: livestockOrders.totalUnloaded,
  lot: livestockOrders.agendaLotReference,
  pic: livestockOrders.pic,
  deliveryDate: livestockOrders.deliveryDate,
  productionDate: livestockOrders.productionDate,
};

/** Orders with their supplier's name, in lot order. */
function readOrders(ctx: AreaContext, where: SQL | undefined) {
  return ctx.db.select(orderColumns).from(livestockOrders)
    .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(where).orderBy(livestockOrders.agendaLotReference, livestockOrders.id);
}
type OrderRead = Awaited<ReturnType<typeof readOrders>>[number];

/** GetLivestockOrderProcessingOverview: a production day's orders (one species or all of the caller's). */
export async function overviewOfDay(ctx: AreaContext, q: OverviewQuery): Promise<ProcessingOverview> {
  if (q.speciesId !== undefined) ctx.scope.assertSpecies(q.speciesId, "That species");
  const date = q.productionDate ?? ctx.today;
  const species = q.speciesId ? [q.speciesId] : [...ctx.scope.speciesIds];
  // an order is on the day when it is planned for it or a mob of it is (a union: each side on its index)
  const onDay = inArray(
    livestockOrders.id,
    union(
      ctx.db.select({ id: livestockOrders.id }).from(livestockOrders).where(
        eq(livestockOrders.productionDate, date),
      ),
      ctx.db.select({ id: stockMobs.livestockOrderId }).from(stockMobs)
        .where(eq(stockMobs.applicableProductionDate, date)),
    ),
  );
  // every open overview (office PCs, a TV) re-reads after each push: one read per change of the database
  const orders = await keptUntilChange(ctx.db, `processOverview:${date}:${species.join(",")}`, async () => {
    const rows = species.length
      ? await readOrders(
        ctx,
        and(
          inArray(livestockOrders.speciesId, species),
          ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
          onDay,
        ),
      )
      : [];
    return answerOrders(ctx, rows);
  });
  return {
    productionDate: date,
    // a day without orders names the nearest days with some (of these species, not cancelled)
    nearestDays: orders.length || !species.length ? { before: null, after: null } : await nearestDays(
      ctx,
      livestockOrders,
      livestockOrders.productionDate,
      and(
        inArray(livestockOrders.speciesId, species),
        ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
      ),
      date,
    ),
    speciesId: q.speciesId ?? null,
    species: q.speciesId ? ctx.scope.speciesName(q.speciesId) : "Every species",
    orders,
    bySpecies: totalsBy(orders, (o) => o.speciesId, (o) => o.species),
    bySupplier: totalsBy(orders, (o) => o.supplierId, (o) => o.supplierName),
    total: sumFigures(orders.map((o) => o.figures)),
  };
}

/** GetLivestockOrderProcessingOverviewByOrder: one order's figures and its production days. */
export async function overviewOfOrder(ctx: AreaContext, id: number): Promise<ProcessingOverviewByOrder> {
  const [row] = await readOrders(ctx, eq(livestockOrders.id, id));
  if (!row) throw ApiError.notFound("That order does not exist.");
  ctx.scope.assertSpecies(row.speciesId, "That order");
  const [order] = await answerOrders(ctx, [row]);
  const carcassDays = await ctx.db.select({
    date: carcasses.productionDate,
    mobId: carcasses.stockMobId,
    processed: sql<number>`count(*)`,
    condemned: sql<number>`coalesce(sum(${carcasses.condemned} = 'whole'), 0)`,
  }).from(carcasses).where(eq(carcasses.livestockOrderId, id))
    .groupBy(carcasses.productionDate, carcasses.stockMobId);
  return { order, days: daysOf(order.mobs, carcassDays) };
}

/** The orders' answers: their loads, mobs and carcass counts read in a few queries. */
async function answerOrders(ctx: AreaContext, rows: OrderRead[]): Promise<OverviewOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const loads = new Map<number, LoadSums>();
  const mobsOf = new Map<
    number,
    (MobRow & { lot: string; penName: string | null; productionDate: string | null })[]
  >();
  const killed = new Map<number, CarcassCounts>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const [loadRows, mobRows] = await Promise.all([
      ctx.db.select({
        orderId: deliveryLoads.livestockOrderId,
        loads: sql<number>`count(*)`,
        head: sql<number>`sum(${deliveryLoads.head})`,
        doa: sql<number>`sum(${deliveryLoads.doa})`,
      }).from(deliveryLoads).where(inArray(deliveryLoads.livestockOrderId, part))
        .groupBy(deliveryLoads.livestockOrderId),
      ctx.db.select({
        id: stockMobs.id,
        orderId: stockMobs.livestockOrderId,
        head: stockMobs.head,
        mobStatus: stockMobs.mobStatus,
        penId: stockMobs.penId,
        isInBin: stockMobs.isInBin,
        lot: stockMobs.agendaLotReference,
        suffix: stockMobs.agendaLotReferenceSuffix,
        productionDate: stockMobs.applicableProductionDate,
        sort: stockMobs.sort,
      }).from(stockMobs).where(inArray(stockMobs.livestockOrderId, part)),
    ]);
    const mobIds = mobRows.map((m) => m.id);
    const penIds = [...new Set(mobRows.flatMap((m) => m.penId == null ? [] : [m.penId]))];
    // counted on the carcasses' mob index (each mob's records); condemned ones are few but need the rows
    const [carcassRows, condemnedRows, penRows] = await Promise.all([
      mobIds.length
        ? ctx.db.select({ mobId: carcasses.stockMobId, n: sql<number>`count(*)` }).from(carcasses)
          .where(inArray(carcasses.stockMobId, mobIds)).groupBy(carcasses.stockMobId)
        : [],
      mobIds.length
        ? ctx.db.select({ mobId: carcasses.stockMobId, n: sql<number>`count(*)` }).from(carcasses)
          .where(and(inArray(carcasses.stockMobId, mobIds), eq(carcasses.condemned, "whole")))
          .groupBy(carcasses.stockMobId)
        : [],
      penIds.length
        ? ctx.db.select({ id: pens.id, name: pens.name }).from(pens).where(inArray(pens.id, penIds))
        : [],
    ]);
    const penName = new Map(penRows.map((p) => [p.id, p.name]));
    const condemned = new Map(condemnedRows.map((c) => [c.mobId, c.n]));
    mobRows.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const l of loadRows) loads.set(l.orderId, { loads: l.loads, head: l.head ?? 0, doa: l.doa ?? 0 });
    for (const m of mobRows) {
      const list = mobsOf.get(m.orderId) ?? [];
      list.push({
        ...m,
        lot: `${m.lot ?? ""}${m.suffix ?? ""}`,
        isInBin: !!m.isInBin,
        penName: m.penId == null ? null : penName.get(m.penId) ?? null,
      });
      mobsOf.set(m.orderId, list);
    }
    for (const c of carcassRows) {
      killed.set(c.mobId, { processed: c.n, condemned: condemned.get(c.mobId) ?? 0 });
    }
  }
  return rows.map((o) => {
    const mobs = mobsOf.get(o.id) ?? [];
    const figures = orderFigures(o, loads.get(o.id), mobs, killed);
    const status = orderStatusName(o.orderStatus);
    const lot = o.lot ?? `Order ${o.id}`;
    return {
      livestockOrderId: o.id,
      lot,
      speciesId: o.speciesId,
      species: ctx.scope.speciesName(o.speciesId),
      category: speciesCategoryName(o.speciesCategoryId),
      supplierId: o.supplierId,
      supplierName: o.supplierName,
      pic: o.pic,
      deliveryDate: o.deliveryDate,
      productionDate: o.productionDate,
      orderStatus: o.orderStatus,
      orderStatusName: orderStatusText(status),
      progress: progressWords(figures),
      percentProcessed: percentProcessed(figures),
      figures,
      // a mob merged into another keeps 0 head and no records: nothing to show
      mobs: mobs.filter((m) => m.head > 0 || killed.has(m.id)).map((m) => {
        const place = placeOf(m);
        return {
          stockMobId: m.id,
          lot: m.lot || lot,
          head: m.head,
          place,
          placeWords: PLACE_WORDS[place],
          penName: m.penName,
          productionDate: m.productionDate,
          processed: killed.get(m.id)?.processed ?? 0,
          condemned: killed.get(m.id)?.condemned ?? 0,
        };
      }),
    };
  });
}
