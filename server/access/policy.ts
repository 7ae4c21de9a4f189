/**
 * The access policy: every visibility decision of the app (side menu, page
 * guards, API) is made here from an AccessSubject and the route table, so
 * they cannot disagree. Pure functions; the route table is a parameter
 * (defaulting to the app's) so the rules can be tested on small tables.
 */
import { hasRole, roleLabel, type RoleName, roleValue } from "./roles.ts";
import { moduleInfo, type ModuleKey } from "./modules.ts";
import { type AccessSubject, licensedModules } from "./subject.ts";
import { featureLabel, isFeatureEnabled, isTenantSettingEnabled, userSettingValue } from "./flags.ts";
import { fillParams } from "./match.ts";
import { formatList } from "../../kernel/format.ts";
import {
  allRoutes,
  ancestorsOf,
  DEFAULT_ROUTE_PATH,
  findRouteByName,
  LOGIN_PATH,
  matchRoute,
  NESTED_MENUS,
  type RouteDef,
  ROUTES,
  SUPER_HOME_PATH,
} from "./routes.ts";

type Table = readonly RouteDef[];

/** The route's own rules (spec 1 §6), ignoring its ancestors. */
function passesOwnRules(subject: AccessSubject, route: RouteDef): boolean {
  return refusalOf(subject, route) === null;
}

/** The first of the route's own rules the subject fails, in words for the person refused; null: none. */
function refusalOf(subject: AccessSubject, route: RouteDef): string | null {
  if (route.public) return null;
  const role = subject.roleLevel;
  if (!hasRole(role)) return "Sign in to open it.";
  if (roleValue(role) < roleValue(route.roleValue)) {
    return route.roleValue === "super"
      ? "It is for super administrators."
      : `It needs the ${roleLabel(route.roleValue)} role or higher; your account is ${roleLabel(role)}.`;
  }
  if (route.onlyRoles && !route.onlyRoles.includes(role)) {
    return `It is for ${formatList(route.onlyRoles.map(roleLabel))} accounts; yours is ${roleLabel(role)}.`;
  }
  if (route.tenantCategory && !subject.tenantCategories.includes(route.tenantCategory)) {
    return route.tenantCategory === "producer"
      ? "It is for farms (producer organisations)."
      : "It is for processors; this organisation is a farm.";
  }
  if (route.featureFlag && !isFeatureEnabled(subject, route.featureFlag)) {
    return `"${featureLabel(route.featureFlag)}" is not turned on for your organisation.`;
  }
  if (route.tenantSetting && !isTenantSettingEnabled(subject, route.tenantSetting)) {
    return "It is switched off in your organisation's settings (Settings › Tenant Settings).";
  }
  if (route.modules && route.modules.length > 0) {
    const licensed = route.modules.some((m) => licensedModules(subject).includes(m));
    if (!licensed && !(route.allowSuper && role === "super")) return missingModule(subject, route.modules);
  }
  return null;
}

/** Why none of the modules counts: the account lacks them, or the organisation switched their group off. */
function missingModule(subject: AccessSubject, modules: readonly ModuleKey[]): string {
  const names = modules.map((m) => moduleInfo(m).displayName).join(" or ");
  const held = modules.filter((m) => subject.modules.includes(m));
  if (held.length) {
    const group = moduleInfo(held[0]).group;
    return `Your organisation has switched off its ${group} modules (Settings › Login Modules).`;
  }
  return `It needs the ${names} module, which your account does not have: an administrator can add it ` +
    "(Users).";
}

/**
 * Why the subject may not open the route, in plain words for the page that refuses it (the route's or
 * an ancestor's first failing rule); null when it may.
 */
export function whyNotOpen(subject: AccessSubject, route: RouteDef, routes: Table = ROUTES): string | null {
  for (const r of [...ancestorsOf(route, routes), route]) {
    const refusal = refusalOf(subject, r);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Whether the subject may see (open, be shown a link to) the route: public
 * routes always; otherwise a role is needed, and the route and every
 * ancestor must pass role level, onlyRoles, tenant category, feature flag,
 * tenant setting and module (any-of; allowSuper lets a super through).
 */
export function canSeeRoute(subject: AccessSubject, route: RouteDef, routes: Table = ROUTES): boolean {
  if (route.public) return true;
  if (!hasRole(subject.roleLevel)) return false;
  return [...ancestorsOf(route, routes), route].every((r) => passesOwnRules(subject, r));
}

/** canSeeRoute by route name; an unknown name is never visible (for API guards). */
export function canSeeRouteNamed(subject: AccessSubject, name: string, routes: Table = ROUTES): boolean {
  const route = findRouteByName(name, routes);
  return route !== undefined && canSeeRoute(subject, route, routes);
}

/**
 * Settings menu (spec 2 §2.2): a super user, or a user holding a Settings-group
 * module other than tenantSettings. The rule is carried by the /settings
 * route's data, so guard and menu use the same check.
 */
export function isSettingsMenuVisible(subject: AccessSubject, routes: Table = ROUTES): boolean {
  return canSeeRouteNamed(subject, "settings", routes);
}

// ---------------------------------------------------------------- home page

/** Module order used when several home candidates remain (spec 1 §2). */
export const HOME_MODULE_ORDER: readonly ModuleKey[] = [
  "farmer",
  "livestockReporting",
  "yieldReporting",
  "stockyard",
  "buy",
  "invoices",
  "processorSkinGrade",
];

/** Home route of the roles that have their own home (spec 1 §2). */
export const ROLE_HOME_ROUTE_NAMES: Partial<Record<RoleName, string>> = {
  super: "superHome",
  test: "testerHome",
  display: "displayHome",
};

/** Routes that can be home pages and the subject can see (display home only for display users). */
export function homeCandidates(subject: AccessSubject, routes: Table): RouteDef[] {
  const role = subject.roleLevel;
  // a screen not built yet cannot be anyone's home page: signing in must land on a working screen
  return allRoutes(routes).filter((r) =>
    r.built && r.canBeHomePage && canSeeRoute(subject, r, routes) &&
    (!r.homeForRoles || (role !== null && r.homeForRoles.includes(role)))
  );
}

/**
 * The page chosen in the "homepage" user setting {module, title}, if the
 * subject can see it. `module` names a candidate's homeModule (or its route
 * name); the title picks between several; the default home's name chooses it.
 */
function chosenHomePage(subject: AccessSubject, candidates: RouteDef[], routes: Table): string | undefined {
  const value = userSettingValue(subject, "homepage");
  if (typeof value !== "object" || value === null) return undefined;
  const { module, title } = value as { module?: unknown; title?: unknown };
  const sameTitle = (r: RouteDef) =>
    typeof title === "string" && r.title.toLowerCase() === title.toLowerCase();
  if (typeof module === "string" && module !== "") {
    const byModule = candidates.filter((r) => r.homeModule === module || r.name === module);
    const picked = byModule.find(sameTitle) ?? byModule[0];
    if (picked) return picked.path;
    const defaultRoute = allRoutes(routes).find((r) => r.path === DEFAULT_ROUTE_PATH);
    if (defaultRoute && defaultRoute.name === module && canSeeRoute(subject, defaultRoute, routes)) {
      return defaultRoute.path;
    }
    return undefined;
  }
  return candidates.find(sameTitle)?.path;
}

/**
 * The title of the home page the subject chose in the "homepage" setting when it is no longer theirs to
 * land on (its module removed, their role changed): the fallback order applies and the sign-in says so
 * once. Undefined when nothing was chosen or the choice still stands.
 */
export function lostHomePage(subject: AccessSubject, routes: Table): string | undefined {
  const value = userSettingValue(subject, "homepage");
  if (typeof value !== "object" || value === null || !hasRole(subject.roleLevel)) return undefined;
  const { module, title } = value as { module?: unknown; title?: unknown };
  if (!module && !title) return undefined;
  if (chosenHomePage(subject, homeCandidates(subject, routes), routes)) return undefined;
  return typeof title === "string" && title ? title : String(module);
}

/**
 * The path of the subject's home page (spec 1 §2): the user's chosen page if
 * visible; the only candidate; the super home for super; the role's own home
 * for test and display; the first candidate in HOME_MODULE_ORDER; the default.
 * No role: the login page.
 */
export function selectHomePage(subject: AccessSubject, routes: Table): string {
  const role = subject.roleLevel;
  if (!hasRole(role)) return LOGIN_PATH;
  const candidates = homeCandidates(subject, routes);
  const chosen = chosenHomePage(subject, candidates, routes);
  if (chosen) return chosen;
  if (candidates.length === 1) return candidates[0].path;
  if (role === "super") {
    return candidates.find((r) => r.name === ROLE_HOME_ROUTE_NAMES.super)?.path ?? SUPER_HOME_PATH;
  }
  if (role === "test" || role === "display") {
    const own = candidates.find((r) => r.name === ROLE_HOME_ROUTE_NAMES[role]);
    if (own) return own.path;
  }
  for (const module of HOME_MODULE_ORDER) {
    const match = candidates.find((r) => r.homeModule === module);
    if (match) return match.path;
  }
  return DEFAULT_ROUTE_PATH;
}

// ---------------------------------------------------------------- side menu

export interface MenuItem {
  name: string;
  title: string;
  path: string;
  icon: string;
  children?: MenuItem[];
}

function toMenuItem(route: RouteDef): MenuItem {
  return { name: route.name, title: route.title, path: route.path, icon: route.icon };
}

/**
 * The side menu (spec 1 §2): the home button, then ordinary items, then
 * nested menus with their children, then admin-level items. Only routes
 * flagged inHomeMenu, built and visible to the subject appear; a nested menu
 * left with no children is dropped. A nested menu links to its first child.
 */
export function buildSideMenu(subject: AccessSubject, routes: Table): MenuItem[] {
  if (!hasRole(subject.roleLevel)) return [];
  const items = allRoutes(routes).filter((r) => r.inHomeMenu && r.built && canSeeRoute(subject, r, routes));

  const nestedNames = [
    ...NESTED_MENUS.map((m) => m.name),
    ...items.map((r) => r.nestedMenu).filter((n): n is string => n !== undefined),
  ].filter((name, i, all) => all.indexOf(name) === i);
  const nested = nestedNames.flatMap((name): MenuItem[] => {
    const children = items.filter((r) => r.menuGroup === "nested" && r.nestedMenu === name).map(toMenuItem);
    if (children.length === 0) return [];
    const known = NESTED_MENUS.find((m) => m.name === name);
    return [{
      name,
      title: known?.title ?? name,
      path: children[0].path,
      icon: known?.icon ?? "folder",
      children,
    }];
  });

  return [
    { name: "home", title: "Home", path: selectHomePage(subject, routes), icon: "home" },
    ...items.filter((r) => r.menuGroup === "ordinary").map(toMenuItem),
    ...nested,
    ...items.filter((r) => r.menuGroup === "admin").map(toMenuItem),
  ];
}

// ---------------------------------------------------------------- guards

export type Resolution =
  | { kind: "route"; route: RouteDef; params: Record<string, string> }
  | { kind: "redirect"; to: string }
  | { kind: "forbidden"; route: RouteDef };

/**
 * What a request for `pathname` should get. "/" and "/home" go to the
 * subject's home page; unknown paths to the default route; routes with
 * redirectTo to their target; routes the subject cannot see are forbidden.
 * Without a role, anything but a public route redirects to the login page.
 */
export function resolvePath(subject: AccessSubject, pathname: string, routes: Table): Resolution {
  const signedIn = hasRole(subject.roleLevel);
  const bare = pathname.split(/[?#]/, 1)[0].replace(/\/+$/, "").toLowerCase();
  if (bare === "" || bare === "/home") {
    return { kind: "redirect", to: signedIn ? selectHomePage(subject, routes) : LOGIN_PATH };
  }
  const match = matchRoute(pathname, routes);
  if (!match) return { kind: "redirect", to: signedIn ? DEFAULT_ROUTE_PATH : LOGIN_PATH };
  const { route, params } = match;
  if (!route.public && !signedIn) return { kind: "redirect", to: LOGIN_PATH };
  if (route.redirectTo) return { kind: "redirect", to: fillParams(route.redirectTo, params) };
  if (!canSeeRoute(subject, route, routes)) return { kind: "forbidden", route };
  return { kind: "route", route, params };
}

/**
 * Whether the subject may open the page at `path` (a link's address: its query and fragment do not
 * matter), as the page guard would decide; a route that forwards elsewhere answers for its target. Links
 * the app hands out for later (a notification's page) are checked with it.
 */
export function canOpenPage(subject: AccessSubject, path: string, routes: Table = ROUTES): boolean {
  const bare = path.split(/[?#]/, 1)[0];
  const resolved = resolvePath(subject, bare, routes);
  if (resolved.kind === "route") return true;
  // "/home/RoiLayoutDisplay/3" forwards to the report; an unknown path or the home page is no page to link
  const forwards = resolved.kind === "redirect" && matchRoute(bare, routes)?.route.redirectTo !== undefined;
  return forwards && resolvePath(subject, resolved.to, routes).kind === "route";
}
