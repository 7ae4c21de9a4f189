/** Storage: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { STORAGE_BODY_LIMITS, storageApi } from "./api.ts";
import { STORAGE_PAGES } from "./routes.ts";

export const storageArea = defineArea({
  name: "storage",
  api: [storageApi],
  pages: STORAGE_PAGES,
  bodyLimits: STORAGE_BODY_LIMITS,
});
