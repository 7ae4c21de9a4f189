/**
 * Demo kill floors and the week's plan: per site of the demo processor a small-stock chain and a beef chain
 * (each site kills what it buys); the next days' mobs in the yard get their planned day. With the orders
 * expected over the coming days the planner opens full; each day's agenda is built (lots in kill order)
 * the first time it is opened. Deterministic.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { siteLocations, stockMobs } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../mod.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";

const CHAINS = [
  { name: "Small stock chain", speciesIds: [1, 4] },
  { name: "Beef chain", speciesIds: [2] },
  { name: "Pig line", speciesIds: [3] },
];

export async function seedKillAgenda({ db, category, siteIds, speciesIds, today }: DemoTenant) {
  if (category !== "processor") return;
  if ((await db.select({ id: siteLocations.id }).from(siteLocations).limit(1)).length) return;
  const now = new Date().toISOString();
  for (const siteId of siteIds) {
    for (const chain of CHAINS.filter((c) => c.speciesIds.some((s) => speciesIds.includes(s)))) {
      await db.insert(siteLocations).values({
        tenantSiteId: siteId,
        name: chain.name,
        locationType: "KillFloor",
        speciesIds: chain.speciesIds,
        createdAt: now,
        lastModified: now,
      });
    }
  }
  // the yard's mobs for the coming days were planned by the livestock office: their day is set on the mob
  await db.update(stockMobs).set({ plannedProductionDate: stockMobs.applicableProductionDate })
    .where(and(
      gt(stockMobs.applicableProductionDate, today),
      isNull(stockMobs.plannedProductionDate),
      eq(stockMobs.mobStatus, MOB_STATUS.InYard),
    ));
}
