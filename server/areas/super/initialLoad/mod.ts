/** Super › initial data load: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_INITIAL_LOAD_PAGES } from "./routes.ts";
import { superInitialLoadApi } from "./api.ts";

export const superInitialLoadArea = defineArea({
  name: "super › initial data load",
  api: [superInitialLoadApi],
  pages: SUPER_INITIAL_LOAD_PAGES,
});
