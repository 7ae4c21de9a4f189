/** The super user's reads of tenants and their users (spec 2 §2.3, §7.6): the control database. */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import {
  memberships,
  sessions,
  species,
  tenantModules,
  tenants,
  tenantSites,
  tenantSpecies,
  users,
} from "../../../../db/control/schema.ts";
import { MODULE_KEYS } from "../../../access/modules.ts";
import { anyContains, type AreaContext } from "../../context.ts";
import { findTenant } from "../tenantContext.ts";

/** the most tenants the super home lists at once (a bounded list; a search narrows it) */
export const TENANT_LIST_LIMIT = 500;
export const CROSS_TENANT_LIMIT = 200;

/** Every tenant with its category, sites, species, modules, user count and last activity. */
export async function listTenants(ctx: AreaContext, q?: string) {
  const db = ctx.app.db.control;
  const rows = await db.select().from(tenants)
    .where(q ? anyContains([tenants.name], q) : undefined).orderBy(asc(tenants.name))
    .limit(TENANT_LIST_LIMIT);
  const ids = rows.map((t) => t.id);
  if (!ids.length) return [];
  // counted apart (a correlated subquery would need qualified columns drizzle does not write)
  const [siteRows, speciesRows, moduleRows, userCounts, activity] = await Promise.all([
    db.select({ tenantId: tenantSites.tenantId, name: tenantSites.name }).from(tenantSites)
      .where(and(inArray(tenantSites.tenantId, ids), eq(tenantSites.isActive, true))).orderBy(
        tenantSites.id,
      ),
    db.select({ tenantId: tenantSpecies.tenantId, name: species.name }).from(tenantSpecies)
      .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(inArray(tenantSpecies.tenantId, ids)).orderBy(species.id),
    db.select({ tenantId: tenantModules.tenantId, module: tenantModules.module }).from(tenantModules)
      .where(and(inArray(tenantModules.tenantId, ids), eq(tenantModules.isEnabled, true))),
    db.select({ tenantId: memberships.tenantId, n: count() }).from(memberships)
      .where(inArray(memberships.tenantId, ids)).groupBy(memberships.tenantId),
    db.select({
      tenantId: sessions.tenantId,
      last: max(sql<number>`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`),
    }).from(sessions).where(inArray(sessions.tenantId, ids)).groupBy(sessions.tenantId),
  ]);
  const of = <T extends { tenantId: number }>(list: T[], id: number) => list.filter((r) => r.tenantId === id);
  return rows.map((t) => {
    const last = activity.find((a) => a.tenantId === t.id)?.last;
    return {
      id: t.id,
      name: t.name,
      category: t.category,
      isActive: t.isActive,
      sites: of(siteRows, t.id).map((s) => s.name),
      species: of(speciesRows, t.id).map((s) => s.name),
      modules: of(moduleRows, t.id).map((m) => m.module),
      users: userCounts.find((u) => u.tenantId === t.id)?.n ?? 0,
      lastActivity: last ? new Date(Number(last)).toISOString() : null,
    };
  });
}

/** One tenant as its edit form shows it. */
export async function getTenant(ctx: AreaContext, id: number) {
  const tenant = await findTenant(ctx, id);
  const db = ctx.app.db.control;
  const [siteRows, speciesRows, moduleRows] = await Promise.all([
    db.select({ id: tenantSites.id, name: tenantSites.name, isActive: tenantSites.isActive })
      .from(tenantSites).where(eq(tenantSites.tenantId, id)).orderBy(tenantSites.id),
    db.select({ id: tenantSpecies.speciesId }).from(tenantSpecies).where(
      eq(tenantSpecies.tenantId, id),
    ),
    db.select({ module: tenantModules.module }).from(tenantModules)
      .where(and(eq(tenantModules.tenantId, id), eq(tenantModules.isEnabled, true))),
  ]);
  return {
    id: tenant.id,
    name: tenant.name,
    category: tenant.category,
    isActive: tenant.isActive,
    sites: siteRows,
    speciesIds: speciesRows.map((s) => s.id).sort((a, b) => a - b),
    modules: MODULE_KEYS.filter((m) => moduleRows.some((r) => r.module === m)),
    createdAt: tenant.createdAt,
  };
}

/** The species a tenant may enable (the shared list). */
export function allSpecies(ctx: AreaContext) {
  return ctx.app.db.control.select().from(species).orderBy(species.id);
}

/** Users who belong to more than one tenant, with each membership (bounded; a search narrows). */
export async function crossTenantUsers(ctx: AreaContext, q?: string) {
  const db = ctx.app.db.control;
  const multi = db.select({ userId: memberships.userId }).from(memberships)
    .groupBy(memberships.userId).having(sql`count(*) > 1`);
  const rows = await db.select().from(users)
    .where(
      and(
        inArray(users.id, multi),
        q ? anyContains([users.email, users.firstName, users.lastName], q) : undefined,
      ),
    )
    .orderBy(users.lastName, users.firstName).limit(CROSS_TENANT_LIMIT);
  const claims = rows.length
    ? await db.select({
      userId: memberships.userId,
      tenantId: memberships.tenantId,
      tenantName: tenants.name,
      roleLevel: memberships.roleLevel,
    }).from(memberships).innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .where(inArray(memberships.userId, rows.map((u) => u.id))).orderBy(tenants.name)
    : [];
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    isDisabled: u.isDisabled,
    crossTenantClaims: claims.filter((c) => c.userId === u.id).map(({ userId: _, ...c }) => c),
  }));
}
