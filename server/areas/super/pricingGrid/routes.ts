import { definePages } from "../../../pages/screen.ts";
import { SuperPricingGridScreen } from "./pages/SuperPricingGrid.tsx";

/** Super › pricing grid: copy a price grid into another organisation. */
export const SUPER_PRICING_GRID_PAGES = definePages({
  superPricingGrid: SuperPricingGridScreen,
});
