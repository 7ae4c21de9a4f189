/** A tenant created or edited by a super user (spec 2 §2.3, §7.6). */
import { eq, sql } from "drizzle-orm";
import { tenantModules, tenants, tenantSites, tenantSpecies } from "../../../../../db/control/schema.ts";
import { MODULE_KEYS } from "../../../../access/modules.ts";
import { ApiError } from "../../../../http/errors.ts";
import { createTenant } from "../../../../tenants.ts";
import type { AreaContext } from "../../../context.ts";
import { controlWrite } from "../../controlUnit.ts";
import { recordSuperAction } from "../../writes.ts";
import { allSpecies, getTenant } from "../queries.ts";
import { adminOf, TENANT_DEACTIVATED, tenantDetail, type TenantInput } from "../rules.ts";
import { saveUserOfTenant } from "./tenantUsers.ts";

/** UpsertTenant: a new tenant without an id, else an edit. */
export function saveTenant(ctx: AreaContext, input: TenantInput) {
  return input.id ? editTenant(ctx, input.id, input) : addTenant(ctx, input);
}

/**
 * A new tenant: its control rows, its own database created and migrated (createTenant), then its first
 * admin, an account with a temporary password that must be changed at first sign-in.
 */
export async function addTenant(ctx: AreaContext, input: TenantInput) {
  await checkTenant(ctx, input);
  const admin = adminOf(input);
  const id = await createTenant(ctx.app.db, {
    name: input.name,
    category: input.category,
    sites: input.sites,
    speciesIds: input.speciesIds,
    modules: input.modules,
  });
  await recordSuperAction(ctx, {
    tenantId: id,
    action: "CreateTenant",
    detail: { ...tenantDetail(input), adminEmail: admin.email },
  });
  const saved = await saveUserOfTenant(ctx, {
    tenantId: id,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    phone: "",
    roleLevel: "admin",
    allowedSpeciesIds: [],
    invoicingSpeciesIds: [],
    allowedTenantSiteIds: [],
    hasSupplierAdminPermission: true,
    hasTransportAdminPermission: true,
    hasBuyerAdminPermission: true,
    hasProductDefinitionAdminPermission: true,
    hasStakeholderAdminPermission: true,
    hasRecipeAdminPermission: true,
  });
  return {
    id,
    tenant: await getTenant(ctx, id),
    adminUserId: saved.id,
    ...(saved.temporaryPassword ? { temporaryPassword: saved.temporaryPassword } : {}),
  };
}

/**
 * Edits a tenant. Sites are matched by name: a listed new name is added, an existing one kept (or made
 * active again), an unlisted one made inactive (its records keep their site). Species are replaced;
 * every module is switched on or off. The tenant's users see the change on their next request.
 */
export async function editTenant(ctx: AreaContext, id: number, input: TenantInput) {
  const before = await getTenant(ctx, id);
  await checkTenant(ctx, input, id);
  await controlWrite(ctx, async (tx, unit) => {
    await tx.update(tenants).set({ name: input.name, category: input.category, isActive: input.isActive })
      .where(eq(tenants.id, id));
    const wanted = new Map(input.sites.map((s) => [s.toLowerCase(), s]));
    for (const site of before.sites) {
      const name = wanted.get(site.name.toLowerCase());
      await tx.update(tenantSites).set({ isActive: Boolean(name), name: name ?? site.name })
        .where(eq(tenantSites.id, site.id));
      wanted.delete(site.name.toLowerCase());
    }
    if (wanted.size) {
      await tx.insert(tenantSites).values([...wanted.values()].map((name) => ({ tenantId: id, name })));
    }
    await tx.delete(tenantSpecies).where(eq(tenantSpecies.tenantId, id));
    await tx.insert(tenantSpecies).values(input.speciesIds.map((speciesId) => ({ tenantId: id, speciesId })));
    await tx.insert(tenantModules).values(
      MODULE_KEYS.map((module) => ({ tenantId: id, module, isEnabled: input.modules.includes(module) })),
    ).onConflictDoUpdate({
      target: [tenantModules.tenantId, tenantModules.module],
      set: { isEnabled: sql`excluded.is_enabled` },
    });
    await unit.audit({ tenantId: id, action: "UpdateTenant", detail: tenantDetail(input) });
    unit.afterCommit(async () => {
      await ctx.app.callers.changed({ tenantIds: [id] });
      if (before.isActive && !input.isActive) await endSessionsOf(ctx, id);
    });
  });
  return { id, tenant: await getTenant(ctx, id) };
}

/**
 * A deactivated tenant's sessions end (as a disabled user's do): its open pages hear why first, then the
 * sessions are deleted, so a reactivation never revives an old token or cookie. The super user's own
 * session is kept (as ForceTotalLogout keeps it).
 */
async function endSessionsOf(ctx: AreaContext, tenantId: number) {
  const keep = ctx.caller.session.id;
  await ctx.app.push.signOutTenant(tenantId, TENANT_DEACTIVATED, keep);
  await ctx.app.sessions.invalidateAllForTenant(tenantId, keep);
}

async function checkTenant(ctx: AreaContext, input: TenantInput, id?: number) {
  const errors: { field: string; message: string }[] = [];
  const clash = await ctx.app.db.control.query.tenants.findFirst({ where: eq(tenants.name, input.name) });
  if (clash && clash.id !== id) {
    errors.push({ field: "name", message: "Another organisation has that name." });
  }
  const known = await allSpecies(ctx);
  if (input.speciesIds.some((s) => !known.some((k) => k.id === s))) {
    errors.push({ field: "speciesIds", message: "Choose species from the list." });
  }
  if (!id) {
    if (!input.adminEmail) errors.push({ field: "adminEmail", message: "Enter the first admin's email." });
    if (!input.adminFirstName) {
      errors.push({ field: "adminFirstName", message: "Enter the admin's first name." });
    }
    if (!input.adminLastName) {
      errors.push({ field: "adminLastName", message: "Enter the admin's last name." });
    }
  }
  if (errors.length) throw ApiError.validation(errors);
}
