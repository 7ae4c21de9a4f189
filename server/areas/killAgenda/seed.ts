/**
 * Demo kill floors and the week's plan: per site of the demo processor a small-stock chain and a beef chain
 * (each site kills what it buys); the next days' mobs in the yard get their planned day. With the orders
 * expected over the coming days the planner opens full; each day's agenda is built (lots in kill order)
 * the first time it is opened. Deterministic. The kill floors are the settings area's rows and the mobs
 * the stockyard's: their own functions write them.
 */
import { siteLocations } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { processorSeedDue } from "../demoSeedDue.ts";
import { addDemoKillFloors } from "../settings/writes.ts";
import { planDemoYardMobs } from "../stockyard/writes.ts";

const CHAINS = [
  { name: "Small stock chain", speciesIds: [1, 4] },
  { name: "Beef chain", speciesIds: [2] },
  { name: "Pig line", speciesIds: [3] },
];

export async function seedKillAgenda({ db, category, siteIds, speciesIds, today }: DemoTenant) {
  if (!(await processorSeedDue({ db, category }, siteLocations))) return;
  const chains = CHAINS.filter((c) => c.speciesIds.some((s) => speciesIds.includes(s)));
  await addDemoKillFloors(db, siteIds.flatMap((tenantSiteId) => chains.map((c) => ({ tenantSiteId, ...c }))));
  // the yard's mobs for the coming days were planned by the livestock office: their day is set on the mob
  await planDemoYardMobs(db, today);
}
