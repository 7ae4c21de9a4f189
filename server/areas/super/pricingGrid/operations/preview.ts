/** What copying a grid into another organisation would create, and why it cannot (super only). */
import type { AreaContext } from "../../../context.ts";
import { getGrid, getGroup, listGroups } from "../../../pricing/queries.ts";
import { getStockSettings } from "../../../settings/operations/stockSettings.ts";
import { tenantContext } from "../../tenantContext.ts";
import { mapToTarget, notUpcomingReason, upcomingPeriod } from "../rules.ts";
import type { CopyPreview } from "../schemas.ts";
import { groupOf } from "./reads.ts";

/** What a copy would create in the target, the species and category beside the target's, and why not. */
export async function previewCopy(
  ctx: AreaContext,
  q: { sourceTenantId: number; pricingGridId: number; targetTenantId: number },
) {
  const source = await tenantContext(ctx, q.sourceTenantId);
  const target = await tenantContext(ctx, q.targetTenantId);
  const grid = await getGrid(source, q.pricingGridId);
  const group = await getGroup(source, grid.pricingGridGroupId);
  const stock = await getStockSettings(target);
  const mapped = mapToTarget(
    { speciesId: group.speciesId, speciesName: group.species, speciesCategoryId: grid.speciesCategoryId },
    {
      name: target.tenant.name,
      category: target.tenant.category,
      species: target.caller.species,
      speciesCategoryIds: stock.speciesCategoryIds,
    },
  );
  if (source.tenant.id === target.tenant.id) {
    mapped.problems.unshift(
      "Choose another organisation: within one, copy grids on its own price grid pages.",
    );
  }
  const upcoming = mapped.problems.length ? [] : (await listGroups(target, group.speciesId))
    .filter((g) => !notUpcomingReason(g, ctx.today) && !g.isDefaultGroup)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.name.localeCompare(b.name));
  const preview: CopyPreview = {
    source: {
      tenantId: source.tenant.id,
      tenantName: source.tenant.name,
      group: {
        ...groupOf(group),
        speciesId: group.speciesId,
        species: group.species,
        isServiceKill: group.isServiceKill,
      },
      grid,
    },
    target: {
      tenantId: target.tenant.id,
      tenantName: target.tenant.name,
      speciesCategoryId: mapped.speciesCategoryId,
      upcomingGroups: upcoming.map(groupOf),
    },
    mapping: mapped.mapping,
    problems: mapped.problems,
    suggested: { groupName: group.name, ...upcomingPeriod(group, ctx.today) },
  };
  return { preview, target };
}
