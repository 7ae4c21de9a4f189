/** Pricing: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { pricingApi } from "./api.ts";
import { PRICING_PAGES } from "./routes.ts";
import { PRICING_EVENTS } from "./events.ts";
import { seedPricing } from "./seed.ts";

export const pricingArea = defineArea({
  name: "pricing",
  api: [pricingApi],
  pages: PRICING_PAGES,
  events: PRICING_EVENTS,
  seed: seedPricing,
});
