/** Super › testing: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_TESTING_PAGES } from "./routes.ts";
import { superTestingApi } from "./api.ts";

export const superTestingArea = defineArea({
  name: "super › testing",
  api: [superTestingApi],
  pages: SUPER_TESTING_PAGES,
});
