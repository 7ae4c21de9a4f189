/** Skins: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { skinsApi } from "./api.ts";
import { SKIN_PAGES } from "./routes.ts";
import { SKIN_EVENTS } from "./events.ts";
import { seedSkins } from "./seed.ts";

export const skinsArea = defineArea({
  name: "skins",
  api: [skinsApi],
  pages: SKIN_PAGES,
  events: SKIN_EVENTS,
  seed: seedSkins,
});
