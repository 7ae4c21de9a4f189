/** What the skins area publishes on the push hub (the area's API and screens come with its issue). */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

export const SKIN_EVENTS = areaEvents({
  Skins: { module: "processorSkinGrade", about: "skin and hide prices" },
}, {
  skinPriceUpdated: pushEvent(
    "Skins",
    z.object({ speciesId: payloadParts.id.nullable() }),
    "skin or hide prices changed",
  ),
});

type SkinEvents = typeof SKIN_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends SkinEvents {}
}
