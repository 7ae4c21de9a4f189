/**
 * Product comparison (issue 41 item 8; super, productDefinitions module): two cut plans' predicted
 * products side by side (each on its own day's groups and basis), and the plans a comparison can choose
 * from. Head is the head of the groups a plan gives recipes to.
 */
import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import { cutPlans, productionSchedules } from "../../../../db/tenant/planningSchedules.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { assignmentsOf, basisOf, outcomeOf, planRow } from "../builder/operations.ts";
import { scheduleExecution } from "../schedules/operations.ts";
import { compareProducts, type Side, sideTotals } from "./rules.ts";
import { planActualRows, planActualTotals, scheduledProducts } from "./actual.ts";

/** Plans the comparison offers: a fortnight back to a week ahead of the plant's today. */
export async function comparablePlans(ctx: AreaContext) {
  const rows = await ctx.db.select({
    id: cutPlans.id,
    name: cutPlans.name,
    productionDate: cutPlans.productionDate,
    speciesId: cutPlans.speciesId,
    tenantSiteId: cutPlans.tenantSiteId,
  }).from(cutPlans).where(and(
    gte(cutPlans.productionDate, addDays(ctx.today, -14)),
    lte(cutPlans.productionDate, addDays(ctx.today, 7)),
    ctx.scope.where({ species: cutPlans.speciesId }),
  )).orderBy(desc(cutPlans.productionDate), asc(cutPlans.name)).limit(200);
  return rows.filter((p) => p.tenantSiteId === 0 || ctx.scope.hasSite(p.tenantSiteId));
}

async function sideOf(ctx: AreaContext, id: number) {
  const row = await planRow(ctx, id);
  const assignments = assignmentsOf(row);
  const { groups, products, catalogue } = await outcomeOf(ctx, row, assignments, basisOf(row.basis));
  const planned = new Set(assignments.filter((a) => a.recipeIds.length).map((a) => a.groupId));
  const side: Side = {
    head: groups.filter((g) => planned.has(g.id)).reduce((s, g) => s + g.head, 0),
    products,
  };
  const prices = new Map(catalogue.products.map((p) => [p.id, p.centsPerKg]));
  const plan = { id: row.id, name: row.name, productionDate: row.productionDate };
  return { plan, speciesId: row.speciesId, side, prices };
}

export async function comparePlans(ctx: AreaContext, q: { planA: number; planB: number }) {
  // one after the other: a cold read of a day's groups writes the group cache (two at once: SQLITE_BUSY)
  const a = await sideOf(ctx, q.planA);
  const b = await sideOf(ctx, q.planB);
  // one species' products against another's share no line: every row would be one plan's alone
  if (a.speciesId !== b.speciesId) {
    throw ApiError.validation([{
      field: "planB",
      message: `${b.plan.name} plans another species than ${a.plan.name}: compare two plans of one species`,
    }]);
  }
  return {
    planA: { ...a.plan, ...sideTotals(a.side) },
    planB: { ...b.plan, ...sideTotals(b.side) },
    rows: compareProducts(a.side, b.side),
  };
}

/**
 * A cut plan against what the boning rooms it was released to packed on its day (each schedule's room
 * and shift, through the schedule's execution): per product and in total, with the variance. Planned is
 * what the schedules were released with, priced at the day's price per kg.
 */
export async function planAgainstActual(ctx: AreaContext, q: { plan: number }) {
  const { plan, side, prices } = await sideOf(ctx, q.plan);
  const released = await ctx.db.select({ id: productionSchedules.id }).from(productionSchedules)
    .where(eq(productionSchedules.cutPlanId, plan.id)).orderBy(asc(productionSchedules.id));
  const executions = [];
  for (const s of released) executions.push(await scheduleExecution(ctx, s.id));
  const lines = executions.flatMap((e) => e.lines);
  const rows = planActualRows(
    // as released (the plan may have been changed since), else as predicted now
    executions.length ? scheduledProducts(lines, prices) : side.products,
    lines.map((l) => ({ productId: l.productId, name: l.name, cartons: l.packedCartons, kg: l.packedKg })),
  );
  return {
    plan,
    schedules: executions.map(({ schedule: s }) => ({
      id: s.id,
      boningRoom: s.boningRoom,
      shiftName: s.shiftName,
    })),
    rows,
    totals: planActualTotals(rows, side.head),
  };
}
