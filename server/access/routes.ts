/**
 * The route table of the whole app (spec 1 §2, spec 2 §2, spec 3 §2) as pure
 * data, split by area under ./routes/. Pages, the side menu, guards and the
 * API all read this one table through the policy.
 */
import type { NamesOf, RouteDef } from "./routes/define.ts";
import { matchPattern, moreSpecific, parsePattern, splitPathname } from "./match.ts";
import { ACCOUNT_ROUTES, PUBLIC_ROUTES } from "./routes/account.ts";
import { HOME_ROUTES } from "./routes/home.ts";
import { LIVESTOCK_ROUTES } from "./routes/livestock.ts";
import { DISPLAY_ROUTES } from "./routes/display.ts";
import { SETTINGS_ROUTES } from "./routes/settings.ts";
import { YIELD_ROUTES } from "./routes/yield.ts";
import { PRODUCTION_ROUTES } from "./routes/production.ts";
import { ROI_ROUTES, SUPER_ROUTES } from "./routes/super.ts";
import { PRODUCER_ROUTES } from "./routes/producer.ts";

export type { MenuGroup, RouteDef } from "./routes/define.ts";
export { NESTED_MENUS, TESTER_ROLES } from "./routes/define.ts";
export { LIVESTOCK_PREFIX } from "./routes/livestock.ts";

/** Where unknown paths go and the home page of last resort. */
export const DEFAULT_ROUTE_PATH = "/home/userHome";
/** Where users without a role are sent. */
export const LOGIN_PATH = "/login";
/** The home page of a super role. */
export const SUPER_HOME_PATH = "/super/home";

export const ROUTES: readonly RouteDef[] = [
  ...PUBLIC_ROUTES,
  ...ACCOUNT_ROUTES,
  ...HOME_ROUTES,
  ...LIVESTOCK_ROUTES,
  ...DISPLAY_ROUTES,
  ...YIELD_ROUTES,
  ...PRODUCTION_ROUTES,
  ...ROI_ROUTES,
  ...PRODUCER_ROUTES,
  ...SETTINGS_ROUTES,
  ...SUPER_ROUTES,
];

/** Every route's name: pages, menus, links and screens name routes by these, checked by the compiler. */
export type RouteName = NamesOf<
  | typeof PUBLIC_ROUTES
  | typeof ACCOUNT_ROUTES
  | typeof HOME_ROUTES
  | typeof LIVESTOCK_ROUTES
  | typeof DISPLAY_ROUTES
  | typeof YIELD_ROUTES
  | typeof PRODUCTION_ROUTES
  | typeof ROI_ROUTES
  | typeof PRODUCER_ROUTES
  | typeof SETTINGS_ROUTES
  | typeof SUPER_ROUTES
>;

/**
 * The link to a route by name: `$param` and optional `{-$param}` segments filled from `params`, and
 * `search` as the query. A missing required param is a programming error (thrown, caught by tests).
 * A value written `{id}` stays as it is: a placeholder the data form fills from the save's answer.
 */
export function href(
  name: RouteName,
  params: Record<string, string | number> = {},
  search: Record<string, string | number | undefined> = {},
): string {
  const def = findRouteByName(name);
  if (!def) throw new Error(`no route named ${name}`);
  const put = (
    value: string | number,
  ) => (/^\{\w+\}$/.test(String(value)) ? String(value) : encodeURIComponent(value));
  const path = def.path
    .replace(
      /\{-\$([A-Za-z]+)\}/g,
      (_, key) => (params[key] === undefined ? "" : encodeURIComponent(params[key])),
    )
    .replace(/\$([A-Za-z]+)/g, (_, key) => {
      if (params[key] === undefined) throw new Error(`route ${name} needs ${key}`);
      return put(params[key]);
    })
    .replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) query.set(key, String(value));
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

interface TableIndex {
  flat: readonly RouteDef[];
  parent: Map<RouteDef, RouteDef>;
  patterns: Map<RouteDef, ReturnType<typeof parsePattern>>;
}

// Indexes are computed once per table (the app table, or a test's own table).
const indexes = new WeakMap<readonly RouteDef[], TableIndex>();

function indexOf(routes: readonly RouteDef[]): TableIndex {
  let index = indexes.get(routes);
  if (!index) {
    const flat: RouteDef[] = [];
    const parent = new Map<RouteDef, RouteDef>();
    const visit = (list: readonly RouteDef[], up?: RouteDef) => {
      for (const r of list) {
        flat.push(r);
        if (up) parent.set(r, up);
        if (r.children) visit(r.children, r);
      }
    };
    visit(routes);
    const patterns = new Map(flat.map((r) => [r, parsePattern(r.path)]));
    index = { flat, parent, patterns };
    indexes.set(routes, index);
  }
  return index;
}

/**
 * The table with `built` set on exactly the routes that have a screen (or that the server answers
 * itself, like /logout). The app's table is made with the areas' screens (server/areas/mod.ts), so a
 * route cannot claim a screen that does not exist, nor hide one that does.
 */
export function withScreens(routes: readonly RouteDef[], built: ReadonlySet<string>): RouteDef[] {
  return routes.map((r) => ({
    ...r,
    built: built.has(r.name),
    ...(r.children ? { children: withScreens(r.children, built) } : {}),
  }));
}

/** Every route of the table, depth first (a parent before its children). */
export function allRoutes(routes: readonly RouteDef[] = ROUTES): readonly RouteDef[] {
  return indexOf(routes).flat;
}

export function findRouteByName(name: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  return allRoutes(routes).find((r) => r.name === name);
}

/** Parent first, outermost first; empty for a top-level route or one not in the table. */
export function ancestorsOf(route: RouteDef, routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  const { parent } = indexOf(routes);
  const chain: RouteDef[] = [];
  for (let up = parent.get(route); up; up = parent.get(up)) chain.unshift(up);
  return chain;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/**
 * The route a URL path points at, or undefined. Literal segments match
 * case-insensitively; when several routes match, the most literal one wins
 * ("/buyer/new" beats "/buyer/$id").
 */
export function matchRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteMatch | undefined {
  const parts = splitPathname(pathname);
  const { flat, patterns } = indexOf(routes);
  let best: (RouteMatch & { rank: number[] }) | undefined;
  for (const route of flat) {
    const m = matchPattern(patterns.get(route)!, parts);
    if (m && (!best || moreSpecific(m.rank, best.rank))) best = { route, params: m.params, rank: m.rank };
  }
  return best && { route: best.route, params: best.params };
}
