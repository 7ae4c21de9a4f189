/** DeleteLivestockOrder (spec 1 §7): removes an order entered by mistake (nothing delivered); its audit records stay. */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { deliveryLoads, livestockOrders } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged } from "../../../context.ts";
import { whyNotDelete } from "../rules.ts";
import { ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { orderRow } from "../queries.ts";

export function deleteOrder(
  ctx: AreaContext,
  input: { livestockOrderId: number; lastModified?: string | null },
) {
  return ctx.write(async (tx, unit) => {
    const order = await orderRow(tx, input.livestockOrderId);
    assertUnchanged(order, input.lastModified, "order");
    const loads = await tx.select({ id: deliveryLoads.id }).from(deliveryLoads)
      .where(eq(deliveryLoads.livestockOrderId, order.id));
    const why = whyNotDelete(order, loads.length);
    if (why) throw ApiError.conflict(why);
    await tx.delete(livestockOrders).where(eq(livestockOrders.id, order.id));
    await unit.audit({ entity: ORDER_ENTITY, entityId: order.id, action: "delete", before: order });
    announceOrders(unit, [order.id], order.deliveryDate);
    return { livestockOrderId: order.id, livestockOrderGroupId: order.livestockOrderGroupId };
  });
}
