/** Stockyard: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { stockyardApi } from "./api.ts";
import { STOCKYARD_PAGES } from "./routes.ts";
import { STOCKYARD_EVENTS } from "./events.ts";
import { seedStockyard } from "./seed.ts";
import { MAP_IMAGE_BODY_LIMITS, mapImageApi } from "./mapImages/api.ts";
import { rfidArea } from "./rfid/mod.ts";
import { FIND_YARD_MOBS } from "./find.ts";

export const stockyardArea = defineArea({
  name: "stockyard",
  api: [stockyardApi, mapImageApi],
  pages: STOCKYARD_PAGES,
  events: STOCKYARD_EVENTS,
  seed: seedStockyard,
  bodyLimits: MAP_IMAGE_BODY_LIMITS,
  // where a lot is now
  finds: [FIND_YARD_MOBS],
  parts: [rfidArea],
});
