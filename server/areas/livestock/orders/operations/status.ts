/**
 * An order's status changes (spec 1 §4, §7): cancel with a reason, reinstate to the status before, and
 * end a recurring series after an order. Each is one unit of work with an audit record per order, the
 * orders announced after the commit.
 */
import { and, eq, gt, ne } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { livestockOrders } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged } from "../../../context.ts";
import { ORDER_STATUS, orderStatusName } from "../../../../../kernel/enums.ts";
import { initialStatus, whyNotCancel, whyNotReinstate } from "../rules.ts";
import type { Order } from "../schemas.ts";
import type { OrderRow } from "../mapping.ts";
import { ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { changeOrder } from "../orderChange.ts";
import { orderById, orderRow } from "../queries.ts";

type OrderAction = { livestockOrderId: number; lastModified?: string | null };

export function cancelOrder(ctx: AreaContext, input: OrderAction & { reason: string }): Promise<Order> {
  return changeStatus(ctx, input, "cancel", (o) => {
    const why = whyNotCancel(o);
    if (why) throw ApiError.conflict(why);
    return {
      orderStatus: ORDER_STATUS.Cancelled,
      statusBeforeCancel: o.orderStatus,
      cancelReason: input.reason,
      cancelledAt: new Date().toISOString(),
    };
  }, input.reason);
}

export function reinstateOrder(ctx: AreaContext, input: OrderAction): Promise<Order> {
  return changeStatus(ctx, input, "reinstate", (o) => {
    const why = whyNotReinstate(o);
    if (why) throw ApiError.conflict(why);
    return {
      orderStatus: o.statusBeforeCancel ?? initialStatus(o.orderConfirmed),
      statusBeforeCancel: null,
      cancelReason: null,
      cancelledAt: null,
    };
  });
}

/**
 * Ends a recurring series after this order: later orders of the series with nothing delivered are
 * cancelled and every remaining order of the series ends on this order's date.
 */
export async function cancelFutureRecurring(
  ctx: AreaContext,
  input: { livestockOrderId: number; reason: string },
) {
  const cancelledOrderIds = await ctx.write(async (tx, unit) => {
    const order = await orderRow(tx, input.livestockOrderId);
    if (!order.recurrenceSeriesId) throw ApiError.conflict("This order is not part of a recurring series.");
    const later = await tx.select().from(livestockOrders).where(and(
      eq(livestockOrders.recurrenceSeriesId, order.recurrenceSeriesId),
      gt(livestockOrders.deliveryDate, order.deliveryDate),
      ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
      eq(livestockOrders.totalDelivered, 0),
    ));
    if (!later.length) throw ApiError.conflict("There are no future orders left in this series to cancel.");
    const now = new Date().toISOString();
    for (const o of later) {
      await changeOrder(unit, o, {
        orderStatus: ORDER_STATUS.Cancelled,
        statusBeforeCancel: o.orderStatus,
        cancelReason: input.reason,
        cancelledAt: now,
        recurrenceEndDate: order.deliveryDate,
      }, {
        action: "cancel (series ended)",
        before: { orderStatus: orderStatusName(o.orderStatus) },
        after: { orderStatus: "Cancelled" },
        reason: input.reason,
      });
    }
    await tx.update(livestockOrders).set({ recurrenceEndDate: order.deliveryDate })
      .where(eq(livestockOrders.recurrenceSeriesId, order.recurrenceSeriesId));
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: order.id,
      action: "end recurring series",
      after: { cancelledOrders: later.map((o) => o.id), recurrenceEndDate: order.deliveryDate },
      reason: input.reason,
    });
    const ids = later.map((o) => o.id);
    announceOrders(unit, ids, null);
    return ids;
  });
  return { cancelledOrderIds };
}

/** One status change of one order: checked, applied, audited, announced; answers the order. */
async function changeStatus(
  ctx: AreaContext,
  input: OrderAction,
  action: string,
  decide: (o: OrderRow) => Partial<OrderRow>,
  reason?: string,
): Promise<Order> {
  const id = await ctx.write(async (tx, unit) => {
    const current = await orderRow(tx, input.livestockOrderId);
    assertUnchanged(current, input.lastModified, "order");
    const next = decide(current);
    await changeOrder(unit, current, next, {
      action,
      before: { orderStatus: orderStatusName(current.orderStatus) },
      after: { orderStatus: orderStatusName(next.orderStatus ?? current.orderStatus) },
      reason,
    });
    announceOrders(unit, [current.id], current.deliveryDate);
    return current.id;
  });
  return orderById(ctx, id);
}
