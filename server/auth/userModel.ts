import { inArray } from "drizzle-orm";
import type { ControlDb } from "../../db/client.ts";
import { tenants, users } from "../../db/control/schema.ts";
import { type AccessSubject, inEnabledGroups } from "../access/subject.ts";
import type { RoleName } from "../access/roles.ts";
import { isModuleKey, moduleInfo } from "../access/modules.ts";
import { userSettingValue } from "../access/flags.ts";
import type { Session } from "./sessions.ts";

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;

/** Everything a request needs to know about who is calling (loaded and kept by `callers.ts`). */
export interface Caller {
  session: Session;
  user: UserRow;
  tenant: TenantRow;
  roleLevel: RoleName;
  subject: AccessSubject;
  sites: { id: number; name: string }[];
  species: { id: number; name: string }[];
  memberships: { tenantId: number; tenantName: string; roleLevel: RoleName }[];
  /** the organisation's time zone (Settings › Organisation details), once its details were saved */
  plantTimeZone: string | null;
}

/** An allow-list from a user setting, or null when the setting is absent or empty (= everything). */
export function allowedIds(
  subject: AccessSubject,
  settingType: "tenantSite" | "species",
  key: string,
): number[] | null {
  const value = userSettingValue(subject, settingType) as Record<string, unknown> | undefined;
  const ids = value?.[key];
  return Array.isArray(ids) && ids.length ? ids.map(Number) : null;
}

/** The species chosen in the header, when still allowed; otherwise the user's first species. */
export function defaultSpeciesId(caller: Caller): number | null {
  const setting = userSettingValue(caller.subject, "speciesId") as { speciesId?: unknown } | undefined;
  const chosen = Number(setting?.speciesId);
  return caller.species.find((s) => s.id === chosen)?.id ?? caller.species[0]?.id ?? null;
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
    // a group switched off in Settings › Login modules is not offered (super keeps it, as the policy does)
    modules: inEnabledGroups(caller.subject, caller.subject.modules).map((name) => ({
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
