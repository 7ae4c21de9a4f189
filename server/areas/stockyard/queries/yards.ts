/**
 * The yards as a site has them: the yard lookup every stockyard read and action starts from (a yard of
 * the caller's sites, 404 otherwise), the yards' summaries (head, pens, pens used), where the yard
 * screen opens, and their setup as Settings › Yards & paddocks shows it (yard, site, species, pens with
 * their layout and head).
 */
import { and, asc, count, countDistinct, eq, gt, inArray, isNotNull, sum } from "drizzle-orm";
import { pens, stockMobs, stockyards } from "../../../../db/tenant/schema.ts";
import { defaultSiteId } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import type { StockyardSetup, YardSummary } from "../schemas.ts";
import type { In } from "../../areaApi.ts";

export type YardRow = typeof stockyards.$inferSelect;
export type PenRow = typeof pens.$inferSelect;
export type MobRow = typeof stockMobs.$inferSelect;
/** where a read runs: the context's database, or the transaction of an action */
export type Db = AreaContext["db"] | TenantTx;

/** The audit entities of a mob (its history page reads these) and of a yard. */
export const MOB_ENTITY = "stockMob";
export const YARD_ENTITY = "stockyard";

/** A yard of the caller's sites, else 404 (yards are site-bound). */
export async function findYard(ctx: AreaContext, id: number, db: Db = ctx.db): Promise<YardRow> {
  const [yard] = await db.select().from(stockyards).where(eq(stockyards.id, id));
  if (!yard) throw ApiError.notFound("That yard does not exist.");
  ctx.scope.assertSite(yard.tenantSiteId, "That yard");
  return yard;
}

/** The species a yard takes, in words. */
export function speciesNameOf(ctx: AreaContext, yard: YardRow): string {
  if (yard.isAnySpeciesYard || yard.speciesId === null) return "Any species";
  return ctx.scope.speciesName(yard.speciesId);
}

/** Head, pens and pens used of every yard of a site. */
export async function yardSummaries(
  ctx: AreaContext,
  tenantSiteId: number,
): Promise<In<typeof YardSummary>[]> {
  const db = ctx.db;
  const yards = await db.select().from(stockyards).where(eq(stockyards.tenantSiteId, tenantSiteId))
    .orderBy(asc(stockyards.sort), asc(stockyards.id));
  if (!yards.length) return [];
  const yardIds = yards.map((y) => y.id);
  // counted by the database: a site's yards hold hundreds of pens
  const [penCounts, stocked] = await Promise.all([
    db.select({ stockyardId: pens.stockyardId, n: count() }).from(pens)
      .where(inArray(pens.stockyardId, yardIds)).groupBy(pens.stockyardId),
    db.select({
      stockyardId: stockMobs.stockyardId,
      head: sum(stockMobs.head).mapWith(Number),
      pensUsed: countDistinct(stockMobs.penId),
    }).from(stockMobs)
      .where(and(inArray(stockMobs.stockyardId, yardIds), gt(stockMobs.head, 0), isNotNull(stockMobs.penId)))
      .groupBy(stockMobs.stockyardId),
  ]);
  const pensOf = new Map(penCounts.map((p) => [p.stockyardId, p.n]));
  const stockOf = new Map(stocked.map((m) => [m.stockyardId, m]));
  return yards.map((y) => ({
    id: y.id,
    name: y.name,
    tenantSiteId: y.tenantSiteId,
    speciesId: y.speciesId,
    isAnySpeciesYard: y.isAnySpeciesYard,
    speciesName: speciesNameOf(ctx, y),
    isPaddockGroup: y.isPaddockGroup,
    isOperational: y.isOperational,
    capacity: y.capacity,
    head: stockOf.get(y.id)?.head ?? 0,
    pens: pensOf.get(y.id) ?? 0,
    pensUsed: stockOf.get(y.id)?.pensUsed ?? 0,
  }));
}

/** The yards of the caller's sites (one site when given). */
export async function yards(ctx: AreaContext, tenantSiteId?: number): Promise<In<typeof YardSummary>[]> {
  const siteIds = ctx.scope.siteIds.filter((id) => tenantSiteId === undefined || id === tenantSiteId);
  return (await Promise.all(siteIds.map((id) => yardSummaries(ctx, id)))).flat();
}

/**
 * Where the yard screen opens: the caller's default site's operational yard holding the most head
 * (a plant opens on the yard that is working), else any of their sites' yards.
 */
export async function defaultYard(ctx: AreaContext): Promise<YardRow> {
  const preferred = defaultSiteId(ctx.caller);
  const siteIds = [preferred, ...ctx.scope.siteIds]
    .filter((id, i, all): id is number => id !== null && all.indexOf(id) === i);
  for (const siteId of siteIds) {
    const busiest = (await yardSummaries(ctx, siteId)).filter((y) => y.isOperational)
      .toSorted((a, b) => b.head - a.head)[0];
    if (busiest) return findYard(ctx, busiest.id);
  }
  throw ApiError.notFound("No yard is set up yet. Add one in Settings › Yards & paddocks.");
}

/** The yards of the caller's sites (one site when given) with their pens, for the settings. */
export async function setups(ctx: AreaContext, tenantSiteId?: number): Promise<In<typeof StockyardSetup>[]> {
  const siteIds = ctx.scope.siteIds.filter((id) => tenantSiteId === undefined || id === tenantSiteId);
  if (!siteIds.length) return [];
  const rows = await ctx.db.select().from(stockyards).where(inArray(stockyards.tenantSiteId, siteIds))
    .orderBy(asc(stockyards.tenantSiteId), asc(stockyards.sort), asc(stockyards.id));
  return Promise.all(rows.map((y) => setupOf(ctx, y)));
}

/** One yard with its pens (settings); `db` the action's transaction when read inside one. */
export async function setup(
  ctx: AreaContext,
  id: number,
  db: Db = ctx.db,
): Promise<In<typeof StockyardSetup>> {
  return setupOf(ctx, await findYard(ctx, id, db), db);
}

async function setupOf(ctx: AreaContext, yard: YardRow, db: Db = ctx.db): Promise<In<typeof StockyardSetup>> {
  const [penRows, heads] = await Promise.all([
    db.select().from(pens).where(eq(pens.stockyardId, yard.id)).orderBy(asc(pens.id)),
    db.select({ penId: stockMobs.penId, head: stockMobs.head }).from(stockMobs)
      .where(and(eq(stockMobs.stockyardId, yard.id), gt(stockMobs.head, 0))),
  ]);
  return {
    id: yard.id,
    name: yard.name,
    tenantSiteId: yard.tenantSiteId,
    siteName: ctx.scope.sites.find((s) => s.id === yard.tenantSiteId)?.name ?? "",
    speciesId: yard.speciesId,
    speciesName: speciesNameOf(ctx, yard),
    isAnySpeciesYard: yard.isAnySpeciesYard,
    isPaddockGroup: yard.isPaddockGroup,
    isIncludeUnfitBin: yard.isIncludeUnfitBin,
    isOperational: yard.isOperational,
    capacity: yard.capacity,
    hasMapImage: Boolean(yard.mapImageKey),
    lastModified: yard.lastModified,
    pens: penRows.map((p) => ({
      id: p.id,
      name: p.name,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      angle: p.angle,
      capacity: p.capacity,
      isOperational: p.isOperational,
      head: heads.filter((h) => h.penId === p.id).reduce((sum, h) => sum + h.head, 0),
    })),
  };
}
