/** What the stockyard area publishes on the push hub: per site (`Stockyard:<siteId>`). */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

const { id } = payloadParts;

export const STOCKYARD_EVENTS = areaEvents({
  Stockyard: { module: "stockyard", about: "pens, mobs and stockyard setup" },
}, {
  stockyardAdded: pushEvent(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable() }),
    "a stockyard was added",
  ),
  stockyardUpdated: pushEvent(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable(), penIds: z.array(id), reason: z.string() }),
    "mobs or pens of a yard changed (unload, move, kill floor, bin…): redraw these pens",
  ),
  stockyardSetupUpdated: pushEvent(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable() }),
    "pens or layout of a stockyard changed",
  ),
});

type StockyardEvents = typeof STOCKYARD_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends StockyardEvents {}
}
