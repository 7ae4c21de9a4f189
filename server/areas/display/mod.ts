/** Display: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { displayApi } from "./api.ts";
import { DISPLAY_PAGES } from "./routes.ts";

export const displayArea = defineArea({
  name: "display",
  api: [displayApi],
  pages: DISPLAY_PAGES,
});
