/**
 * The users area's reads (api/user/, spec 1 §2 clientusers): the members of the caller's tenant with
 * their role, allowed species and sites and admin permissions. Users live in the control database; the
 * caller's tenant is the one they manage.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ControlDb } from "../../../db/client.ts";
import {
  memberships,
  species,
  tenantSites,
  tenantSpecies,
  users,
  userSettings,
} from "../../../db/control/schema.ts";
import { isPerson } from "../../auth/apiKeys.ts";
import type { AreaContext } from "../context.ts";
import type { In } from "../areaApi.ts";
import { ApiError } from "../../http/errors.ts";
import type { AdminPermissions, TenantUser } from "./schemas.ts";
import { type AccountRoles, pickAdminPermissions, powerOver } from "./rules.ts";

export type TenantUserDto = In<typeof TenantUser>;
/** The control database or one of its transactions, for reads. */
export type ControlReads = Pick<ControlDb, "select">;

export async function listTenantUsers(ctx: AreaContext): Promise<TenantUserDto[]> {
  const db = ctx.app.db.control, tenantId = ctx.caller.tenant.id;
  const rows = await db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), isPerson()))
    .orderBy(users.lastName, users.firstName);
  const settings = await db.select().from(userSettings).where(eq(userSettings.tenantId, tenantId));
  const roles = await db.select({
    userId: memberships.userId,
    tenantId: memberships.tenantId,
    roleLevel: memberships.roleLevel,
  }).from(memberships).where(inArray(
    memberships.userId,
    db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.tenantId, tenantId)),
  ));
  return rows.map(({ user, roleLevel }) =>
    toDto(
      user,
      roleLevel,
      settings.filter((s) => s.userId === user.id),
      powerOver(ctx.caller, user.id, roles.filter((r) => r.userId === user.id)).canManageAccount,
    )
  );
}

export async function getTenantUser(
  ctx: AreaContext,
  userId: number,
  db: ControlReads = ctx.app.db.control,
): Promise<TenantUserDto> {
  const row = await memberRow(ctx, userId, db);
  if (!row) throw ApiError.notFound("That user is not in your organisation.");
  const settings = await db.select().from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.tenantId, ctx.caller.tenant.id)));
  const power = powerOver(ctx.caller, userId, await accountRoles(ctx, userId, db));
  return toDto(row.user, row.roleLevel, settings, power.canManageAccount);
}

/** The species and sites a user of this tenant may be given. */
export async function tenantChoices(ctx: AreaContext, tenantId: number) {
  const db = ctx.app.db.control;
  const [sites, speciesRows] = await Promise.all([
    db.select({ id: tenantSites.id, name: tenantSites.name }).from(tenantSites)
      .where(eq(tenantSites.tenantId, tenantId)).orderBy(tenantSites.name),
    db.select({ id: species.id, name: species.name }).from(tenantSpecies)
      .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(eq(tenantSpecies.tenantId, tenantId)).orderBy(species.id),
  ]);
  return { sites, species: speciesRows };
}

/** The roles an account holds in every organisation (who may change it: rules.ts powerOver). */
export function accountRoles(
  ctx: AreaContext,
  userId: number,
  db: ControlReads = ctx.app.db.control,
): Promise<AccountRoles> {
  return db.select({ tenantId: memberships.tenantId, roleLevel: memberships.roleLevel }).from(memberships)
    .where(eq(memberships.userId, userId));
}

/** A person (not an API key) of the caller's tenant with their role there, or undefined. */
export function memberRow(ctx: AreaContext, userId: number, db: ControlReads = ctx.app.db.control) {
  return db.select({ user: users, roleLevel: memberships.roleLevel }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.caller.tenant.id), eq(memberships.userId, userId), isPerson()))
    .get();
}

function toDto(
  user: typeof users.$inferSelect,
  roleLevel: string,
  settings: { settingType: string; value: unknown }[],
  canManageAccount: boolean,
): TenantUserDto {
  const get = (type: string) =>
    (settings.find((s) => s.settingType === type)?.value ?? {}) as Record<string, unknown>;
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  const admin = get("admin") as Partial<In<typeof AdminPermissions>>;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    phone: user.phone,
    roleLevel,
    isPasswordUpdated: user.isPasswordUpdated,
    isDisabled: user.isDisabled,
    canManageAccount,
    allowedSpeciesIds: ids(get("species").allowedSpeciesIds),
    allowedTenantSiteIds: ids(get("tenantSite").allowedTenantSiteIds),
    invoicingSpeciesIds: ids(get("invoicing").allowedSpeciesIds),
    ...pickAdminPermissions(admin),
    lastModified: user.lastModified,
  };
}
