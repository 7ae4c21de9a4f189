import { and, eq, inArray } from "drizzle-orm";
import type { ControlDb } from "../../db/client.ts";
import {
  featureFlags,
  memberships,
  species,
  tenantModules,
  tenants,
  tenantSettings,
  tenantSites,
  tenantSpecies,
  users,
  userSettings,
} from "../../db/control/schema.ts";
import type { AccessSubject } from "../access/subject.ts";
import type { RoleName } from "../access/roles.ts";
import type { ModuleKey, TenantCategory } from "../access/modules.ts";
import { isModuleKey, moduleInfo } from "../access/modules.ts";
import { userSettingValue } from "../access/flags.ts";
import type { Session } from "./sessions.ts";

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

/** Everything a request needs to know about who is calling, loaded once per request. */
export interface Caller {
  session: Session;
  user: UserRow;
  tenant: TenantRow;
  roleLevel: RoleName;
  subject: AccessSubject;
  sites: { id: number; name: string }[];
  species: { id: number; name: string }[];
  memberships: { tenantId: number; tenantName: string; roleLevel: RoleName }[];
}

/**
 * Loads the caller of a live session, or null when the user is disabled or no longer belongs to the
 * session's tenant. A super user keeps the super role while impersonating a tenant they are not a member of.
 */
export async function loadCaller(db: ControlDb, session: Session): Promise<Caller | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, session.userId) });
  if (!user || user.isDisabled) return null;
  const tenant = await db.query.tenants.findFirst({ where: eq(tenants.id, session.tenantId) });
  if (!tenant || !tenant.isActive) return null;

  const own = await db.select({
    tenantId: memberships.tenantId,
    tenantName: tenants.name,
    roleLevel: memberships.roleLevel,
  })
    .from(memberships).innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, user.id));
  const here = own.find((m) => m.tenantId === tenant.id);
  const isSuper = own.some((m) => m.roleLevel === "super");
  const roleLevel = (here?.roleLevel ?? (session.impersonating && isSuper ? "super" : null)) as
    | RoleName
    | null;
  if (!roleLevel) return null;

  const [modules, settings, flags, sites, speciesRows, uSettings] = await Promise.all([
    db.select().from(tenantModules).where(
      and(eq(tenantModules.tenantId, tenant.id), eq(tenantModules.isEnabled, true)),
    ),
    db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenant.id)),
    db.select().from(featureFlags).where(eq(featureFlags.tenantId, tenant.id)),
    db.select({ id: tenantSites.id, name: tenantSites.name }).from(tenantSites)
      .where(and(eq(tenantSites.tenantId, tenant.id), eq(tenantSites.isActive, true))).orderBy(
        tenantSites.id,
      ),
    db.select({ id: species.id, name: species.name }).from(tenantSpecies)
      .innerJoin(species, eq(species.id, tenantSpecies.speciesId))
      .where(eq(tenantSpecies.tenantId, tenant.id)).orderBy(species.id),
    db.select().from(userSettings).where(
      and(eq(userSettings.userId, user.id), eq(userSettings.tenantId, tenant.id)),
    ),
  ]);

  const subject: AccessSubject = {
    roleLevel,
    modules: modules.map((m) => m.module as ModuleKey),
    tenantCategories: [tenant.category as TenantCategory],
    featureFlags: flags.map(({ featureKey, isEnabled, isEnabledForSuperUser }) => ({
      featureKey,
      isEnabled,
      isEnabledForSuperUser,
    })),
    tenantSettings: settings.map((s) => ({ settingType: s.settingType, value: s.value })),
    userSettings: uSettings.map((s) => ({ settingType: s.settingType, value: s.value })),
  };
  const allowed = allowedIds(subject, "tenantSite", "allowedTenantSiteIds");
  const allowedSpecies = allowedIds(subject, "species", "allowedSpeciesIds");
  return {
    session,
    user,
    tenant,
    roleLevel,
    subject,
    sites: allowed ? sites.filter((s) => allowed.includes(s.id)) : sites,
    species: allowedSpecies ? speciesRows.filter((s) => allowedSpecies.includes(s.id)) : speciesRows,
    memberships: own.map((m) => ({ ...m, roleLevel: m.roleLevel as RoleName })),
  };
}

/** An allow-list from a user setting, or null when the setting is absent or empty (= everything). */
function allowedIds(
  subject: AccessSubject,
  settingType: "tenantSite" | "species",
  key: string,
): number[] | null {
  const value = userSettingValue(subject, settingType) as Record<string, unknown> | undefined;
  const ids = value?.[key];
  return Array.isArray(ids) && ids.length ? ids.map(Number) : null;
}

/** The user's chosen site, when still allowed; otherwise their first allowed site. */
export function defaultSiteId(caller: Caller): number | null {
  const setting = userSettingValue(caller.subject, "tenantSite") as
    | { defaultTenantSiteId?: unknown }
    | undefined;
  const chosen = Number(setting?.defaultTenantSiteId);
  return caller.sites.find((s) => s.id === chosen)?.id ?? caller.sites[0]?.id ?? null;
}

/** The user model of spec 1 §3 "User", as login and login/usermodel answer it. */
export function userModel(caller: Caller, withData = true, token?: string) {
  const { user, tenant, session } = caller;
  const base = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: user.phone,
    isPhoneVerified: user.isPhoneVerified,
    tenantId: tenant.id,
    tenantName: tenant.name,
    roleLevel: caller.roleLevel,
    isPasswordUpdated: user.isPasswordUpdated,
    isKeepLoggedIn: session.keepLoggedIn,
    isImpersonating: session.impersonating,
    tokenExpiresAt: session.expiresAt.toISOString(),
    sessionEndsAt: session.absoluteExpiresAt.toISOString(),
    ...(token ? { token } : {}),
  };
  if (!withData) return base;
  return {
    ...base,
    modules: caller.subject.modules.map((name) => ({
      name,
      loginModuleGroup: isModuleKey(name) ? moduleInfo(name).group : "Home",
    })),
    tenantSites: caller.sites,
    species: caller.species,
    tenantCategories: caller.subject.tenantCategories,
    tenantSettings: caller.subject.tenantSettings,
    featureFlags: caller.subject.featureFlags,
    userSettings: caller.subject.userSettings,
    defaultTenantSiteId: defaultSiteId(caller),
    crossTenantClaims: caller.memberships,
  };
}

export async function tenantIdsOf(db: ControlDb, ids?: number[]) {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(
    ids ? inArray(tenants.id, ids) : undefined,
  );
  return rows.map((r) => r.id);
}
