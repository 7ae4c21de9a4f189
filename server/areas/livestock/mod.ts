/** Livestock: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { LIVESTOCK_HOME_PAGES } from "./routes.ts";
import { nvdArea } from "./nvd/mod.ts";
import { dashboardArea } from "./dashboard/mod.ts";
import { boxingArea } from "./boxing/mod.ts";

export const livestockArea = defineArea({
  name: "livestock",
  pages: LIVESTOCK_HOME_PAGES,
  parts: [dashboardArea, nvdArea, boxingArea],
});
