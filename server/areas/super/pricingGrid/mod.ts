/** Super › pricing grid: the area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { SUPER_PRICING_GRID_PAGES } from "./routes.ts";
import { superPricingGridApi } from "./api.ts";

export const superPricingGridArea = defineArea({
  name: "super › pricing grid",
  api: [superPricingGridApi],
  pages: SUPER_PRICING_GRID_PAGES,
});
