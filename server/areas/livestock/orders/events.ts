/** What the orders area publishes on the push hub. */
import { z } from "zod";
import { areaEvents, payloadParts, pushEvent } from "../../../push/catalogue.ts";
import type { AreaContext } from "../../context.ts";

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
 * Orders changed (saved, cancelled, split, delivered, re-counted): yard and agenda screens refresh.
 * `deliveryDate` is the day affected when one is known.
 */
export async function announceOrders(ctx: AreaContext, ids: number[], deliveryDate: string | null) {
  if (!ids.length) return;
  await ctx.app.push.emit(ctx.tenantId, "deliveryStatusUpdated", { livestockOrderIds: ids, deliveryDate });
}

type OrderEvents = typeof ORDER_EVENTS.events;
declare module "../../../push/catalogue.ts" {
  // the app's push typing gains this area's events (server/push/catalogue.ts AppPushEvents)
  interface AppPushEvents extends OrderEvents {}
}
