/**
 * The settings area's writes other areas call (it owns siteLocations and stockSettings). Each function
 * takes the caller's `Unit` (or, for demo data, the tenant database) first and writes only these tables.
 */
import type { TenantDb } from "../../../db/client.ts";
import { siteLocations } from "../../../db/tenant/schema.ts";

/** The demo plant's kill floors: one location of type KillFloor per site and chain (demo seed only). */
export async function addDemoKillFloors(
  db: TenantDb,
  floors: { tenantSiteId: number; name: string; speciesIds: number[] }[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const floor of floors) {
    await db.insert(siteLocations).values({
      tenantSiteId: floor.tenantSiteId,
      name: floor.name,
      locationType: "KillFloor",
      speciesIds: floor.speciesIds,
      createdAt: now,
      lastModified: now,
    });
  }
}
