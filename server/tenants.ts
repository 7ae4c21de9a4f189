import { sql } from "drizzle-orm";
import type { Databases } from "../db/client.ts";
import { tenantModules, tenants, tenantSites, tenantSpecies } from "../db/control/schema.ts";
import type { AppServices } from "./env.ts";

export interface NewTenant {
  name: string;
  category: "processor" | "producer";
  sites: string[];
  speciesIds: number[];
  modules: string[];
}

type ControlTx = Parameters<Parameters<Databases["control"]["transaction"]>[0]>[0];

/** Creates a tenant with its sites, species and modules, and migrates its new database. */
export async function createTenant(db: Databases, input: NewTenant): Promise<number> {
  const id = await db.control.transaction((tx) => insertTenantRows(tx, input));
  await db.tenantDb(id);
  return id;
}

/**
 * A tenant's control rows inside the caller's transaction (a sign-up writes the tenant, its first user and
 * its link in one); its database is made afterwards by `db.tenantDb(id)`.
 */
export async function insertTenantRows(tx: ControlTx, input: NewTenant): Promise<number> {
  const [row] = await tx.insert(tenants).values({ name: input.name, category: input.category }).returning({
    id: tenants.id,
  });
  if (input.sites.length) {
    await tx.insert(tenantSites).values(input.sites.map((name) => ({ tenantId: row.id, name })));
  }
  if (input.speciesIds.length) {
    await tx.insert(tenantSpecies).values(
      input.speciesIds.map((speciesId) => ({ tenantId: row.id, speciesId })),
    );
  }
  if (input.modules.length) {
    await tx.insert(tenantModules).values(input.modules.map((module) => ({ tenantId: row.id, module })));
  }
  return row.id;
}

/**
 * Switches a tenant's modules on or off (`{ stockyard: true, livestock: false }`); its users' next
 * request, on every instance, sees the change.
 */
export async function setTenantModules(
  app: Pick<AppServices, "db" | "callers">,
  tenantId: number,
  modules: Record<string, boolean>,
) {
  const rows = Object.entries(modules).map(([module, isEnabled]) => ({ tenantId, module, isEnabled }));
  if (!rows.length) return;
  await app.db.control.insert(tenantModules).values(rows).onConflictDoUpdate({
    target: [tenantModules.tenantId, tenantModules.module],
    set: { isEnabled: sql`excluded.is_enabled` },
  });
  await app.callers.changed({ tenantIds: [tenantId] });
}
