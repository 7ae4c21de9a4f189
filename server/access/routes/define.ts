import type { RoleName } from "../roles.ts";
import type { ModuleKey, TenantCategory } from "../modules.ts";
import type { FeatureFlagKey, TenantSettingType } from "../flags.ts";

/** Where an item sits in the side menu (spec 1 §2: ordinary, nested, admin-level). */
export type MenuGroup = "ordinary" | "nested" | "admin";

/**
 * One route of the app as pure data. `path` is absolute and TanStack-style:
 * `$id` is a param, `{-$id}` an optional param. Children are sub-pages whose
 * own rules apply on top of their parent's (a child is visible only when its
 * ancestors are).
 */
export interface RouteDef {
  readonly path: string;
  readonly title: string;
  /** Unique across the table; pages, menus and the API refer to routes by name. */
  readonly name: string;
  /** Any-of: at least one must be licensed for the tenant. */
  readonly modules?: readonly ModuleKey[];
  readonly featureFlag?: FeatureFlagKey;
  readonly tenantSetting?: TenantSettingType;
  readonly icon: string;
  /** Minimum role (default "user"). */
  readonly roleValue: RoleName;
  /** When set, the role must also be one of these (tester-only pages). */
  readonly onlyRoles?: readonly RoleName[];
  readonly tenantCategory?: TenantCategory;
  /** A super user sees it even when none of `modules` is licensed. */
  readonly allowSuper?: boolean;
  readonly children?: readonly RouteDef[];
  /** Static target; `$param` segments are filled from the matched path. */
  readonly redirectTo?: string;
  readonly inHomeMenu: boolean;
  readonly canBeHomePage: boolean;
  /** When set, the route is a home candidate only for these roles (display home). */
  readonly homeForRoles?: readonly RoleName[];
  readonly menuGroup: MenuGroup;
  /** Name of the nested menu holding this item (menuGroup "nested"). */
  readonly nestedMenu?: string;
  /** The module this route is the home page of (home selection order). */
  readonly homeModule?: ModuleKey;
  /** Reachable without a role. */
  readonly public?: boolean;
  /**
   * Whether a real screen exists: set by `withScreens` from the areas' screens, never by hand. Unbuilt
   * screens are never linked from the menu nor chosen as a home page.
   */
  readonly built: boolean;
  /** A TV screen (display carousel): drawn without menu or header, with the carousel's script. */
  readonly tv?: boolean;
  /** Query parameters the screen reads (documentation for the page and its links). */
  readonly search?: readonly string[];
}

type RouteOptions = Partial<Omit<RouteDef, "path" | "title" | "name">>;

/** A route whose name (and its children's names) the type system knows: see RouteName. */
export type NamedRoute<N extends string, C extends readonly RouteDef[]> =
  & Omit<RouteDef, "name" | "children">
  & { readonly name: N; readonly children?: C };

type NameOf<R> = R extends { name: infer N extends string } ? (string extends N ? never : N) | ChildNames<R>
  : never;
type ChildNames<R> = R extends { children?: infer C }
  ? (C extends readonly [unknown, ...unknown[]] ? NamesOf<C> : never)
  : never;

/** The names of a tuple of routes and of their children, as a union type. */
export type NamesOf<T> = T extends readonly [infer H, ...infer Rest] ? NameOf<H> | NamesOf<Rest> : never;

/** Builds a route with the spec's defaults filled in, so every entry carries every field. */
export function route<N extends string, const C extends readonly RouteDef[] = []>(
  path: string,
  title: string,
  name: N,
  options: RouteOptions & { children?: C } = {},
): NamedRoute<N, C> {
  return {
    path,
    title,
    name,
    icon: "page",
    roleValue: "user",
    inHomeMenu: false,
    canBeHomePage: false,
    menuGroup: options.nestedMenu ? "nested" : "ordinary",
    built: false,
    ...options,
  };
}

/** Tester-only pages: the testing roles (spec 3 §6). */
export const TESTER_ROLES: readonly RoleName[] = ["test", "support", "super"];

/** Options shared by tester-only routes: role gate on the lowest testing role plus the list. */
export const TESTER_ONLY = { roleValue: "support", onlyRoles: TESTER_ROLES } as const satisfies RouteOptions;

/** Options shared by super-only routes. */
export const SUPER_ONLY = { roleValue: "super" } as const satisfies RouteOptions;

/** Nested menus in the order they appear in the side menu. */
export const NESTED_MENUS: readonly { name: string; title: string; icon: string }[] = [
  { name: "Livestock", title: "Livestock", icon: "livestock" },
  { name: "Dashboards", title: "Dashboards", icon: "dashboard" },
  { name: "Reports", title: "Reports", icon: "report" },
  { name: "Yield Reports", title: "Yield Reports", icon: "yield" },
  { name: "Scheduling", title: "Scheduling", icon: "schedule" },
];
