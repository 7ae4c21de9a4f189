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
  stockyardSetupUpdated: pushEvent(
    "Stockyard",
    z.object({ stockyardId: id, siteId: id.nullable() }),
    "pens or layout of a stockyard changed",
  ),
});
