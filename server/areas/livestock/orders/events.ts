/** What the orders area publishes on the push hub. */
import type { AreaContext } from "../../context.ts";

/**
 * Orders changed (saved, cancelled, split, delivered, re-counted): yard and agenda screens refresh.
 * `deliveryDate` is the day affected when one is known.
 */
export async function announceOrders(ctx: AreaContext, ids: number[], deliveryDate: string | null) {
  if (!ids.length) return;
  await ctx.app.push.emit(ctx.tenantId, "deliveryStatusUpdated", { livestockOrderIds: ids, deliveryDate });
}
