/** Super › support desk: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_SUPPORT_PAGES } from "./routes.ts";
import { superSupportApi } from "./api.ts";

export const superSupportArea = defineArea({
  name: "super › support desk",
  api: [superSupportApi],
  pages: SUPER_SUPPORT_PAGES,
});
