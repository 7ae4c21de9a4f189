/**
 * The kill floor's reads: a production day's kill floor data for a species at a site (mobs with their head counts
 * reconciled, the day's weight and fat distributions), its carcasses a page at a time, and the rows of the
 * files owed to others (NLIS, MSA, supplier feedback). The species and site are the caller's, chosen as
 * the kill agenda chooses them (its queries.ts: the kill floor reads the agenda only through them). The
 * interchange's reads (clients, ping, errors) and the recent imports are here too: this module is the
 * area's public face for reads.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  carcasses,
  carcassImports,
  livestockOrders,
  stakeholders,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { type AreaContext, nearestDays } from "../context.ts";
import { speciesSiteOf, syncedDay } from "../killAgenda/queries.ts";
import { MOB_STATUS, speciesCategoryName } from "../../../kernel/enums.ts";
import { averageKg, reconcile } from "./rules.ts";
import { daysBetween } from "../../../kernel/dates.ts";
import { ApiError } from "../../http/errors.ts";
import { orderHeadCounts } from "./totals.ts";

export { defectCounts } from "./defectCounts.ts";
export type { DefectCount, DefectCounts } from "./defectCounts.ts";
export { orderDefects } from "./orderDefects.ts";
export type { OrderDefects } from "./orderDefects.ts";
export { integrationErrorList, interchangeClients, pingInterchange } from "./interchange.ts";

export type ImportRow = typeof carcassImports.$inferSelect;

export interface DayScope {
  date?: string;
  speciesId?: number;
  tenantSiteId?: number;
}

/** Weight bands of a day's chart, by species (kg). */
const WEIGHT_BANDS: Record<number, number[]> = {
  1: [16, 18, 20, 22, 24, 26, 28, 30],
  2: [150, 200, 250, 300, 350, 400],
  3: [50, 60, 70, 80, 90, 100],
  4: [8, 12, 16, 20, 24],
};

const mobLot = (lot: string | null, suffix: string | null, orderId: number) =>
  lot ? `${lot}${suffix ?? ""}` : `Order ${orderId}`;

/** The day asked for (the caller's species and site, as the kill agenda chooses them), its agenda built. */
async function dayOf(ctx: AreaContext, q: DayScope) {
  const { speciesId, siteId } = await speciesSiteOf(ctx, q);
  const date = q.date ?? ctx.today;
  // the day's lots are the kill agenda's: built (and numbered) the first time the day is looked at
  await syncedDay(ctx, { date, speciesId, siteId });
  const site = ctx.scope.sites.find((s) => s.id === siteId);
  return { date, speciesId, siteId, siteName: site?.name ?? "", species: ctx.scope.speciesName(speciesId) };
}

/** GetKillFloorDay: the day's mobs (sent to the kill floor, or with carcasses) and its totals. */
export async function killFloorDay(ctx: AreaContext, q: DayScope) {
  const scope = await dayOf(ctx, q);
  const { date, speciesId, siteId } = scope;
  const killed = await ctx.db.select({
    mobId: carcasses.stockMobId,
    processed: count(),
    condemned: sql<number>`sum(${carcasses.condemned} = 'whole')`,
    partCondemned: sql<number>`sum(${carcasses.condemned} = 'part')`,
    weightKg: sql<number>`coalesce(sum(${carcasses.hscwKg}), 0)`,
    fatMm: sql<number>`avg(${carcasses.fatDepthMm})`,
    corrected: sql<number>`sum(${carcasses.isCorrected})`,
  }).from(carcasses).where(and(
    eq(carcasses.productionDate, date),
    eq(carcasses.speciesId, speciesId),
    eq(carcasses.tenantSiteId, siteId),
  )).groupBy(carcasses.stockMobId);
  const byMob = new Map(killed.map((k) => [k.mobId, k]));
  const siteMatch = siteId ? eq(stockMobs.tenantSiteId, siteId) : isNull(stockMobs.tenantSiteId);
  const mobs = await ctx.db.select({
    id: stockMobs.id,
    orderId: stockMobs.livestockOrderId,
    head: stockMobs.head,
    mobStatus: stockMobs.mobStatus,
    lot: stockMobs.agendaLotReference,
    suffix: stockMobs.agendaLotReferenceSuffix,
    pic: stockMobs.pic,
    categoryId: stockMobs.speciesCategoryId,
    supplierName: suppliers.name,
    supplierId: stockMobs.supplierId,
    sentAt: stockMobs.sentToKillFloorAt,
  }).from(stockMobs).innerJoin(suppliers, eq(suppliers.id, stockMobs.supplierId)).where(or(
    and(
      eq(stockMobs.applicableProductionDate, date),
      eq(stockMobs.speciesId, speciesId),
      siteMatch,
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
    ),
    killed.length ? inArray(stockMobs.id, killed.map((k) => k.mobId)) : sql`0`,
  )).orderBy(asc(stockMobs.agendaLotReference), asc(stockMobs.agendaLotReferenceSuffix), asc(stockMobs.id));
  const orders = await orderHeadCounts(ctx.db, [...new Set(mobs.map((m) => m.orderId))]);
  const rows = mobs.map((m) => {
    const k = byMob.get(m.id);
    const processed = k?.processed ?? 0;
    const passed = processed - (k?.condemned ?? 0);
    const order = reconcile(orders.get(m.orderId)!);
    return {
      stockMobId: m.id,
      livestockOrderId: m.orderId,
      lot: mobLot(m.lot, m.suffix, m.orderId),
      supplierId: m.supplierId,
      supplierName: m.supplierName,
      pic: m.pic,
      category: speciesCategoryName(m.categoryId),
      head: m.mobStatus === MOB_STATUS.AtKillFloor ? m.head : 0,
      processed,
      condemned: k?.condemned ?? 0,
      partCondemned: k?.partCondemned ?? 0,
      corrected: k?.corrected ?? 0,
      weightKg: Math.round((k?.weightKg ?? 0) * 10) / 10,
      averageKg: averageKg(k?.weightKg ?? 0, passed),
      averageFatMm: k?.fatMm == null ? null : Math.round(k.fatMm * 10) / 10,
      awaiting: Math.max(0, (m.mobStatus === MOB_STATUS.AtKillFloor ? m.head : 0) - processed),
      orderSummary: order.summary,
      isOrderComplete: order.isComplete,
    };
  });
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + f(r), 0);
  const passed = sum((r) => r.processed - r.condemned);
  return {
    ...scope,
    mobs: rows,
    totals: {
      head: sum((r) => r.head),
      processed: sum((r) => r.processed),
      condemned: sum((r) => r.condemned),
      partCondemned: sum((r) => r.partCondemned),
      awaiting: sum((r) => r.awaiting),
      weightKg: Math.round(sum((r) => r.weightKg) * 10) / 10,
      averageKg: averageKg(sum((r) => r.weightKg), passed),
    },
    weightBands: await weightBands(ctx, scope),
    fatScores: await fatScores(ctx, scope),
    // a day nothing was killed names the nearest days with carcasses, along their day-first index
    nearestDays: rows.length ? { before: null, after: null } : await nearestDays(
      ctx,
      carcasses,
      carcasses.productionDate,
      and(eq(carcasses.speciesId, speciesId), eq(carcasses.tenantSiteId, siteId)),
      date,
    ),
  };
}

async function weightBands(
  ctx: AreaContext,
  { date, speciesId, siteId }: { date: string; speciesId: number; siteId: number },
) {
  const edges = WEIGHT_BANDS[speciesId] ?? WEIGHT_BANDS[1];
  const band = sql<number>`case ${
    sql.join(edges.map((e, i) => sql`when ${carcasses.hscwKg} < ${e} then ${i}`), sql` `)
  } else ${edges.length} end`;
  const rows = await ctx.db.select({ band, n: count() }).from(carcasses).where(and(
    eq(carcasses.productionDate, date),
    eq(carcasses.speciesId, speciesId),
    eq(carcasses.tenantSiteId, siteId),
    sql`${carcasses.condemned} <> 'whole'`,
  )).groupBy(band);
  const counts = new Map(rows.map((r) => [Number(r.band), r.n]));
  return [...edges, Infinity].map((edge, i) => ({
    label: i === 0 ? `<${edge}` : edge === Infinity ? `${edges[i - 1]}+` : `${edges[i - 1]}`,
    count: counts.get(i) ?? 0,
  }));
}

async function fatScores(
  ctx: AreaContext,
  { date, speciesId, siteId }: { date: string; speciesId: number; siteId: number },
) {
  const rows = await ctx.db.select({ score: carcasses.fatScore, n: count() }).from(carcasses).where(
    and(
      eq(carcasses.productionDate, date),
      eq(carcasses.speciesId, speciesId),
      eq(carcasses.tenantSiteId, siteId),
    ),
  ).groupBy(carcasses.fatScore);
  const counts = new Map(rows.map((r) => [r.score, r.n]));
  return [1, 2, 3, 4, 5, 6].map((score) => ({ score, count: counts.get(score) ?? 0 }));
}

/** GetCarcasses: a page of the day's carcasses in kill order (one mob's when given). */
export async function carcassPage(
  ctx: AreaContext,
  q: DayScope & { stockMobId?: number },
  page: { offset: number; limit: number },
) {
  const { date, speciesId, siteId } = await dayOf(ctx, q);
  const where = and(
    eq(carcasses.productionDate, date),
    eq(carcasses.speciesId, speciesId),
    eq(carcasses.tenantSiteId, siteId),
    q.stockMobId ? eq(carcasses.stockMobId, q.stockMobId) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(carcasses).where(where);
  const rows = await ctx.db.select().from(carcasses).where(where)
    .orderBy(asc(carcasses.killSequence), asc(carcasses.bodyNumber)).limit(page.limit).offset(page.offset);
  return { rows, total };
}

/** One carcass (the correction form), or null. */
export async function carcass(ctx: AreaContext, id: number) {
  const [row] = await ctx.db.select().from(carcasses).where(eq(carcasses.id, id));
  return row ?? null;
}

/** The day's carcasses with their lot, PIC and supplier: what the export files are made of. */
export async function exportRows(ctx: AreaContext, q: DayScope & { supplierId?: number; to?: string }) {
  const from = q.date ?? ctx.today;
  if (q.to && (daysBetween(from, q.to) < 0 || daysBetween(from, q.to) > 31)) {
    throw ApiError.validation([{
      field: "to",
      message: "Choose an end day from the start day to 31 days after it.",
    }]);
  }
  const { date, speciesId, siteId, species } = await dayOf(ctx, q);
  const rows = await ctx.db.select({
    c: carcasses,
    lot: stockMobs.agendaLotReference,
    suffix: stockMobs.agendaLotReferenceSuffix,
    pic: stockMobs.pic,
    supplierName: suppliers.name,
    nvd: livestockOrders.nvd,
  }).from(carcasses)
    .innerJoin(stockMobs, eq(stockMobs.id, carcasses.stockMobId))
    .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
    .innerJoin(suppliers, eq(suppliers.id, carcasses.supplierId))
    .where(and(
      q.to ? gte(carcasses.productionDate, date) : eq(carcasses.productionDate, date),
      q.to ? lte(carcasses.productionDate, q.to) : undefined,
      eq(carcasses.speciesId, speciesId),
      eq(carcasses.tenantSiteId, siteId),
      q.supplierId ? eq(carcasses.supplierId, q.supplierId) : undefined,
    ))
    .orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence), asc(carcasses.bodyNumber));
  // the plant's PIC: on the processor's own party record (the one that heads its invoices)
  const [own] = await ctx.db.select({ pic: stakeholders.pic }).from(stakeholders)
    .where(eq(stakeholders.isTenant, true)).limit(1);
  return {
    date,
    species,
    speciesId,
    siteId,
    plantPic: own?.pic ?? "",
    rows: rows.map((r) => ({
      ...r.c,
      lot: mobLot(r.lot, r.suffix, r.c.livestockOrderId),
      pic: r.pic,
      supplierName: r.supplierName,
      nvd: r.nvd,
    })),
  };
}

/** The latest carcass files and batches, newest first (at most 100). */
export function recentImports(ctx: AreaContext, limit = 20): Promise<ImportRow[]> {
  return ctx.db.select().from(carcassImports).orderBy(desc(carcassImports.id)).limit(Math.min(limit, 100));
}
