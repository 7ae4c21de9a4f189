/**
 * Access rules of API endpoints (and of the page form posts): declared once per route, enforced by the
 * router before the body is read, listed in docs/access.md and in the OpenAPI document. A rule that
 * names pages follows those page routes (any of them, with their ancestors), so an endpoint and the
 * screens that use it cannot drift apart. Pure: no I/O.
 */
import type { RoleName } from "./roles.ts";
import { hasRole, roleValue } from "./roles.ts";
import type { ModuleKey, TenantCategory } from "./modules.ts";
import {
  type AdminEditableEntity,
  canEditEntity,
  type FeatureFlagKey,
  isFeatureEnabled,
  isTenantSettingEnabled,
  type TenantSettingType,
} from "./flags.ts";
import { type AccessSubject, licensedModules } from "./subject.ts";
import { canSeeRoute } from "./policy.ts";
import { ancestorsOf, findRouteByName, type RouteDef, ROUTES } from "./routes.ts";

export interface AccessRule {
  /** Anyone, signed in or not (sign-in itself). */
  readonly public?: boolean;
  /** Page routes (by name) the endpoint serves: the caller must be able to open one of them. */
  readonly pages?: readonly string[];
  /** Minimum role. */
  readonly role?: RoleName;
  /** Any-of: one must be licensed for the tenant (a super user passes unlicensed). */
  readonly modules?: readonly ModuleKey[];
  readonly tenantCategory?: TenantCategory;
  readonly featureFlag?: FeatureFlagKey;
  readonly tenantSetting?: TenantSettingType;
  /** A write to this kind of record: the caller needs its admin permission flag. */
  readonly edit?: AdminEditableEntity;
  /** Answers while the user must still replace a temporary password (sign-in, the change itself). */
  readonly whilePasswordPending?: boolean;
  /**
   * A GET that changes state (a new token, another tenant): a cookie caller must show it comes from our
   * own pages, so a link on a foreign site cannot trigger it.
   */
  readonly changesState?: boolean;
  /**
   * A plant integration endpoint (issue 15): an integration API key may call it (its tenant's data only),
   * and a person may when the rest of the rule lets them. A key is refused on every other endpoint.
   */
  readonly integration?: boolean;
}

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; status: 401 | 403; message?: string };

/** What the rule needs to know of the caller beyond the access subject. */
export interface AccessCaller {
  subject: AccessSubject;
  /** still on a temporary password (spec 1 §4: the forced change) */
  passwordPending: boolean;
  /** a plant system's integration API key, not a person */
  viaApiKey: boolean;
}

/** Plain words for the records guarded by an admin permission flag. */
const ENTITY_LABELS: Record<AdminEditableEntity, string> = {
  supplier: "suppliers",
  transportCompany: "transport companies",
  buyer: "buyers",
  productDefinition: "product definitions",
  stakeholder: "stakeholders",
  recipe: "recipes",
};

const ALLOWED: AccessDecision = { allowed: true };
const forbidden = (message?: string): AccessDecision => ({ allowed: false, status: 403, message });

/** Why a key is refused on an endpoint that is not for plant systems. */
export const KEY_REFUSED = "An integration key may call only the plant integration endpoints.";

/** Whether a caller (null: nobody signed in) may use an endpoint with this rule. */
export function decideAccess(
  caller: AccessCaller | null,
  rule: AccessRule,
  routes: readonly RouteDef[] = ROUTES,
): AccessDecision {
  if (caller?.viaApiKey) return decideForKey(caller.subject, rule);
  if (rule.public) return ALLOWED;
  if (!caller || !hasRole(caller.subject.roleLevel)) return { allowed: false, status: 401 };
  const { subject } = caller;
  if (caller.passwordPending && !rule.whilePasswordPending) {
    return forbidden("Change your temporary password first.");
  }
  if (rule.pages?.length) {
    const pages = rule.pages.map((name) => pageNamed(name, routes));
    if (!pages.some((page) => canSeeRoute(subject, page, routes))) {
      return forbidden(whyNot(subject, pages, routes));
    }
  }
  if (rule.role && roleValue(subject.roleLevel) < roleValue(rule.role)) return forbidden();
  const tenant = decideForTenant(subject, rule);
  if (!tenant.allowed) return tenant;
  if (rule.edit && !canEditEntity(subject, rule.edit)) {
    const label = ENTITY_LABELS[rule.edit];
    return forbidden(`You may view ${label} but not change them: ask an admin for the permission.`);
  }
  return ALLOWED;
}

/**
 * An integration key: refused on every endpoint not marked `integration` (public ones too: a key is
 * never sent where it is not needed). On an integration endpoint only what the tenant must have counts
 * (category, modules, flag, setting); the person's conditions (pages, role, edit permission) are not
 * asked of a key, so a rule that must bind keys to a licence names its `modules` itself.
 */
function decideForKey(subject: AccessSubject, rule: AccessRule): AccessDecision {
  if (!rule.integration) return forbidden(KEY_REFUSED);
  if (!hasRole(subject.roleLevel)) return { allowed: false, status: 401 };
  return decideForTenant(subject, rule);
}

/** The rule's conditions on the tenant: its category, licence, feature flag and setting. */
function decideForTenant(subject: AccessSubject, rule: AccessRule): AccessDecision {
  if (rule.tenantCategory && !subject.tenantCategories.includes(rule.tenantCategory)) {
    return forbidden(`This is for ${rule.tenantCategory} organisations.`);
  }
  if (rule.modules?.length && subject.roleLevel !== "super") {
    if (!rule.modules.some((m) => licensedModules(subject).includes(m))) {
      return forbidden(`This needs the ${rule.modules.join(" or ")} module.`);
    }
  }
  if (rule.featureFlag && !isFeatureEnabled(subject, rule.featureFlag)) return forbidden();
  if (rule.tenantSetting && !isTenantSettingEnabled(subject, rule.tenantSetting)) return forbidden();
  return ALLOWED;
}

/** Plain words when the pages are closed by the tenant's category or licence (leaf first). */
function whyNot(subject: AccessSubject, pages: RouteDef[], routes: readonly RouteDef[]): string | undefined {
  const chain = pages.flatMap((p) => [p, ...ancestorsOf(p, routes).reverse()]);
  const category = chain.map((r) => r.tenantCategory).find((c) => c && !subject.tenantCategories.includes(c));
  if (category) return `This is for ${category} organisations.`;
  const unlicensed = chain.find((r) =>
    r.modules?.length && !r.modules.some((m) => licensedModules(subject).includes(m)) &&
    !(r.allowSuper && subject.roleLevel === "super")
  );
  return unlicensed ? `This needs the ${unlicensed.modules!.join(" or ")} module.` : undefined;
}

function pageNamed(name: string, routes: readonly RouteDef[]): RouteDef {
  const route = findRouteByName(name, routes);
  if (!route) throw new Error(`access rule names an unknown page "${name}"`);
  return route;
}

/** Checks at start-up that every page a rule names exists (a typo must not open or close an endpoint). */
export function assertRulePages(rule: AccessRule, routes: readonly RouteDef[] = ROUTES) {
  for (const name of rule.pages ?? []) pageNamed(name, routes);
}

/** One line of plain words per rule, for docs/access.md. */
export function describeRule(rule: AccessRule): string {
  if (rule.public) return "anyone";
  const parts: string[] = [];
  if (rule.pages?.length) parts.push(`who can open ${rule.pages.map((p) => `\`${p}\``).join(" or ")}`);
  if (rule.role) parts.push(`role ≥ ${rule.role}`);
  if (rule.modules?.length) parts.push(`module ${rule.modules.join(" or ")}`);
  if (rule.tenantCategory) parts.push(`${rule.tenantCategory} tenant`);
  if (rule.featureFlag) parts.push(`feature ${rule.featureFlag}`);
  if (rule.tenantSetting) parts.push(`setting ${rule.tenantSetting}`);
  if (rule.edit) parts.push(`may edit ${ENTITY_LABELS[rule.edit]}`);
  if (!parts.length) parts.push("signed in");
  if (rule.whilePasswordPending) parts.push("also while a temporary password is pending");
  if (rule.changesState) parts.push("cookie callers from our own pages only");
  if (rule.integration) parts.push("integration keys too");
  return parts.join("; ");
}

// ---------------------------------------------------------------- rules used by several areas

/** Any signed-in user working in a tenant: their own account. */
export const SIGNED_IN: AccessRule = {};
export const SUPER: AccessRule = { role: "super" };
export const ADMIN: AccessRule = { role: "admin" };
