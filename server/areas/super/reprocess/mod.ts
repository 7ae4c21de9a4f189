/** Super › reprocessing: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { superReprocessApi } from "./api.ts";

export const superReprocessArea = defineArea({
  name: "super › reprocessing",
  api: [superReprocessApi],
});
