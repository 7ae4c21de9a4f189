/**
 * The areas' reactions to each other's committed changes (Area.reactions), by push event name. The
 * registry installs them once (server/areas/mod.ts); a unit of work runs those of the events it announced
 * after its commit (unit.ts). Kept here, not in the registry, so the unit needs no import of the areas.
 */
import type { Area, Reaction } from "./area.ts";

const byEvent = new Map<string, Reaction[]>();

/** Takes every area's reactions (the registry calls it once with every area; again replaces them). */
export function installReactions(areas: readonly Area[]): void {
  byEvent.clear();
  for (const area of areas) {
    for (const [event, reaction] of Object.entries(area.reactions ?? {})) {
      byEvent.set(event, [...byEvent.get(event) ?? [], reaction]);
    }
  }
}

/** The reactions to an event (none for most). */
export function reactionsTo(event: string): readonly Reaction[] {
  return byEvent.get(event) ?? [];
}
