/**
 * Deliveries (spec 1 §2 deliveries, §4 "add a delivery load record", head-count corrections): a load
 * record (head, DOA, NVD, time) creates the stock mob of its live head and moves the order's delivered
 * counts and status; corrections change a mob's head (and the order's) with a reason, balancing moves
 * head between an order's mobs. Each is one transaction, audited in the order's history.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { deliveryLoads, livestockOrders, stockMobs } from "../../../../db/tenant/schema.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import { displayName, recordAudit } from "../../audit.ts";
import { MOB_STATUS, orderStatusName } from "../../../../kernel/enums.ts";
import {
  addDays,
  overDeliveryProblem,
  separatedHeadAfter,
  statusForDelivered,
  whyNotBalance,
  whyNotDeliver,
} from "./rules.ts";
import { loadAnswer } from "./mapping.ts";
import { ORDER_ENTITY } from "./history.ts";
import { announceOrders } from "./events.ts";
import { orderRow } from "./commands.ts";
import { OrderQueries, type OrderScope } from "./queries.ts";

export class DeliveryService {
  readonly orders: OrderQueries;

  constructor(private readonly ctx: AreaContext) {
    this.orders = new OrderQueries(ctx);
  }

  /** Orders due in the days from `fromDate` (default today, 7 days), cancelled ones apart. */
  async deliveries(fromDate = this.ctx.today, days = 7, scope?: OrderScope) {
    const toDate = addDays(fromDate, days - 1);
    const orders = await this.orders.ordersBetween(fromDate, toDate, false, scope);
    const loads = orders.length
      ? await this.ctx.db.select().from(deliveryLoads)
        .where(inArray(deliveryLoads.livestockOrderId, orders.map((o) => o.id))).orderBy(
          asc(deliveryLoads.id),
        )
      : [];
    const loadsOf = Map.groupBy(loads, (l) => l.livestockOrderId);
    return {
      fromDate,
      toDate,
      orders: orders.map((o) => ({ ...o, deliveryLoads: (loadsOf.get(o.id) ?? []).map(loadAnswer) })),
    };
  }

  /** Records a truck's arrival: the load, the mob of its live head, the order's counts and status. */
  async addLoad(input: {
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
  }) {
    const result = await this.ctx.db.transaction(async (tx) => {
      const order = await orderRow(tx, input.livestockOrderId);
      const why = whyNotDeliver(order);
      if (why) throw ApiError.conflict(why);
      const over = input.confirmOverDelivery ? null : overDeliveryProblem(order, input.head);
      if (over) throw ApiError.validation([{ field: "head", message: over }]);
      const now = nextModified(order.lastModified);
      const deliveryDate = input.deliveryDate ?? this.ctx.today;
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
        createdBy: displayName(this.ctx.caller),
      }).returning();
      const live = input.head - input.doa;
      const [mob] = live > 0
        ? await tx.insert(stockMobs).values({
          livestockOrderId: order.id,
          deliveryLoadId: load.id,
          supplierId: order.supplierId,
          speciesId: order.speciesId,
          speciesCategoryId: order.speciesCategoryId,
          tenantSiteId: order.tenantSiteId,
          head: live,
          mobStatus: MOB_STATUS.InYard,
          pic: order.pic,
          agendaLotReference: order.agendaLotReference,
          applicableProductionDate: order.productionDate ?? deliveryDate,
          createdAt: now,
          lastModified: now,
        }).returning()
        : [null];
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
      await recordAudit(tx, this.ctx, {
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
      return { order, load, mob, deliveryDate };
    });
    await announceOrders(this.ctx, [result.order.id], result.deliveryDate);
    return {
      deliveryLoad: loadAnswer(result.load),
      stockMobId: result.mob?.id ?? null,
      stockMobTempId: input.stockMobTempId ?? null,
      livestockOrder: (await this.orders.orders(eq(livestockOrders.id, result.order.id)))[0],
    };
  }

  /** CorrectNumberOfHeadInMobAndOrder: a mob re-counted; the order's delivered head follows. */
  async correctHead(input: { stockMobId: number; correctedHead: number; reason: string }) {
    const orderId = await this.ctx.db.transaction(async (tx) => {
      const [mob] = await tx.select().from(stockMobs).where(eq(stockMobs.id, input.stockMobId));
      if (!mob) throw ApiError.notFound("That mob does not exist.");
      if (mob.head === input.correctedHead) throw ApiError.conflict(`This mob already has ${mob.head} head.`);
      const [order] = await tx.select().from(livestockOrders).where(
        eq(livestockOrders.id, mob.livestockOrderId),
      );
      const delta = input.correctedHead - mob.head;
      const now = nextModified(mob.lastModified);
      await tx.update(stockMobs).set({
        head: input.correctedHead,
        separatedHead: separatedHeadAfter(mob.separatedHead, input.correctedHead),
        lastModified: now,
      }).where(eq(stockMobs.id, mob.id));
      const counts = { ...order, totalDelivered: Math.max(0, order.totalDelivered + delta) };
      const next = {
        totalDelivered: counts.totalDelivered,
        orderStatus: statusForDelivered(counts),
        lastModified: nextModified(order.lastModified),
      };
      await tx.update(livestockOrders).set(next).where(eq(livestockOrders.id, order.id));
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: order.id,
        action: "head count corrected",
        before: { stockMobId: mob.id, head: mob.head, totalDelivered: order.totalDelivered },
        after: { stockMobId: mob.id, head: input.correctedHead, totalDelivered: next.totalDelivered },
        reason: input.reason,
      });
      return order.id;
    });
    await announceOrders(this.ctx, [orderId], null);
    return this.orders.order(orderId);
  }

  /** BalanceNumberOfHeadInMobs: head moved between an order's mobs; the order's total stays. */
  async balanceHead(
    input: { livestockOrderId: number; mobs: { stockMobId: number; head: number }[]; reason: string },
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const ids = input.mobs.map((m) => m.stockMobId);
      if (new Set(ids).size !== ids.length) {
        throw ApiError.validation([{ field: "mobs", message: "Each mob once." }]);
      }
      const mobs = await tx.select().from(stockMobs).where(inArray(stockMobs.id, ids));
      if (mobs.length !== ids.length || mobs.some((m) => m.livestockOrderId !== input.livestockOrderId)) {
        throw ApiError.validation([{ field: "mobs", message: "Choose mobs of this order." }]);
      }
      const before = ids.map((id) => mobs.find((m) => m.id === id)!.head);
      const after = input.mobs.map((m) => m.head);
      const why = whyNotBalance(before, after);
      if (why) throw ApiError.validation([{ field: "mobs", message: why }]);
      for (const m of input.mobs) {
        const mob = mobs.find((x) => x.id === m.stockMobId)!;
        await tx.update(stockMobs).set({
          head: m.head,
          separatedHead: separatedHeadAfter(mob.separatedHead, m.head),
          lastModified: nextModified(mob.lastModified),
        }).where(eq(stockMobs.id, mob.id));
      }
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: input.livestockOrderId,
        action: "head balanced between mobs",
        before: Object.fromEntries(ids.map((id, i) => [`mob ${id}`, before[i]])),
        after: Object.fromEntries(ids.map((id, i) => [`mob ${id}`, after[i]])),
        reason: input.reason,
      });
    });
    await announceOrders(this.ctx, [input.livestockOrderId], null);
    return this.orders.order(input.livestockOrderId);
  }
}
