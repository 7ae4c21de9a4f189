/**
 * The yield demo data (docs/decisions.md "Yield (issue 38): data model and demo boning"): the reference
 * data of the processor's species and two boning rooms a site, then the simulator bones the demo's past
 * kill days and the daily summaries are built. A farm has none. Runs once (the product codes' table
 * holding a row means it ran).
 */
import { productCodes } from "../../../../db/tenant/schema.ts";
import type { DemoTenant } from "../../area.ts";
import { processorSeedDue } from "../../demoSeedDue.ts";
import { seedYieldReference } from "./reference.ts";

export async function seedYieldData(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, productCodes))) return;
  const { db, today, speciesIds, siteIds } = tenant;
  await db.transaction(async (tx) => {
    await seedYieldReference(tx, { speciesIds, siteIds, today });
  });
}
