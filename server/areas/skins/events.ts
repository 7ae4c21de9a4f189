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
