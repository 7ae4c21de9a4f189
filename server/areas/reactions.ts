/**
 * The areas' reactions to each other's committed changes (Area.reactions), by push event name. The
 * registry installs them once (server/areas/mod.ts); a unit of work runs those of the events it announced
 * after its commit (unit.ts). Kept here, not in the registry, so the unit needs no import of the areas.
 */
import type { AppPushEvents, PushEventName } from "../push/catalogue.ts";
import type { Area, Reaction, Reactions } from "./area.ts";

type EventName = PushEventName<AppPushEvents>;

/** Each event's reactions, typed by the event, so each is handed its own event's payload. */
let byEvent: { [N in EventName]?: readonly Reaction<N>[] } = {};

/**
 * Takes every area's reactions to the catalogue's events (the registry calls it once with every area;
 * again replaces them).
 */
export function installReactions(areas: readonly Area[], events: readonly EventName[]): void {
  byEvent = {};
  for (const event of events) {
    for (const area of areas) add(event, area.reactions ?? {});
  }
}

/** The reactions to an event (none for most). */
export function reactionsTo<N extends EventName>(event: N): readonly Reaction<N>[] {
  return byEvent[event] ?? [];
}

function add<N extends EventName>(event: N, reactions: Reactions): void {
  const reaction = reactions[event];
  if (reaction) byEvent = { ...byEvent, [event]: [...reactionsTo(event), reaction] };
}
