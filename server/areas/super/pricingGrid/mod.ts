/** Super › pricing grid: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { superPricingGridApi } from "./api.ts";

export const superPricingGridArea = defineArea({
  name: "super › pricing grid",
  api: [superPricingGridApi],
});
