/**
 * Demo plans (issue 41 "Demo data": plans for past days with actuals, and tomorrow). Per species and
 * site with carcasses, a cut plan gives each of the day's carcass groups a recipe per primal, the options
 * taken in turn from group to group (one group's racks frenched, the next one's cap on). The groups are
 * the builder's own (groups/rules.ts baseGroups over the same judged carcasses), so the plans predict real
 * head, kg and value. The two days before the demo's are killed: their plans are released to each boning
 * room and shift that packed the species' cartons there, planned a little above what was packed, so
 * execution and plan against actual show real actuals. The next kill day after the demo's (tomorrow on a
 * weekday) gets a plan from the predicted carcasses, not released yet. Deterministic.
 */
import { and, asc, eq } from "drizzle-orm";
import {
  cartons,
  productDefinitionCodes,
  productDefinitions,
  recipes,
} from "../../../../db/tenant/schema.ts";
import {
  cutPlans,
  productionSchedules,
  type ScheduledLine,
} from "../../../../db/tenant/planningSchedules.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { formatDate } from "../../../../kernel/format.ts";
import type { DemoTenant } from "../../area.ts";
import { processorSeedDue } from "../../demoSeedDue.ts";
import { baseGroups, type CarcassGroup } from "../groups/rules.ts";
import { judgedCarcassesOfDays } from "../groups/specs.ts";

/** Planned = packed × this, rounded up: the rooms packed about 96 % of their plan. */
const PLANNED_OVER_PACKED = 1.04;
/** How far ahead the demo looks for its next kill day (a Friday's is the Monday after). */
const DAYS_AHEAD = 7;

type Product = { id: number; name: string };

export async function seedDemoPlans(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, cutPlans))) return;
  const { db, today } = tenant;
  const sites = tenant.siteIds.length ? tenant.siteIds : [0];
  // one schedule per day, room and shift: a room boning two species is the first species' that day
  const taken = new Set<string>();
  for (const speciesId of tenant.speciesIds) {
    const options = await recipeOptions(tenant, speciesId);
    if (!options.length) continue;
    const productOf = await productsByCode(tenant, speciesId);
    const plan = async (day: string, tenantSiteId: number, groups: CarcassGroup[]) => {
      const [row] = await db.insert(cutPlans).values({
        name: `Plan for ${formatDate(day, false)}`,
        productionDate: day,
        speciesId,
        tenantSiteId,
        basis: "standard",
        carcassGroups: groups.map((g, i) => ({
          id: g.id,
          dateValue: day,
          tenantSiteId,
          recipesToTransact: options.map((ids) => ids[i % ids.length]),
        })),
        lastModified: new Date().toISOString(),
        modifiedBy: "demo",
      }).returning();
      return row;
    };
    for (const tenantSiteId of sites) {
      const key = { speciesId, tenantSiteId };
      for (const day of [addDays(today, -2), addDays(today, -1)]) {
        const groups = baseGroups(await judgedCarcassesOfDays({ db }, key, [day]));
        if (!groups.length) continue;
        const { id } = await plan(day, tenantSiteId, groups);
        await release(tenant, { id, day, speciesId, tenantSiteId }, productOf, taken);
      }
      for (let ahead = 1; ahead <= DAYS_AHEAD; ahead++) {
        const day = addDays(today, ahead);
        const groups = baseGroups(await judgedCarcassesOfDays({ db }, key, [day]));
        if (!groups.length) continue;
        await plan(day, tenantSiteId, groups);
        break;
      }
    }
  }
}

/** The species' recipes per primal (primals in order, each one's options in order). */
async function recipeOptions({ db }: DemoTenant, speciesId: number): Promise<number[][]> {
  const rows = await db.select({ id: recipes.id, primalId: recipes.primalId }).from(recipes)
    .where(eq(recipes.speciesId, speciesId)).orderBy(asc(recipes.primalId), asc(recipes.id));
  const byPrimal = new Map<number, number[]>();
  for (const r of rows) byPrimal.set(r.primalId, [...byPrimal.get(r.primalId) ?? [], r.id]);
  return [...byPrimal.values()];
}

async function productsByCode({ db }: DemoTenant, speciesId: number): Promise<Map<number, Product>> {
  return new Map(
    (await db.select({
      code: productDefinitionCodes.productCodeId,
      id: productDefinitions.id,
      name: productDefinitions.name,
    }).from(productDefinitionCodes)
      .innerJoin(productDefinitions, eq(productDefinitions.id, productDefinitionCodes.productDefinitionId))
      .where(eq(productDefinitions.speciesId, speciesId))).map((r) => [r.code, { id: r.id, name: r.name }]),
  );
}

/** Releases a killed day's plan to every room and shift that packed the species' cartons at the site. */
async function release(
  { db }: DemoTenant,
  plan: { id: number; day: string; speciesId: number; tenantSiteId: number },
  productOf: Map<number, Product>,
  taken: Set<string>,
) {
  const packed = await db.select().from(cartons).where(and(
    eq(cartons.productionDate, plan.day),
    eq(cartons.speciesId, plan.speciesId),
    eq(cartons.tenantSiteId, plan.tenantSiteId),
  ));
  const shifts = new Map<string, typeof packed>();
  for (const c of packed) {
    const key = `${c.boningRoomId}|${c.shift}`;
    if (!productOf.has(c.productCodeId) || taken.has(`${plan.day}|${key}`)) continue;
    shifts.set(key, [...shifts.get(key) ?? [], c]);
  }
  for (const [key, rows] of shifts) {
    taken.add(`${plan.day}|${key}`);
    const [room, shift] = key.split("|");
    await db.insert(productionSchedules).values({
      cutPlanId: plan.id,
      productionDate: plan.day,
      speciesId: plan.speciesId,
      tenantSiteId: plan.tenantSiteId,
      boningRoomId: Number(room),
      shift,
      lines: plannedLines(rows, productOf),
      releasedAt: `${addDays(plan.day, -1)}T06:00:00.000Z`,
      releasedBy: "demo",
      lastModified: new Date().toISOString(),
    });
  }
}

/** Each product's packed cartons and kg, planned a little above. */
function plannedLines(
  rows: readonly { productCodeId: number; netKg: number }[],
  productOf: Map<number, Product>,
): ScheduledLine[] {
  const lines = new Map<number, ScheduledLine>();
  for (const c of rows) {
    const p = productOf.get(c.productCodeId)!;
    const line = lines.get(p.id) ?? { productId: p.id, name: p.name, kg: 0, cartons: 0, productCodeIds: [] };
    line.kg += c.netKg;
    line.cartons += 1;
    if (!line.productCodeIds.includes(c.productCodeId)) line.productCodeIds.push(c.productCodeId);
    lines.set(p.id, line);
  }
  return [...lines.values()].map((l) => ({
    ...l,
    cartons: Math.ceil(l.cartons * PLANNED_OVER_PACKED),
    kg: Math.round(l.kg * PLANNED_OVER_PACKED * 10) / 10,
  }));
}
