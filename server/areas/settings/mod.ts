/** Settings: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { settingsApi } from "./api.ts";
import { carcassTypesApi } from "./carcassTypesApi.ts";
import { SETTINGS_PAGES } from "./routes.ts";

export const settingsArea = defineArea({
  name: "settings",
  api: [settingsApi, carcassTypesApi],
  pages: SETTINGS_PAGES,
});
