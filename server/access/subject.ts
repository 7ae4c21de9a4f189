import type { RoleName } from "./roles.ts";
import { groupOf, type LoginModuleGroup, type ModuleKey, type TenantCategory } from "./modules.ts";

/** The modules a producer tenant's licence counts: the portal's (issue 44 §7). */
export const PRODUCER_MODULES: readonly ModuleKey[] = ["farmer"];

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
  /** Login module groups the tenant's admin switched off (Settings › Login modules); none when absent. */
  disabledModuleGroups?: readonly LoginModuleGroup[];
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

/**
 * The modules that open pages and APIs for the subject (spec 1 §6: licensed, and the module's group
 * enabled). A producer tenant that also holds a plant module (the demo farm holds livestock) still reaches
 * only the producer portal: its other modules count for nothing. A group the tenant switched off closes its
 * modules for everyone but a super user, who looks after the tenant and still sees them.
 */
export function licensedModules(subject: AccessSubject): readonly ModuleKey[] {
  const producerOnly = subject.tenantCategories.includes("producer") &&
    !subject.tenantCategories.includes("processor");
  const licensed = producerOnly
    ? subject.modules.filter((m) => PRODUCER_MODULES.includes(m))
    : subject.modules;
  return inEnabledGroups(subject, licensed);
}

/** The modules whose login module group the tenant has not switched off (all of them for a super user). */
export function inEnabledGroups(subject: AccessSubject, modules: readonly ModuleKey[]): readonly ModuleKey[] {
  const off = subject.disabledModuleGroups;
  if (!off?.length || subject.roleLevel === "super") return modules;
  return modules.filter((m) => !off.includes(groupOf(m)));
}
