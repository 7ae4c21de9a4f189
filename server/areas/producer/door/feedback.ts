/**
 * The door's feedback reads (scope "feedback"): the linked suppliers' killed lots, their carcasses, the grid
 * a lot was bought on and the trend of the latest lots with the plant's anonymous average.
 */
import { and, asc, count, desc, eq, gte, inArray, max, sql } from "drizzle-orm";
import type { TenantDb } from "../../../../db/client.ts";
import { carcasses } from "../../../../db/tenant/killFloor.ts";
import { livestockOrders, pricingGrids, suppliers } from "../../../../db/tenant/livestock.ts";
import { gridFor } from "../../pricing/rules.ts";
import { anonymousAverage } from "../feedback/trend.ts";
import type { AreaContext } from "../../context.ts";
import { linkedFrom, type OpenLink, readThrough } from "./link.ts";

/** The linked suppliers' carcasses from the visible-from day (the filter every feedback read starts from). */
const visibleCarcasses = (link: OpenLink) => linkedFrom(link, carcasses.supplierId, carcasses.productionDate);

export interface KillLot {
  livestockOrderId: number;
  productionDate: string;
  speciesId: number;
  supplierName: string;
  pic: string;
  head: number;
  condemned: number;
  averageHscwKg: number;
}

/** The linked suppliers' killed lots (one per order), newest kill first, at most `limit`. */
export function killLots(ctx: AreaContext, link: OpenLink, limit = 200): Promise<KillLot[]> {
  return readThrough(ctx, link, "killLots", (db) =>
    db.select({
      livestockOrderId: carcasses.livestockOrderId,
      productionDate: max(carcasses.productionDate),
      speciesId: max(carcasses.speciesId),
      supplierName: max(suppliers.name),
      pic: max(livestockOrders.pic),
      head: count(),
      condemned: sql<number>`sum(case when ${carcasses.condemned} = 'whole' then 1 else 0 end)`,
      averageHscwKg: sql<
        number
      >`round(avg(case when ${carcasses.condemned} = 'whole' then null else ${carcasses.hscwKg} end), 1)`,
    }).from(carcasses)
      .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
      .innerJoin(suppliers, eq(suppliers.id, carcasses.supplierId))
      .where(visibleCarcasses(link))
      .groupBy(carcasses.livestockOrderId)
      .orderBy(desc(max(carcasses.productionDate)), desc(carcasses.livestockOrderId))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          ...r,
          productionDate: r.productionDate ?? "",
          speciesId: r.speciesId ?? 0,
          supplierName: r.supplierName ?? "",
          pic: r.pic ?? "",
          condemned: Number(r.condemned ?? 0),
          averageHscwKg: Number(r.averageHscwKg ?? 0),
        }))
      ));
}

export type FeedbackCarcass = typeof carcasses.$inferSelect & {
  supplierName: string;
  pic: string;
  nvd: string;
};

type FeedbackQuery = { livestockOrderId?: number; from?: string; to?: string };

const feedbackRows = (db: TenantDb, link: OpenLink, q: FeedbackQuery): Promise<FeedbackCarcass[]> =>
  db.select({
    c: carcasses,
    supplierName: suppliers.name,
    pic: livestockOrders.pic,
    nvd: livestockOrders.nvd,
  })
    .from(carcasses)
    .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
    .innerJoin(suppliers, eq(suppliers.id, carcasses.supplierId))
    .where(and(
      visibleCarcasses(link),
      q.livestockOrderId ? eq(carcasses.livestockOrderId, q.livestockOrderId) : undefined,
      q.from ? gte(carcasses.productionDate, q.from) : undefined,
      q.to ? sql`${carcasses.productionDate} <= ${q.to}` : undefined,
    ))
    .orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence), asc(carcasses.bodyNumber))
    .then((rows) => rows.map((r) => ({ ...r.c, supplierName: r.supplierName, pic: r.pic, nvd: r.nvd })));

/**
 * Per-carcass feedback of the linked suppliers: one lot (an order id) or the kill days `from`–`to`, in kill
 * order. Another supplier's order, or one killed before visible-from, answers no rows.
 */
export function feedbackCarcasses(
  ctx: AreaContext,
  link: OpenLink,
  q: FeedbackQuery,
): Promise<FeedbackCarcass[]> {
  const what = q.livestockOrderId ? `feedback lot ${q.livestockOrderId}` : `feedback ${q.from}–${q.to}`;
  return readThrough(ctx, link, what, (db) => feedbackRows(db, link, q));
}

/** One lot's carcasses and the grid it was bought on, as one audited read (the lot page). */
export function lotWithGrid(ctx: AreaContext, link: OpenLink, livestockOrderId: number) {
  return readThrough(ctx, link, `feedback lot ${livestockOrderId} with its grid`, async (db) => ({
    carcasses: await feedbackRows(db, link, { livestockOrderId }),
    grid: await gridOf(db, link, livestockOrderId),
  }));
}

/**
 * The grid a linked lot was bought on (its order's pricing group, the grid for its species category), or
 * null: a lot of another supplier or before visible-from answers null, as does an order without a grid.
 */
async function gridOf(db: TenantDb, link: OpenLink, livestockOrderId: number) {
  const [order] = await db.select({
    groupId: livestockOrders.pricingGridGroupId,
    categoryId: livestockOrders.speciesCategoryId,
  }).from(livestockOrders).where(and(
    eq(livestockOrders.id, livestockOrderId),
    inArray(livestockOrders.supplierId, [...link.supplierIds]),
  ));
  if (!order?.groupId) return null;
  const grids = await db.select().from(pricingGrids).where(
    eq(pricingGrids.pricingGridGroupId, order.groupId),
  );
  const grid = gridFor(grids, order.categoryId) ?? grids.sort((a, b) => a.priority - b.priority)[0] ?? null;
  return grid?.cells ? { reference: grid.reference, cells: grid.cells } : null;
}

/** A lot of the trend: its kill day, species, carcasses and grid (the page makes its point from them). */
export interface TrendLot {
  livestockOrderId: number;
  productionDate: string;
  speciesId: number;
  carcasses: FeedbackCarcass[];
  grid: Awaited<ReturnType<typeof gridOf>>;
  /** the plant's average HSCW that kill day and species, only when ≥ 5 suppliers killed (else null) */
  plantAverageKg: number | null;
}

/**
 * The linked suppliers' latest `limit` lots, oldest first, each with its grid and the plant's anonymous
 * average for its day and species, as one audited read. The average is left out below five suppliers here,
 * inside the door, so no smaller group's figure leaves the processor's database.
 */
export function trendLots(ctx: AreaContext, link: OpenLink, limit = 12): Promise<TrendLot[]> {
  return readThrough(ctx, link, `trend of ${limit} lots`, async (db) => {
    const lots = await db.select({
      livestockOrderId: carcasses.livestockOrderId,
      productionDate: max(carcasses.productionDate),
      speciesId: max(carcasses.speciesId),
    }).from(carcasses).where(visibleCarcasses(link))
      .groupBy(carcasses.livestockOrderId)
      .orderBy(desc(max(carcasses.productionDate)), desc(carcasses.livestockOrderId))
      .limit(limit);
    const days = [...new Set(lots.map((l) => l.productionDate ?? ""))];
    const plant = days.length
      ? await db.select({
        day: carcasses.productionDate,
        speciesId: carcasses.speciesId,
        suppliers: sql<number>`count(distinct ${carcasses.supplierId})`,
        averageKg: sql<
          number | null
        >`round(avg(case when ${carcasses.condemned} = 'whole' then null else ${carcasses.hscwKg} end), 1)`,
      }).from(carcasses).where(inArray(carcasses.productionDate, days))
        .groupBy(carcasses.productionDate, carcasses.speciesId)
      : [];
    const averageOf = (day: string, speciesId: number) => {
      const g = plant.find((p) => p.day === day && p.speciesId === speciesId);
      return g ? anonymousAverage({ suppliers: Number(g.suppliers), averageKg: g.averageKg }) : null;
    };
    const out: TrendLot[] = [];
    for (const l of lots.reverse()) {
      const day = l.productionDate ?? "", speciesId = l.speciesId ?? 0;
      out.push({
        livestockOrderId: l.livestockOrderId,
        productionDate: day,
        speciesId,
        carcasses: await feedbackRows(db, link, { livestockOrderId: l.livestockOrderId }),
        grid: await gridOf(db, link, l.livestockOrderId),
        plantAverageKg: averageOf(day, speciesId),
      });
    }
    return out;
  });
}
