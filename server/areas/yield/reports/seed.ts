/**
 * Demo saved yield reports of the processor: a shared summary report "Lamb primals last 14 days", a shared
 * operational report "Wagga lamb today" (the floor's and the TV's), and the admin's private "Beef run
 * variance". Owned by the demo admin (the second demo user made: super first, then admin, server/demo.ts).
 * Idempotent: nothing when the tenant has a saved report.
 */
import { yieldReports } from "../../../../db/tenant/schema.ts";
import type { DemoTenant } from "../../area.ts";
import { processorSeedDue } from "../../demoSeedDue.ts";

const DEMO_ADMIN = { ownerId: 2, ownerName: "Demo Admin" };
const SHEEP = 1, BEEF = 2;

export async function seedYieldReports(tenant: DemoTenant) {
  if (!(await processorSeedDue(tenant, yieldReports))) return;
  const { db, speciesIds, siteIds } = tenant;
  const now = new Date().toISOString();
  const report = (
    r: Omit<typeof yieldReports.$inferInsert, "createdAt" | "lastModified" | "ownerId" | "ownerName">,
  ) => ({ ...r, ...DEMO_ADMIN, createdAt: now, lastModified: now });
  const rows = [];
  if (speciesIds.includes(SHEEP)) {
    rows.push(
      report({
        kind: "summary",
        name: "Lamb primals last 14 days",
        speciesId: SHEEP,
        filters: { relativeDays: 14 },
        columns: [2, 9, 16, 17, 18, 23, 25],
        groupBy: "primal",
        isShared: true,
      }),
      report({
        kind: "operational",
        name: "Wagga lamb today",
        speciesId: SHEEP,
        filters: { relativeDays: 0, plantIds: siteIds.slice(0, 1) },
        columns: [16, 18, 9, 5],
        groupBy: "cut",
        isShared: true,
      }),
    );
  }
  if (speciesIds.includes(BEEF)) {
    rows.push(report({
      kind: "summary",
      name: "Beef run variance",
      speciesId: BEEF,
      filters: { relativeDays: 7 },
      columns: [1, 3, 16, 17, 18, 27],
      groupBy: "run",
      isShared: false,
    }));
  }
  if (rows.length) await db.insert(yieldReports).values(rows);
}
