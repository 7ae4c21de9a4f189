/** Super › yield reprocessing (the testing home's panel): the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { yieldReprocessApi } from "./api.ts";

export const superYieldReprocessArea = defineArea({
  name: "super › yield reprocessing",
  api: [yieldReprocessApi],
});
