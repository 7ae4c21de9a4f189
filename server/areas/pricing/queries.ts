/**
 * Reading pricing grid groups and grids (spec 2 §3, §7.3): only the caller's species are visible.
 * Who may read is decided by the route rules (api.ts, the page routes) before these run.
 */
import { asc, count, desc, inArray } from "drizzle-orm";
import { livestockOrders, pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { findGrid, findGroup, type GroupRow, speciesName, toGrid } from "./records.ts";
import type { PricingGrid, PricingGridGroup } from "./schemas.ts";

/** Groups with their grids, newest period first; only the caller's species. */
export async function listGroups(ctx: AreaContext, speciesId?: number): Promise<PricingGridGroup[]> {
  const wanted = ctx.scope.speciesIds.filter((s) => !speciesId || s === speciesId);
  if (!wanted.length) return [];
  const rows = await ctx.db.select().from(pricingGridGroups)
    .where(inArray(pricingGridGroups.speciesId, wanted))
    .orderBy(desc(pricingGridGroups.startDate), asc(pricingGridGroups.name), asc(pricingGridGroups.id));
  return await withGrids(ctx, rows);
}

export async function getGroup(ctx: AreaContext, id: number): Promise<PricingGridGroup> {
  const row = await findGroup(ctx, ctx.db, id);
  return (await withGrids(ctx, [row]))[0];
}

export async function getGrid(ctx: AreaContext, id: number): Promise<PricingGrid> {
  return toGrid(await findGrid(ctx, ctx.db, id));
}

/** The answer shape: each group with its grids in priority order and how many orders use it. */
async function withGrids(ctx: AreaContext, rows: GroupRow[]): Promise<PricingGridGroup[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [grids, usage] = await Promise.all([
    ctx.db.select().from(pricingGrids).where(inArray(pricingGrids.pricingGridGroupId, ids))
      .orderBy(asc(pricingGrids.priority), asc(pricingGrids.id)),
    ctx.db.select({ groupId: livestockOrders.pricingGridGroupId, n: count() }).from(livestockOrders)
      .where(inArray(livestockOrders.pricingGridGroupId, ids)).groupBy(livestockOrders.pricingGridGroupId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    speciesId: r.speciesId,
    species: speciesName(ctx, r.speciesId),
    startDate: r.startDate,
    endDate: r.endDate,
    isServiceKill: r.isServiceKill,
    isDefaultGroup: r.isDefaultGroup,
    orderCount: usage.find((u) => u.groupId === r.id)?.n ?? 0,
    pricingGrids: grids.filter((g) => g.pricingGridGroupId === r.id).map(toGrid),
    createdAt: r.createdAt,
    lastModified: r.lastModified,
  }));
}
