/**
 * The schedule builder page's data (its loader calls this): the day's groups with words for them, the
 * catalogue, the plans of the day and the one open (by id, else the first), as the island's props.
 */
import { formatDecimal, formatHead } from "../../../../kernel/format.ts";
import type { AreaContext } from "../../context.ts";
import { specificationNames } from "../groups/specs.ts";
import { groupsOnDay, planCatalogue } from "./catalogue.ts";
import { getCutPlan, listCutPlans } from "./operations.ts";
import type { ScheduleBuilderProps } from "../../../../client/islands/scheduleBuilder/model.ts";

export async function builderModel(
  ctx: AreaContext,
  q: { productionDate: string; speciesId: number; tenantSiteId: number; planId?: number | null },
): Promise<{ props: Omit<ScheduleBuilderProps, "urls">; plans: Awaited<ReturnType<typeof listCutPlans>> }> {
  const key = { speciesId: q.speciesId, tenantSiteId: q.tenantSiteId };
  const [groups, catalogue, plans, names] = await Promise.all([
    groupsOnDay(ctx, key, q.productionDate),
    planCatalogue(ctx, q.speciesId, q.productionDate),
    listCutPlans(ctx, q),
    specificationNames(ctx, q.speciesId),
  ]);
  // null: a new plan; undefined: the day's first
  const openId = q.planId === undefined ? plans[0]?.id : q.planId;
  const open = openId ? await getCutPlan(ctx, openId).catch(() => null) : null;
  // a plan of another day, species or site is not this page's: it would be saved onto this one's groups
  const plan = open && open.productionDate === q.productionDate && open.speciesId === q.speciesId &&
      open.tenantSiteId === q.tenantSiteId
    ? {
      id: open.id,
      name: open.name,
      basis: open.basis,
      assignments: open.carcassGroups.map((g) => ({ groupId: g.id, recipeIds: g.recipesToTransact })),
      lastModified: open.lastModified,
    }
    : { id: null, name: "", basis: "standard" as const, assignments: [], lastModified: null };
  return {
    plans,
    props: {
      productionDate: q.productionDate,
      speciesId: q.speciesId,
      tenantSiteId: q.tenantSiteId,
      groups: groups.map(({ members: _m, ...g }) => ({
        id: g.id,
        dateValue: g.dateValue,
        head: g.head,
        hscwKg: g.hscwKg,
        fatAdjustedKg: g.fatAdjustedKg,
        label: [
          g.specificationIds.length
            ? `Meets ${g.specificationIds.map((id) => names.get(id) ?? `specification ${id}`).join(", ")}`
            : "Meets no specification",
          ...g.limits,
        ].join(" · "),
        detail: [
          `${formatHead(g.head)} head`,
          `${formatDecimal(g.hscwKg)} kg`,
          g.averageFatMm === null ? null : `fat ${formatDecimal(g.averageFatMm)} mm`,
          g.isPredicted ? "predicted" : null,
          g.killDateValue !== g.dateValue ? `killed ${g.killDateValue}` : null,
        ].filter(Boolean).join(" · "),
      })),
      recipes: catalogue.recipes,
      primals: catalogue.primals,
      products: catalogue.products.map(({ productCodeIds: _codes, ...p }) => p),
      orderedKgByCut: catalogue.orderedKgByCut,
      plan,
    },
  };
}
