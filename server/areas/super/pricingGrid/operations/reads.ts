/** Price grids of any organisation, read by the pricing area's own functions working there (super only). */
import { asc } from "drizzle-orm";
import { tenants } from "../../../../../db/control/schema.ts";
import { href } from "../../../../access/routes.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { getGrid, getGroup, listGroups } from "../../../pricing/queries.ts";
import type { PricingGridGroup } from "../../../pricing/schemas.ts";
import { tenantContext } from "../../tenantContext.ts";
import { SOURCE_GRID_LIMIT, type SourceGrid } from "../schemas.ts";

export const groupOf = (g: PricingGridGroup) => ({
  id: g.id,
  name: g.name,
  startDate: g.startDate,
  endDate: g.endDate,
  references: g.pricingGrids.map((p) => p.reference),
});

/** Every organisation, processors first (the targets), by name. */
export async function organisations(ctx: AreaContext) {
  const rows = await ctx.app.db.control.select({
    id: tenants.id,
    name: tenants.name,
    category: tenants.category,
  }).from(tenants).orderBy(asc(tenants.name));
  return rows.sort((a, b) => Number(a.category !== "processor") - Number(b.category !== "processor"));
}

/** An organisation's grids, newest period first (by species, group, priority); at most SOURCE_GRID_LIMIT. */
export async function sourceGrids(
  ctx: AreaContext,
  tenantId: number,
  speciesId?: number,
): Promise<{ items: SourceGrid[]; total: number }> {
  const there = await tenantContext(ctx, tenantId);
  const groups = await listGroups(there, speciesId);
  const items = groups.flatMap((g) =>
    g.pricingGrids.map((p) => ({
      pricingGridId: p.id,
      reference: p.reference,
      speciesCategoryId: p.speciesCategoryId,
      speciesCategory: p.speciesCategory,
      bestPrice: p.bestPrice,
      pricingGridGroupId: g.id,
      groupName: g.name,
      speciesId: g.speciesId,
      species: g.species,
      startDate: g.startDate,
      endDate: g.endDate,
      isDefaultGroup: g.isDefaultGroup,
      isServiceKill: g.isServiceKill,
      bands: p.cells?.weightBands.length ?? 0,
      fatScores: p.cells?.fatScores.length ?? 0,
    }))
  );
  return { items: items.slice(0, SOURCE_GRID_LIMIT), total: items.length };
}

/** A grid of an organisation with its group (where a copy landed); null when it is not there. */
export async function gridIn(ctx: AreaContext, tenantId: number, gridId: number) {
  const there = await tenantContext(ctx, tenantId);
  try {
    const grid = await getGrid(there, gridId);
    const group = await getGroup(there, grid.pricingGridGroupId);
    return {
      id: grid.id,
      reference: grid.reference,
      groupName: group.name,
      startDate: group.startDate,
      endDate: group.endDate,
      path: href("settingsPricingGrid", { id: grid.id }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
