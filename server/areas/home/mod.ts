/** Home: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { HOME_PAGES } from "./routes.ts";

export const homeArea = defineArea({
  name: "home",
  pages: HOME_PAGES,
});
