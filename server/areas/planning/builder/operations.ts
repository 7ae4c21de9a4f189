/**
 * Cut plans (issue 41 item 5): list, get, save (409 when someone saved it since it was opened), delete,
 * and the predicted products of a production day (spec 3 §2.2 predictedproducts,
 * predictedproductsfromcarcass). Every figure comes from builder/rules.ts, the rules the island runs.
 */
import { and, asc, eq } from "drizzle-orm";
import { cutPlans, productionSchedules } from "../../../../db/tenant/planningSchedules.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { assertDayKey } from "../groups/operations.ts";
import { groupsOnDay, planCatalogue } from "./catalogue.ts";
import { type GroupAssignment, planOutcome, planProblems, type PredictionBasis } from "./rules.ts";
import type { CutPlanBody, DayQuery, DeleteCutPlanBody, PredictedQuery } from "./schemas.ts";
import { ownDayRow } from "../scope.ts";

type PlanRow = typeof cutPlans.$inferSelect;
type Day = In<typeof DayQuery>;

const PLAN = "Cut plan";
export const assignmentsOf = (row: Pick<PlanRow, "carcassGroups">): GroupAssignment[] =>
  row.carcassGroups.map((g) => ({ groupId: g.id, recipeIds: g.recipesToTransact }));
export const basisOf = (b: string): PredictionBasis => b === "carcass" ? "carcass" : "standard";

/** The day's groups, catalogue and what the assignments predict. */
export async function outcomeOf(
  ctx: AreaContext,
  day: Day,
  assignments: GroupAssignment[],
  basis: PredictionBasis,
) {
  const key = { speciesId: day.speciesId, tenantSiteId: day.tenantSiteId };
  const [groups, catalogue] = await Promise.all([
    groupsOnDay(ctx, key, day.productionDate),
    planCatalogue(ctx, day.speciesId, day.productionDate),
  ]);
  const outcome = planOutcome({
    groups,
    assignments,
    recipes: new Map(catalogue.recipes.map((r) => [r.id, r])),
    primals: new Map(catalogue.primals.map((p) => [p.primalId, p])),
    products: catalogue.products,
    orderedKgByCut: catalogue.orderedKgByCut,
    basis,
  });
  return { groups, catalogue, ...outcome };
}

export async function planRow(ctx: AreaContext, id: number): Promise<PlanRow> {
  const [row] = await ctx.db.select().from(cutPlans).where(eq(cutPlans.id, id));
  return ownDayRow(ctx, row, "That cut plan");
}

async function isReleased(ctx: AreaContext, id: number) {
  const [one] = await ctx.db.select({ id: productionSchedules.id }).from(productionSchedules)
    .where(eq(productionSchedules.cutPlanId, id)).limit(1);
  return Boolean(one);
}

async function planView(ctx: AreaContext, row: PlanRow) {
  const { statistics } = await outcomeOf(ctx, row, assignmentsOf(row), basisOf(row.basis));
  return {
    id: row.id,
    name: row.name,
    productionDate: row.productionDate,
    speciesId: row.speciesId,
    tenantSiteId: row.tenantSiteId,
    basis: basisOf(row.basis),
    carcassGroups: row.carcassGroups,
    statistics,
    isReleased: await isReleased(ctx, row.id),
    lastModified: row.lastModified,
  };
}

export async function listCutPlans(ctx: AreaContext, q: Day) {
  assertDayKey(ctx, q);
  const rows = await ctx.db.select().from(cutPlans).where(and(
    eq(cutPlans.productionDate, q.productionDate),
    eq(cutPlans.speciesId, q.speciesId),
    eq(cutPlans.tenantSiteId, q.tenantSiteId),
  )).orderBy(asc(cutPlans.name), asc(cutPlans.id));
  return await Promise.all(rows.map(async ({ carcassGroups, modifiedBy: _by, ...r }) => ({
    ...r,
    basis: basisOf(r.basis),
    groupCount: carcassGroups.length,
    isReleased: await isReleased(ctx, r.id),
  })));
}

export async function getCutPlan(ctx: AreaContext, id: number) {
  return await planView(ctx, await planRow(ctx, id));
}

export async function saveCutPlan(ctx: AreaContext, body: In<typeof CutPlanBody>) {
  assertDayKey(ctx, body);
  const current = body.id ? await planRow(ctx, body.id) : null;
  if (current) assertUnchanged(current, body.lastModified, "cut plan");
  const assignments = body.carcassGroups.map((g) => ({ groupId: g.id, recipeIds: g.recipesToTransact }));
  const { groups, catalogue } = await outcomeOf(ctx, body, [], basisOf(body.basis));
  const problems = planProblems(
    assignments,
    new Set(groups.map((g) => g.id)),
    new Map(catalogue.recipes.map((r) => [r.id, r])),
  );
  const listed = Object.entries(problems);
  if (listed.length) throw ApiError.validation(listed.map(([field, message]) => ({ field, message })));
  const saved = await ctx.write(async (tx, unit) => {
    const values = {
      name: body.name,
      productionDate: body.productionDate,
      speciesId: body.speciesId,
      tenantSiteId: body.tenantSiteId,
      basis: body.basis,
      carcassGroups: body.carcassGroups.filter((g) => g.recipesToTransact.length),
      lastModified: nextModified(current?.lastModified),
      modifiedBy: ctx.caller.user.email ?? "",
    };
    const [row] = current
      ? await tx.update(cutPlans).set(values)
        .where(and(eq(cutPlans.id, current.id), eq(cutPlans.lastModified, current.lastModified))).returning()
      : await tx.insert(cutPlans).values(values).returning();
    if (!row) throw ApiError.conflict("The cut plan changed since you opened it. Reload to see the changes.");
    await unit.audit({
      entity: PLAN,
      entityId: row.id,
      action: current ? "update" : "create",
      before: current ? { name: current.name, carcassGroups: current.carcassGroups } : undefined,
      after: { name: row.name, carcassGroups: row.carcassGroups },
    });
    return row;
  });
  return await planView(ctx, saved);
}

export async function deleteCutPlan(ctx: AreaContext, body: In<typeof DeleteCutPlanBody>) {
  const current = await planRow(ctx, body.id);
  assertUnchanged(current, body.lastModified, "cut plan");
  if (await isReleased(ctx, current.id)) {
    throw ApiError.conflict("That plan was released to a boning room: it stays as the schedule's record.");
  }
  await ctx.write(async (tx, unit) => {
    await tx.delete(cutPlans).where(eq(cutPlans.id, current.id));
    await unit.audit({
      entity: PLAN,
      entityId: current.id,
      action: "delete",
      before: { name: current.name },
    });
  });
  return { id: current.id };
}

/** The predicted products and statistic rows of a day: of a saved plan, or of no recipes at all. */
export async function predictedProducts(
  ctx: AreaContext,
  q: In<typeof PredictedQuery>,
  basis?: PredictionBasis,
) {
  assertDayKey(ctx, q);
  const plan = q.cutPlanId ? await planRow(ctx, q.cutPlanId) : null;
  if (plan && (plan.productionDate !== q.productionDate || plan.speciesId !== q.speciesId)) {
    throw ApiError.validation([{ field: "cutPlanId", message: "That plan is for another day or species." }]);
  }
  const chosen = basis ?? q.basis ?? (plan ? basisOf(plan.basis) : "standard");
  const out = await outcomeOf(ctx, q, plan ? assignmentsOf(plan) : [], chosen);
  return {
    productionDate: q.productionDate,
    basis: chosen,
    head: out.groups.reduce((s, g) => s + g.head, 0),
    hscwKg: Math.round(out.groups.reduce((s, g) => s + g.hscwKg, 0) * 10) / 10,
    products: out.products,
    statistics: out.statistics,
  };
}
