/**
 * The settings tabs (spec 2 §2.2) above every settings page, whichever area built it: the tabs this user
 * may open, read from the route table with the access policy (the side menu's rules, not a copy). A tab
 * whose screen is not built yet is left out, as the menu leaves it out.
 */
import { TabBar } from "../../client/ui/TabBar.tsx";
import { ancestorsOf, canSeeRoute, findRouteByName, type RouteDef } from "../access/mod.ts";
import type { AccessSubject } from "../access/subject.ts";

const SETTINGS = "settings";

/** The settings tabs the subject may open, in the route table's order. */
export function settingsTabs(subject: AccessSubject, routes: readonly RouteDef[]): RouteDef[] {
  return (findRouteByName(SETTINGS, routes)?.children ?? [])
    .filter((r) => r.built && !r.path.includes("$") && canSeeRoute(subject, r, routes));
}

/** The settings tab a page belongs to (itself or its ancestor), or undefined outside settings. */
export function settingsTabOf(route: RouteDef, routes: readonly RouteDef[]): RouteDef | undefined {
  // the page's route may be the table's or a copy of it (the router's static data): find it by name
  const own = findRouteByName(route.name, routes) ?? route;
  const chain = [...ancestorsOf(own, routes), own];
  const at = chain.findIndex((r) => r.name === SETTINGS);
  return at < 0 ? undefined : chain[at + 1] ?? chain[at];
}

export function SettingsTabs({ subject, current, routes }: {
  subject: AccessSubject;
  current: RouteDef;
  routes: readonly RouteDef[];
}) {
  const tab = settingsTabOf(current, routes);
  // the settings home lists the same tabs itself; one tab alone needs no strip
  if (!tab || tab.name === SETTINGS) return null;
  const tabs = settingsTabs(subject, routes);
  if (tabs.length < 2) return null;
  return (
    <TabBar
      label="Settings"
      tabs={tabs.map((r) => ({ key: r.path, title: r.title }))}
      current={tab.path}
      href={(path) => path}
    />
  );
}
