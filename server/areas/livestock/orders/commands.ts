/**
 * The writes of order groups and orders (spec 1 §4, §7): create and edit through
 * UpsertLivestockOrderAndGroup (recurring orders create their future orders); cancel, reinstate,
 * delete, split and cancel-future-recurring. Every write is one transaction with an audit record per
 * order (the order's history panel), and is announced so yard and agenda screens refresh.
 */
import { and, eq, gt, ne } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import {
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import { changedValues, recordAudit } from "../../audit.ts";
import { ORDER_STATUS, orderStatusName } from "../../../../kernel/enums.ts";
import { addDays, daysBetween } from "../../../../kernel/dates.ts";
import {
  initialStatus,
  isCancelled,
  recurrenceDates,
  whyNotCancel,
  whyNotDelete,
  whyNotReinstate,
  whyNotSplit,
} from "./rules.ts";
import type { Order, OrderDto, OrderGroup, OrderGroupDto, UpsertOrderAndGroupBody } from "./schemas.ts";
import { editableColumns, groupColumns, type GroupRow, orderColumns, type OrderRow } from "./mapping.ts";
import { GROUP_ENTITY, ORDER_ENTITY } from "./history.ts";
import { announceOrders } from "./events.ts";
import { checkGroupReferences, checkOrderReferences } from "./checks.ts";
import { OrderQueries } from "./queries.ts";

/** The orders service of the API: the reads of OrderQueries and the writes below. */
export class OrderService extends OrderQueries {
  /**
   * Creates or edits a group and (optionally) one of its orders. A new recurring order also creates
   * its future orders in the same group (one per interval up to the end date). Answers the group.
   */
  async upsert(body: UpsertOrderAndGroupBody): Promise<OrderGroup> {
    const touched: { ids: number[]; date: string | null } = { ids: [], date: null };
    const groupId = await this.ctx.db.transaction(async (tx) => {
      const group = await this.#saveGroup(tx, body.livestockOrderGroupDto);
      if (body.livestockOrderDto) {
        touched.ids = await this.#saveOrder(tx, group, body.livestockOrderDto);
        touched.date = body.livestockOrderDto.deliveryDate;
      }
      return group.id;
    });
    await announceOrders(this.ctx, touched.ids, touched.date);
    return this.group(groupId);
  }

  cancel(input: { livestockOrderId: number; reason: string; lastModified?: string | null }) {
    return this.#change(input, "cancel", (o) => {
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

  reinstate(input: { livestockOrderId: number; lastModified?: string | null }) {
    return this.#change(input, "reinstate", (o) => {
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

  /** Removes an order entered by mistake (nothing delivered); its audit records stay. */
  async delete(input: { livestockOrderId: number; lastModified?: string | null }) {
    const deleted = await this.ctx.db.transaction(async (tx) => {
      const order = await orderRow(tx, input.livestockOrderId);
      assertUnchanged(order, input.lastModified, "order");
      const loads = await tx.select({ id: deliveryLoads.id }).from(deliveryLoads)
        .where(eq(deliveryLoads.livestockOrderId, order.id));
      const why = whyNotDelete(order, loads.length);
      if (why) throw ApiError.conflict(why);
      await tx.delete(livestockOrders).where(eq(livestockOrders.id, order.id));
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: order.id,
        action: "delete",
        before: order,
      });
      return order;
    });
    await announceOrders(this.ctx, [deleted.id], deleted.deliveryDate);
    return { livestockOrderId: deleted.id, livestockOrderGroupId: deleted.livestockOrderGroupId };
  }

  /**
   * Ends a recurring series after this order: later orders of the series with nothing delivered are
   * cancelled and every remaining order of the series ends on this order's date.
   */
  async cancelFutureRecurring(input: { livestockOrderId: number; reason: string }) {
    const result = await this.ctx.db.transaction(async (tx) => {
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
        await tx.update(livestockOrders).set({
          orderStatus: ORDER_STATUS.Cancelled,
          statusBeforeCancel: o.orderStatus,
          cancelReason: input.reason,
          cancelledAt: now,
          recurrenceEndDate: order.deliveryDate,
          lastModified: nextModified(o.lastModified),
        }).where(eq(livestockOrders.id, o.id));
        await recordAudit(tx, this.ctx, {
          entity: ORDER_ENTITY,
          entityId: o.id,
          action: "cancel (series ended)",
          before: { orderStatus: orderStatusName(o.orderStatus) },
          after: { orderStatus: "Cancelled" },
          reason: input.reason,
        });
      }
      await tx.update(livestockOrders).set({ recurrenceEndDate: order.deliveryDate })
        .where(and(eq(livestockOrders.recurrenceSeriesId, order.recurrenceSeriesId)));
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: order.id,
        action: "end recurring series",
        after: { cancelledOrders: later.map((o) => o.id), recurrenceEndDate: order.deliveryDate },
        reason: input.reason,
      });
      return later.map((o) => o.id);
    });
    await announceOrders(this.ctx, result, null);
    return { cancelledOrderIds: result };
  }

  /** Moves `quantity` undelivered head of an order into a new order of the same group. */
  async split(
    input: {
      livestockOrderId: number;
      quantity: number;
      deliveryDate: string | null;
      lastModified?: string | null;
    },
  ) {
    const ids = await this.ctx.db.transaction(async (tx) => {
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
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: order.id,
        action: "split",
        before: { quantityOrdered: order.quantityOrdered },
        after: { quantityOrdered: order.quantityOrdered - input.quantity, newOrderId: created.id },
      });
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: created.id,
        action: "create (split)",
        after: {
          fromOrderId: order.id,
          quantityOrdered: input.quantity,
          deliveryDate: input.deliveryDate ?? order.deliveryDate,
        },
      });
      return [order.id, created.id];
    });
    await announceOrders(this.ctx, ids, input.deliveryDate);
    return { livestockOrderId: ids[0], newLivestockOrderId: ids[1] };
  }

  // ---------- internals ----------

  /** One status change of one order: checked, applied, audited, announced; answers the order. */
  async #change(
    input: { livestockOrderId: number; lastModified?: string | null },
    action: string,
    decide: (o: OrderRow) => Partial<OrderRow>,
    reason?: string,
  ): Promise<Order> {
    const order = await this.ctx.db.transaction(async (tx) => {
      const current = await orderRow(tx, input.livestockOrderId);
      assertUnchanged(current, input.lastModified, "order");
      const next = { ...decide(current), lastModified: nextModified(current.lastModified) };
      await tx.update(livestockOrders).set(next).where(eq(livestockOrders.id, current.id));
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: current.id,
        action,
        before: { orderStatus: orderStatusName(current.orderStatus) },
        after: { orderStatus: orderStatusName(next.orderStatus ?? current.orderStatus) },
        reason,
      });
      return current;
    });
    await announceOrders(this.ctx, [order.id], order.deliveryDate);
    const [saved] = await this.orders(eq(livestockOrders.id, order.id));
    return saved;
  }

  async #saveGroup(tx: TenantTx, dto: OrderGroupDto): Promise<GroupRow> {
    await checkGroupReferences(tx, this.ctx, dto);
    const values = groupColumns(dto, this.ctx.today);
    if (!dto.id) {
      const now = nextModified();
      const [row] = await tx.insert(livestockOrderGroups).values({
        ...values,
        createdAt: now,
        lastModified: now,
      })
        .returning();
      await recordAudit(tx, this.ctx, {
        entity: GROUP_ENTITY,
        entityId: row.id,
        action: "create",
        after: values,
      });
      return row;
    }
    const [current] = await tx.select().from(livestockOrderGroups).where(eq(livestockOrderGroups.id, dto.id));
    if (!current) throw ApiError.notFound("That order group does not exist.");
    assertUnchanged(current, dto.lastModified, "order group");
    const diff = changedValues(current, values);
    if (!Object.keys(diff.after).length) return current; // nothing of the group changed
    if (values.speciesId !== current.speciesId) {
      const [any] = await tx.select({ id: livestockOrders.id }).from(livestockOrders)
        .where(eq(livestockOrders.livestockOrderGroupId, dto.id)).limit(1);
      if (any) {
        throw ApiError.validation([{
          field: "livestockOrderGroupDto.speciesId",
          message: "The group has orders: its species cannot change.",
        }]);
      }
    }
    const [row] = await tx.update(livestockOrderGroups)
      .set({ ...values, lastModified: nextModified(current.lastModified) })
      .where(eq(livestockOrderGroups.id, dto.id)).returning();
    await recordAudit(tx, this.ctx, { entity: GROUP_ENTITY, entityId: dto.id, action: "update", ...diff });
    // the group's supplier is its orders' too
    if (values.supplierId !== current.supplierId) {
      await tx.update(livestockOrders).set({ supplierId: values.supplierId })
        .where(eq(livestockOrders.livestockOrderGroupId, dto.id));
    }
    return row;
  }

  /** Saves the order (and a new recurring order's future orders); answers the ids written. */
  async #saveOrder(tx: TenantTx, group: GroupRow, dto: OrderDto): Promise<number[]> {
    await checkOrderReferences(tx, this.ctx, group, dto);
    const supplier = await tx.query.suppliers.findFirst({ where: eq(suppliers.id, group.supplierId) });
    const values = orderColumns(dto, group, supplier?.pic);
    if (dto.id) {
      const current = await orderRow(tx, dto.id);
      if (current.livestockOrderGroupId !== group.id) {
        throw ApiError.validation([{
          field: "livestockOrderDto.id",
          message: "That order belongs to another group.",
        }]);
      }
      assertUnchanged(current, dto.lastModified, "order");
      if (isCancelled(current)) {
        throw ApiError.conflict("This order is cancelled: reinstate it before editing.");
      }
      const status = current.orderStatus <= ORDER_STATUS.Confirmed
        ? initialStatus(dto.orderConfirmed)
        : current.orderStatus;
      const next = {
        ...editableColumns(values),
        orderStatus: status,
        lastModified: nextModified(current.lastModified),
      };
      await tx.update(livestockOrders).set(next).where(eq(livestockOrders.id, dto.id));
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: dto.id,
        action: "update",
        ...changedValues(current, next),
      });
      return [dto.id];
    }
    const now = nextModified();
    const status = initialStatus(dto.orderConfirmed);
    const [first] = await tx.insert(livestockOrders).values({
      ...values,
      orderStatus: status,
      createdAt: now,
      lastModified: now,
    }).returning({ id: livestockOrders.id });
    await recordAudit(tx, this.ctx, {
      entity: ORDER_ENTITY,
      entityId: first.id,
      action: "create",
      after: values,
    });
    const future = recurrenceDates(dto.deliveryDate, dto.recurrenceFrequency, dto.recurrenceEndDate);
    if (!future.length) return [first.id];
    await tx.update(livestockOrders).set({ recurrenceSeriesId: first.id }).where(
      eq(livestockOrders.id, first.id),
    );
    const ids = [first.id];
    for (const date of future) {
      const shift = (d: string | null) => d ? shiftBy(d, dto.deliveryDate, date) : null;
      const [row] = await tx.insert(livestockOrders).values({
        ...values,
        deliveryDate: date,
        productionDate: shift(dto.productionDate),
        orderStatus: status,
        recurrenceSeriesId: first.id,
        createdAt: now,
        lastModified: now,
      }).returning({ id: livestockOrders.id });
      await recordAudit(tx, this.ctx, {
        entity: ORDER_ENTITY,
        entityId: row.id,
        action: "create (recurring)",
        after: { seriesOf: first.id, deliveryDate: date },
      });
      ids.push(row.id);
    }
    return ids;
  }
}

/** The order's row in the write's transaction; 404 when it does not exist. */
export async function orderRow(tx: TenantTx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, id));
  if (!row) throw ApiError.notFound("That order does not exist.");
  return row;
}

/** `date` moved by the distance from `from` to `to` (a recurring order's production date). */
function shiftBy(date: string, from: string, to: string) {
  return addDays(date, daysBetween(from, to));
}
