/** Super › tenant data: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_DATA_PAGES } from "./routes.ts";
import { superDataApi } from "./api.ts";

export const superDataArea = defineArea({
  name: "super › tenant data",
  api: [superDataApi],
  pages: SUPER_DATA_PAGES,
});
