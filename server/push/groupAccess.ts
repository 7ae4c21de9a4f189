/**
 * Who may join a refresh group, and who a tenant-less group event reaches: the hub's rules on groups,
 * apart from its connection lifecycle (server/push/hub.ts).
 */
import type { RefreshGroups } from "./catalogue.ts";
import { HubError, type HubIdentity } from "./connection.ts";

/** The groups' canonical names; a HubError for one unknown or not permitted (a module the user lacks). */
export function canonicalGroups(catalogue: RefreshGroups, who: HubIdentity, names: string[]): string[] {
  return names.map((name) => {
    const group = catalogue.canonicalGroupName(name);
    if (!group) {
      throw new HubError(
        `Unknown refresh interest '${name}'. Known: ${Object.keys(catalogue.groups).join(", ")}.`,
      );
    }
    const { module, only } = catalogue.groups[catalogue.refreshGroupOf(group)!];
    if (module && who.roleLevel !== "super" && !who.modules.includes(module)) {
      throw new HubError(`Not permitted: '${group}' needs the ${module} module.`);
    }
    if (only === "self" && group.slice(group.indexOf(":") + 1) !== String(who.userId)) {
      throw new HubError(`Not permitted: '${group}' is joined only with your own user id.`);
    }
    if (only === "super" && who.roleLevel !== "super") {
      throw new HubError(`Not permitted: '${group}' is for super users.`);
    }
    return group;
  });
}

/** A desk's event (RefreshGroupSpec.only "super"): the group's members in every tenant. */
export function membersInEveryTenant<C>(groups: ReadonlyMap<string, Set<C>>, group: string): Set<C> {
  const key = `|${group.toLowerCase()}`;
  return new Set([...groups].filter(([k]) => k.endsWith(key)).flatMap(([, members]) => [...members]));
}
