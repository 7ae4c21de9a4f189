/** Pricing: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { pricingApi } from "./api.ts";
import { PRICING_PAGES } from "./routes.ts";
import { PRICING_EVENTS } from "./events.ts";
import { seedPricing } from "./seed.ts";
import { FIND_PRICE_GRIDS } from "./find.ts";

export const pricingArea = defineArea({
  name: "pricing",
  api: [pricingApi],
  pages: PRICING_PAGES,
  events: PRICING_EVENTS,
  seed: seedPricing,
  // a grid by its reference or its group's name
  finds: [FIND_PRICE_GRIDS],
});
