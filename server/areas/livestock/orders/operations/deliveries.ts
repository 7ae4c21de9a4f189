/**
 * AddDeliveryLoad (spec 1 §2 deliveries, §4 "add a delivery load record"): a truck's arrival. The load
 * record (head, DOA, NVD, time) creates the stock mob of its live head (the stockyard's, through its
 * writes.ts) and moves the order's delivered counts and status; one unit of work, audited in the
 * order's history and announced after the commit.
 */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { deliveryLoads, livestockOrders } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, nextModified } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { MOB_STATUS, orderStatusName } from "../../../../../kernel/enums.ts";
import { receiveDeliveredMob } from "../../../stockyard/writes.ts";
import { overDeliveryProblem, statusForDelivered, whyNotDeliver } from "../rules.ts";
import { loadAnswer, loadMob } from "../mapping.ts";
import { ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { orderById, orderRow } from "../queries.ts";

export interface DeliveryLoadInput {
  livestockOrderId: number;
  head: number;
  doa: number;
  nvdNumber: string;
  deliveryDate: string | null;
  deliveryTime: string;
  truckRego?: string;
  driverName?: string;
  stockMobTempId?: number | null;
  confirmOverDelivery?: boolean;
}

/** Records the load, the mob of its live head, the order's counts and status; answers all three. */
export async function addDeliveryLoad(ctx: AreaContext, input: DeliveryLoadInput) {
  const { order, load, mob } = await ctx.write(async (tx, unit) => {
    const order = await orderRow(tx, input.livestockOrderId);
    const why = whyNotDeliver(order);
    if (why) throw ApiError.conflict(why);
    const over = input.confirmOverDelivery ? null : overDeliveryProblem(order, input.head);
    if (over) throw ApiError.validation([{ field: "head", message: over }]);
    const now = nextModified(order.lastModified);
    const deliveryDate = input.deliveryDate ?? ctx.today;
    const [load] = await tx.insert(deliveryLoads).values({
      livestockOrderId: order.id,
      head: input.head,
      doa: input.doa,
      nvdNumber: input.nvdNumber,
      deliveryDate,
      deliveryTime: input.deliveryTime,
      truckRego: input.truckRego ?? "",
      driverName: input.driverName ?? "",
      createdAt: now,
      createdBy: displayName(ctx.caller),
    }).returning();
    const live = input.head - input.doa;
    const mob = live > 0
      ? await receiveDeliveredMob(
        unit,
        loadMob(order, load, { head: live, mobStatus: MOB_STATUS.InYard, now }),
      )
      : null;
    const counts = {
      ...order,
      totalDelivered: order.totalDelivered + input.head,
      totalDoa: order.totalDoa + input.doa,
    };
    const next = {
      totalDelivered: counts.totalDelivered,
      totalDoa: counts.totalDoa,
      orderStatus: statusForDelivered(counts),
      nvd: order.nvd || input.nvdNumber,
      lastModified: now,
    };
    await tx.update(livestockOrders).set(next).where(eq(livestockOrders.id, order.id));
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: order.id,
      action: "delivery load",
      before: {
        totalDelivered: order.totalDelivered,
        totalDoa: order.totalDoa,
        orderStatus: orderStatusName(order.orderStatus),
      },
      after: {
        totalDelivered: next.totalDelivered,
        totalDoa: next.totalDoa,
        orderStatus: orderStatusName(next.orderStatus),
        load: {
          head: input.head,
          doa: input.doa,
          nvdNumber: input.nvdNumber,
          time: input.deliveryTime,
          truckRego: input.truckRego ?? "",
          driverName: input.driverName ?? "",
        },
      },
    });
    announceOrders(unit, [order.id], deliveryDate);
    return { order, load, mob };
  });
  return {
    deliveryLoad: loadAnswer(load),
    stockMobId: mob?.id ?? null,
    stockMobTempId: input.stockMobTempId ?? null,
    livestockOrder: await orderById(ctx, order.id),
  };
}
