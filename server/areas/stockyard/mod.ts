/** Stockyard: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { seedRfidScans } from "./rfidSeed.ts";
import { stockyardApi } from "./api.ts";
import { STOCKYARD_PAGES } from "./routes.ts";
import { STOCKYARD_EVENTS } from "./events.ts";
import { seedStockyard } from "./seed.ts";

export const stockyardArea = defineArea({
  name: "stockyard",
  api: [stockyardApi],
  pages: STOCKYARD_PAGES,
  events: STOCKYARD_EVENTS,
  seed: seedStockyard,
  parts: [
    // the race reader's NLIS readings are seeded from the kill floor's records
    defineArea({ name: "stockyard › race readings", seed: seedRfidScans, seedsAfter: ["kill floor"] }),
  ],
});
