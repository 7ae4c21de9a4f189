/** What the orders area publishes on the push hub. */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../../push/catalogue.ts";
import type { Unit } from "../../unit.ts";

export const ORDER_EVENTS = areaEvents({
  Deliveries: { module: "livestock", about: "orders and their delivery status" },
}, {
  deliveryStatusUpdated: pushEvent(
    "Deliveries",
    z.object({ livestockOrderIds: payloadParts.ids, deliveryDate: z.string().nullable() }),
    "orders' delivery status changed (delivered, unloaded, verified…)",
  ),
});

/**
 * Orders changed (saved, cancelled, split, delivered, re-counted): yard and agenda screens refresh once
 * the unit commits. `deliveryDate` is the day affected when one is known.
 */
export function announceOrders(unit: Pick<Unit, "announce">, ids: number[], deliveryDate: string | null) {
  if (!ids.length) return;
  unit.announce("deliveryStatusUpdated", { livestockOrderIds: ids, deliveryDate });
}

type OrderEvents = typeof ORDER_EVENTS.events;
declare module "../../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends OrderEvents {}
}
