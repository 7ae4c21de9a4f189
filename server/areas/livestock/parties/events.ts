/** What the parties area (suppliers, agents, tags) publishes on the push hub. */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../../push/catalogue.ts";

export const PARTY_EVENTS = areaEvents({}, {
  tagsUpdated: pushEvent(
    "tenant",
    z.object({ lastUpdated: payloadParts.iso }),
    "tags changed; clients re-read when newer than theirs",
  ),
  supplierAddedOrUpdated: pushEvent(
    "tenant",
    z.object({ supplierId: payloadParts.id, lastUpdated: payloadParts.iso }),
    "a supplier was added or changed",
  ),
});

type PartyEvents = typeof PARTY_EVENTS.events;
declare module "../../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends PartyEvents {}
}
