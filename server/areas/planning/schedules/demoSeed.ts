/**
 * Demo plans (issue 41): for the two days before the demo's day, per species, a cut plan (the first recipe
 * of each primal for the day's orderable carcasses) released to each boning room and shift that packed
 * cartons that day, planned a little above what was packed, so execution shows real actuals against a
 * plan. Tomorrow gets no plan: the builder opens on a blank day. Deterministic.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  carcassTypes,
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

/** Planned = packed × this, rounded up: the rooms packed about 96 % of their plan. */
const PLANNED_OVER_PACKED = 1.04;

export async function seedDemoPlans(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, cutPlans))) return;
  const { db, today } = tenant;
  const now = new Date().toISOString();
  // one schedule per day, room and shift: a room boning two species is the first species' that day
  const taken = new Set<string>();
  for (const speciesId of tenant.speciesIds) {
    const speciesRecipes = await db.select().from(recipes).where(eq(recipes.speciesId, speciesId))
      .orderBy(asc(recipes.primalId), asc(recipes.id));
    const [type] = await db.select().from(carcassTypes).where(
      and(eq(carcassTypes.speciesId, speciesId), eq(carcassTypes.isOrderable, true)),
    ).orderBy(asc(carcassTypes.id)).limit(1);
    if (!speciesRecipes.length || !type) continue;
    const firstPerPrimal = new Map<number, number>();
    for (const r of speciesRecipes) if (!firstPerPrimal.has(r.primalId)) firstPerPrimal.set(r.primalId, r.id);
    const productOf = new Map(
      (await db.select({ code: productDefinitionCodes.productCodeId, product: productDefinitions })
        .from(productDefinitionCodes)
        .innerJoin(productDefinitions, eq(productDefinitions.id, productDefinitionCodes.productDefinitionId))
        .where(eq(productDefinitions.speciesId, speciesId))).map((r) => [r.code, r.product]),
    );
    for (const day of [addDays(today, -2), addDays(today, -1)]) {
      const packed = await db.select().from(cartons).where(and(
        eq(cartons.productionDate, day),
        eq(cartons.speciesId, speciesId),
        inArray(cartons.tenantSiteId, tenant.siteIds.concat(0)),
      ));
      const shifts = new Map<string, typeof packed>();
      for (const c of packed) {
        if (!productOf.has(c.productCodeId)) continue;
        const key = `${c.tenantSiteId}|${c.boningRoomId}|${c.shift}`;
        if (taken.has(`${day}|${key}`)) continue;
        shifts.set(key, [...shifts.get(key) ?? [], c]);
      }
      for (const key of shifts.keys()) taken.add(`${day}|${key}`);
      for (const siteId of new Set([...shifts.keys()].map((k) => Number(k.split("|")[0])))) {
        const [plan] = await db.insert(cutPlans).values({
          name: `Plan for ${formatDate(day, false)}`,
          productionDate: day,
          speciesId,
          tenantSiteId: siteId,
          basis: "standard",
          carcassGroups: [{
            id: `${day}:${type.id}`,
            dateValue: day,
            tenantSiteId: siteId,
            recipesToTransact: [...firstPerPrimal.values()],
          }],
          lastModified: now,
          modifiedBy: "demo",
        }).returning();
        for (const [key, rows] of shifts) {
          const [site, room, shift] = key.split("|");
          if (Number(site) !== siteId) continue;
          await db.insert(productionSchedules).values({
            cutPlanId: plan.id,
            productionDate: day,
            speciesId,
            tenantSiteId: siteId,
            boningRoomId: Number(room),
            shift,
            lines: plannedLines(rows, productOf),
            releasedAt: `${addDays(day, -1)}T06:00:00.000Z`,
            releasedBy: "demo",
            lastModified: now,
          });
        }
      }
    }
  }
}

/** Each product's packed cartons and kg, planned a little above. */
function plannedLines(
  rows: readonly { productCodeId: number; netKg: number }[],
  productOf: Map<number, { id: number; name: string }>,
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
