/**
 * Choosing one's home page (spec 1 §2, §3 "homepage {module, title}"): the pages a user may land on after
 * signing in are the built routes they can see that can be a home page; "automatic" keeps the spec's
 * fallback order (super home, the role's own home, farmer, livestock reporting, yield, …). Pure: the
 * route table is a parameter.
 */
import { allRoutes, canSeeRoute, homeCandidates, type RouteDef, selectHomePage } from "../../access/mod.ts";
import type { AccessSubject } from "../../access/subject.ts";
import { userSettingValue } from "../../access/flags.ts";

/** The chooser's value for "no choice: the fallback order decides". */
export const AUTOMATIC_HOME = "automatic";

export interface HomePageChoice {
  /** the route's name (the chooser's value) */
  name: string;
  title: string;
  path: string;
}

/** The pages this user may choose, in the route table's order. */
export function homePageChoices(subject: AccessSubject, routes: readonly RouteDef[]): HomePageChoice[] {
  return homeCandidates(subject, routes).map((r) => ({ name: r.name, title: r.title, path: r.path }));
}

/** The chooser's current value: the chosen page's route name while it stands, else automatic. */
export function currentHomeChoice(subject: AccessSubject, routes: readonly RouteDef[]): string {
  const value = userSettingValue(subject, "homepage") as { module?: unknown; title?: unknown } | undefined;
  if (!value || (!value.module && !value.title)) return AUTOMATIC_HOME;
  const landing = selectHomePage(subject, routes);
  return homePageChoices(subject, routes).find((c) => c.path === landing)?.name ?? AUTOMATIC_HOME;
}

/**
 * The homepage setting to store for a chosen route name: {module, title} of a page this user may land
 * on, or the empty choice for automatic; null when the page is not one they may choose.
 */
export function homePageSetting(
  subject: AccessSubject,
  routes: readonly RouteDef[],
  chosen: string,
  title = "",
): { module: string; title: string } | null {
  if (chosen === "" || chosen === AUTOMATIC_HOME) return { module: "", title: "" };
  const all = allRoutes(routes);
  // a route's name, or a module as the spec's setting names it (its title picks between several)
  const route = all.find((r) => r.name === chosen) ??
    all.find((r) => r.homeModule === chosen && r.title.toLowerCase() === title.toLowerCase()) ??
    all.find((r) => r.homeModule === chosen && r.canBeHomePage && canSeeRoute(subject, r, routes));
  if (!route || !route.canBeHomePage || !canSeeRoute(subject, route, routes)) return null;
  if (route.homeForRoles && !(subject.roleLevel && route.homeForRoles.includes(subject.roleLevel))) {
    return null;
  }
  // the route's name is kept as the module: unambiguous where one module has several home pages
  return { module: route.name, title: route.title };
}
