/** SplitLivestockOrder (spec 1 §4): moves `quantity` undelivered head of an order into a new order of the same group. */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { livestockOrders } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../../context.ts";
import { initialStatus, whyNotSplit } from "../rules.ts";
import { ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { orderRow } from "../queries.ts";

export async function splitOrder(
  ctx: AreaContext,
  input: {
    livestockOrderId: number;
    quantity: number;
    deliveryDate: string | null;
    lastModified?: string | null;
  },
) {
  const [livestockOrderId, newLivestockOrderId] = await ctx.write(async (tx, unit) => {
    const order = await orderRow(tx, input.livestockOrderId);
    assertUnchanged(order, input.lastModified, "order");
    const why = whyNotSplit(order, input.quantity);
    if (why) throw ApiError.validation([{ field: "quantity", message: why }]);
    const now = nextModified(order.lastModified);
    await tx.update(livestockOrders).set({
      quantityOrdered: order.quantityOrdered - input.quantity,
      lastModified: now,
    }).where(eq(livestockOrders.id, order.id));
    const { id: _, ...copy } = order;
    const [created] = await tx.insert(livestockOrders).values({
      ...copy,
      quantityOrdered: input.quantity,
      declaredQuantity: null,
      deliveryDate: input.deliveryDate ?? order.deliveryDate,
      orderStatus: initialStatus(order.orderConfirmed),
      totalDelivered: 0,
      totalDoa: 0,
      totalUnloaded: 0,
      totalProcessed: 0,
      recurrenceFrequency: "None",
      recurrenceEndDate: null,
      recurrenceSeriesId: null,
      createdAt: now,
      lastModified: now,
    }).returning({ id: livestockOrders.id });
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: order.id,
      action: "split",
      before: { quantityOrdered: order.quantityOrdered },
      after: { quantityOrdered: order.quantityOrdered - input.quantity, newOrderId: created.id },
    });
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: created.id,
      action: "create (split)",
      after: {
        fromOrderId: order.id,
        quantityOrdered: input.quantity,
        deliveryDate: input.deliveryDate ?? order.deliveryDate,
      },
    });
    announceOrders(unit, [order.id, created.id], input.deliveryDate);
    return [order.id, created.id];
  });
  return { livestockOrderId, newLivestockOrderId };
}
