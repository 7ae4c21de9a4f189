/** What the pricing area publishes on the push hub. */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../push/catalogue.ts";

const { id } = payloadParts;

export const PRICING_EVENTS = areaEvents({
  PricingGrids: { module: "livestock", about: "pricing grid groups and grids" },
}, {
  pricingGridUpdated: pushEvent(
    "PricingGrids",
    z.object({ pricingGridId: id, pricingGridGroupId: id }),
    "a pricing grid was added or changed",
  ),
  pricingGridDeleted: pushEvent(
    "PricingGrids",
    z.object({ pricingGridId: id, pricingGridGroupId: id }),
    "a pricing grid was deleted",
  ),
  pricingGridGroupUpdated: pushEvent(
    "PricingGrids",
    z.object({ pricingGridGroupId: id }),
    "a pricing grid group was added, changed or copied",
  ),
  pricingGridGroupDeleted: pushEvent(
    "PricingGrids",
    z.object({ pricingGridGroupId: id }),
    "a pricing grid group was deleted",
  ),
});

type PricingEvents = typeof PRICING_EVENTS.events;
declare module "../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends PricingEvents {}
}
