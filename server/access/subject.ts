import type { RoleName } from "./roles.ts";
import type { ModuleKey, TenantCategory } from "./modules.ts";

/**
 * Everything an access decision looks at, built once per request from the
 * session user and the current tenant. Plain data so the same decision runs
 * in the menu, the page guard and the API.
 */
export interface AccessSubject {
  /** null = no role: only public routes. "none" is treated the same way. */
  roleLevel: RoleName | null;
  /** Modules licensed AND enabled for the current tenant. */
  modules: ModuleKey[];
  /** Categories of the current tenant. */
  tenantCategories: TenantCategory[];
  featureFlags: { featureKey: string; isEnabled: boolean; isEnabledForSuperUser: boolean }[];
  tenantSettings: { settingType: string; value: { isEnabled: boolean } }[];
  /** e.g. {settingType:"homepage", value:{module:"stockyard", title:"Stockyard"}}. */
  userSettings: { settingType: string; value: unknown }[];
}

/** A subject with no role and nothing licensed: what an anonymous visitor is. */
export const ANONYMOUS_SUBJECT: AccessSubject = Object.freeze({
  roleLevel: null,
  modules: [],
  tenantCategories: [],
  featureFlags: [],
  tenantSettings: [],
  userSettings: [],
});
