/** Livestock › kill volume targets: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { volumeTargetsApi } from "./api.ts";
import { VOLUME_TARGET_EVENTS } from "./events.ts";
import { VOLUME_TARGET_PAGES } from "./routes.ts";
import { seedVolumeTargets } from "./seed.ts";

export const volumeTargetsArea = defineArea({
  name: "volume targets",
  api: [volumeTargetsApi],
  pages: VOLUME_TARGET_PAGES,
  events: VOLUME_TARGET_EVENTS,
  seed: seedVolumeTargets,
});
