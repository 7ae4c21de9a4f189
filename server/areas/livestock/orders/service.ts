/**
 * Order groups and orders (spec 1 §3, §4, §7): reads by date, group and id; create and edit through
 * UpsertLivestockOrderAndGroup (recurring orders create their future orders); cancel, reinstate,
 * delete, split and cancel-future-recurring. Processor tenants only (spec 1 §6). Every write is one
 * transaction with an audit record per order (the order's history panel), and is announced as
 * deliveryStatusUpdated so yard and agenda screens refresh.
 */
import { aliasedTable, and, asc, desc, eq, gt, gte, inArray, lte, ne, or, type SQL } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import {
  auditLog,
  buyers,
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  stockMobs,
  suppliers,
  transportCompanies,
} from "../../../../db/tenant/schema.ts";
import {
  type AreaContext,
  assertUnchanged,
  changedValues,
  nextModified,
  recordAudit,
  type TenantTx,
} from "../../context.ts";
import {
  mobStatusName,
  OFF_GRID_PRICE_PER_NAMES,
  ORDER_STATUS,
  orderStatusName,
  speciesCategoriesOf,
  speciesCategoryName,
} from "../enums.ts";
import {
  initialStatus,
  isCancelled,
  isPartiallyDelivered,
  isUnloaded,
  liveDelivered,
  orderDateFor,
  recurrenceDates,
  remainderToUnload,
  whyNotCancel,
  whyNotDelete,
  whyNotReinstate,
  whyNotSplit,
} from "./rules.ts";
import type { Order, OrderDto, OrderGroup, OrderGroupDto, UpsertOrderAndGroupBody } from "./schemas.ts";
import { type GroupForPricing, pricingOptions } from "../../pricing/rules.ts";
import { addDays, daysBetween } from "../../dates.ts";

type OrderRow = typeof livestockOrders.$inferSelect;
type GroupRow = typeof livestockOrderGroups.$inferSelect;

/** The audit entity of everything that happens to an order: its history panel reads these. */
export const ORDER_ENTITY = "livestockOrder";
const GROUP_ENTITY = "livestockOrderGroup";

const groupTransport = aliasedTable(transportCompanies, "group_transport");

export class OrderService {
  /** Access is checked by the route rules (api.ts, the page routes) before a service is made. */
  constructor(private readonly ctx: AreaContext) {}

  // ---------- reads ----------

  /** Orders with supplier, buyer and carrier names, ordered by delivery date and time. */
  async orders(where?: SQL): Promise<Order[]> {
    const rows = await this.ctx.db.select({
      order: livestockOrders,
      group: livestockOrderGroups,
      supplierName: suppliers.name,
      buyerName: buyers.name,
      transportName: transportCompanies.name,
      groupTransportName: groupTransport.name,
    }).from(livestockOrders)
      .innerJoin(livestockOrderGroups, eq(livestockOrderGroups.id, livestockOrders.livestockOrderGroupId))
      .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
      .leftJoin(transportCompanies, eq(transportCompanies.id, livestockOrders.transportCompanyId))
      .leftJoin(groupTransport, eq(groupTransport.id, livestockOrderGroups.transportCompanyId))
      .where(where)
      .orderBy(asc(livestockOrders.deliveryDate), asc(livestockOrders.deliveryTime), asc(livestockOrders.id));
    return rows.map((r) =>
      this.#orderDto(r.order, r.group, {
        supplier: r.supplierName,
        buyer: r.buyerName ?? "",
        transport: r.transportName ?? r.groupTransportName ?? "",
      })
    );
  }

  ordersBetween(from: string, to: string, includeCancelled = false) {
    return this.orders(and(
      gte(livestockOrders.deliveryDate, from),
      lte(livestockOrders.deliveryDate, to),
      includeCancelled ? undefined : ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
    ));
  }

  cancelledBetween(from: string, to: string) {
    return this.orders(and(
      gte(livestockOrders.deliveryDate, from),
      lte(livestockOrders.deliveryDate, to),
      eq(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
    ));
  }

  /** Orders due by today that are not fully delivered (cancelled ones excluded), oldest first. */
  undelivered() {
    return this.orders(and(
      lte(livestockOrders.deliveryDate, this.ctx.today),
      gte(livestockOrders.orderStatus, ORDER_STATUS.Ordered),
      or(
        eq(livestockOrders.orderStatus, ORDER_STATUS.Ordered),
        eq(livestockOrders.orderStatus, ORDER_STATUS.Confirmed),
        eq(livestockOrders.orderStatus, ORDER_STATUS.PartiallyDelivered),
      ),
    ));
  }

  async order(id: number) {
    const [order] = await this.orders(eq(livestockOrders.id, id));
    if (!order) throw ApiError.notFound("That order does not exist.");
    const db = this.ctx.db;
    const [loads, mobs, history] = await Promise.all([
      db.select().from(deliveryLoads).where(eq(deliveryLoads.livestockOrderId, id)).orderBy(
        asc(deliveryLoads.id),
      ),
      db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, id)).orderBy(asc(stockMobs.id)),
      this.history(id),
    ]);
    return {
      ...order,
      deliveryLoads: loads.map(({ createdAt: _, ...l }) => l),
      deliveredMobs: mobs.map((m) => ({
        id: m.id,
        livestockOrderId: m.livestockOrderId,
        deliveryLoadId: m.deliveryLoadId,
        head: m.head,
        separatedHead: m.separatedHead,
        mobStatus: m.mobStatus,
        mobStatusName: mobStatusName(m.mobStatus),
        penId: m.penId,
        pic: m.pic,
        agendaLotReference: m.agendaLotReference,
        createdOn: m.createdAt,
      })),
      history,
    };
  }

  /** Who did what to an order, newest first. */
  /** The history panel of an order that exists (a deleted or unknown order is 404, not an empty list). */
  async orderHistory(orderId: number) {
    const [exists] = await this.ctx.db.select({ id: livestockOrders.id }).from(livestockOrders)
      .where(eq(livestockOrders.id, orderId));
    if (!exists) throw ApiError.notFound("That order does not exist.");
    return this.history(orderId);
  }

  async history(orderId: number) {
    const rows = await this.ctx.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, ORDER_ENTITY), eq(auditLog.entityId, String(orderId))))
      .orderBy(desc(auditLog.id));
    return rows.map((r) => ({
      at: r.at.toISOString(),
      userName: r.userName,
      action: r.action,
      before: r.before,
      after: r.after,
      reason: r.reason,
    }));
  }

  /** Groups with a delivery date in the range, or with an order in it, with all their orders. */
  async groupsBetween(from: string, to: string): Promise<OrderGroup[]> {
    const inRange = await this.ctx.db.selectDistinct({ id: livestockOrders.livestockOrderGroupId })
      .from(livestockOrders).where(
        and(gte(livestockOrders.deliveryDate, from), lte(livestockOrders.deliveryDate, to)),
      );
    const byDate = await this.ctx.db.select({ id: livestockOrderGroups.id }).from(livestockOrderGroups)
      .where(and(gte(livestockOrderGroups.deliveryDate, from), lte(livestockOrderGroups.deliveryDate, to)));
    const ids = [...new Set([...inRange, ...byDate].map((r) => r.id))];
    return this.#groups(ids);
  }

  async group(id: number): Promise<OrderGroup> {
    const [group] = await this.#groups([id]);
    if (!group) throw ApiError.notFound("That order group does not exist.");
    return group;
  }

  async #groups(ids: number[]): Promise<OrderGroup[]> {
    if (!ids.length) return [];
    const rows = await this.ctx.db.select({
      group: livestockOrderGroups,
      supplierName: suppliers.name,
      buyerName: buyers.name,
      transportName: transportCompanies.name,
    }).from(livestockOrderGroups)
      .innerJoin(suppliers, eq(suppliers.id, livestockOrderGroups.supplierId))
      .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
      .leftJoin(transportCompanies, eq(transportCompanies.id, livestockOrderGroups.transportCompanyId))
      .where(inArray(livestockOrderGroups.id, ids))
      .orderBy(asc(livestockOrderGroups.deliveryDate), asc(livestockOrderGroups.id));
    const orders = await this.orders(inArray(livestockOrders.livestockOrderGroupId, ids));
    return rows.map(({ group: g, supplierName, buyerName, transportName }) => ({
      id: g.id,
      speciesId: g.speciesId,
      species: this.#speciesName(g.speciesId),
      speciesCategoryId: g.speciesCategoryId,
      speciesCategory: speciesCategoryName(g.speciesCategoryId),
      quantityRequired: g.quantityRequired,
      supplierId: g.supplierId,
      supplierName,
      transportCompanyId: g.transportCompanyId,
      transportCompanyName: transportName ?? "",
      buyerId: g.buyerId,
      buyerName: buyerName ?? "",
      deliveryDate: g.deliveryDate,
      orderDate: g.orderDate,
      lastModified: g.lastModified,
      livestockOrders: orders.filter((o) => o.livestockOrderGroupId === g.id),
    }));
  }

  /** Pricing grid groups with their grids' categories and best prices: what an order may choose from. */
  async pricingGroups(db: TenantTx | AreaContext["db"] = this.ctx.db): Promise<GroupForPricing[]> {
    // one after the other: inside a transaction both run on its one connection
    const groups = await db.select().from(pricingGridGroups).orderBy(asc(pricingGridGroups.startDate));
    const grids = await db.select({
      pricingGridGroupId: pricingGrids.pricingGridGroupId,
      speciesCategoryId: pricingGrids.speciesCategoryId,
      bestPrice: pricingGrids.bestPrice,
      priority: pricingGrids.priority,
    }).from(pricingGrids);
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      speciesId: g.speciesId,
      startDate: g.startDate,
      endDate: g.endDate,
      isServiceKill: g.isServiceKill,
      isDefaultGroup: g.isDefaultGroup,
      grids: grids.filter((x) => x.pricingGridGroupId === g.id),
    }));
  }

  // ---------- writes ----------

  /**
   * Creates or edits a group and (optionally) one of its orders. A new recurring order also creates
   * its future orders in the same group (one per interval up to the end date). Answers the group.
   */
  async upsert(body: UpsertOrderAndGroupBody): Promise<OrderGroup> {
    const touched: { ids: number[]; date: string | null } = { ids: [], date: null };
    const groupId = await this.ctx.db.transaction(async (tx) => {
      const group = await this.#saveGroup(tx, body.livestockOrderGroupDto);
      if (body.livestockOrderDto) {
        const ids = await this.#saveOrder(tx, group, body.livestockOrderDto);
        touched.ids = ids;
        touched.date = body.livestockOrderDto.deliveryDate;
      }
      return group.id;
    });
    await this.#announce(touched.ids, touched.date);
    return this.group(groupId);
  }

  async cancel(input: { livestockOrderId: number; reason: string; lastModified?: string | null }) {
    const order = await this.#change(input, "cancel", (o) => {
      const why = whyNotCancel(o);
      if (why) throw ApiError.conflict(why);
      return {
        orderStatus: ORDER_STATUS.Cancelled,
        statusBeforeCancel: o.orderStatus,
        cancelReason: input.reason,
        cancelledAt: new Date().toISOString(),
      };
    }, input.reason);
    return order;
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
      const order = await this.#orderRow(tx, input.livestockOrderId);
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
    await this.#announce([deleted.id], deleted.deliveryDate);
    return { livestockOrderId: deleted.id, livestockOrderGroupId: deleted.livestockOrderGroupId };
  }

  /**
   * Ends a recurring series after this order: later orders of the series with nothing delivered are
   * cancelled and every remaining order of the series ends on this order's date.
   */
  async cancelFutureRecurring(input: { livestockOrderId: number; reason: string }) {
    const result = await this.ctx.db.transaction(async (tx) => {
      const order = await this.#orderRow(tx, input.livestockOrderId);
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
    await this.#announce(result, null);
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
      const order = await this.#orderRow(tx, input.livestockOrderId);
      assertUnchanged(order, input.lastModified, "order");
      const why = whyNotSplit(order, input.quantity);
      if (why) throw ApiError.validation([{ field: "quantity", message: why }]);
      const now = nextModified(order.lastModified);
      await tx.update(livestockOrders).set({
        quantityOrdered: order.quantityOrdered - input.quantity,
        lastModified: now,
      })
        .where(eq(livestockOrders.id, order.id));
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
    await this.#announce(ids, input.deliveryDate);
    return { livestockOrderId: ids[0], newLivestockOrderId: ids[1] };
  }

  // ---------- internals ----------

  async #orderRow(tx: TenantTx, id: number): Promise<OrderRow> {
    const [row] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, id));
    if (!row) throw ApiError.notFound("That order does not exist.");
    return row;
  }

  /** One status change of one order: checked, applied, audited, announced; answers the order. */
  async #change(
    input: { livestockOrderId: number; lastModified?: string | null },
    action: string,
    decide: (o: OrderRow) => Partial<OrderRow>,
    reason?: string,
  ): Promise<Order> {
    const order = await this.ctx.db.transaction(async (tx) => {
      const current = await this.#orderRow(tx, input.livestockOrderId);
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
    await this.#announce([order.id], order.deliveryDate);
    const [saved] = await this.orders(eq(livestockOrders.id, order.id));
    return saved;
  }

  async #saveGroup(tx: TenantTx, dto: OrderGroupDto): Promise<GroupRow> {
    await this.#checkReferences(tx, dto);
    const values = {
      speciesId: dto.speciesId,
      speciesCategoryId: dto.speciesCategoryId,
      quantityRequired: dto.quantityRequired,
      supplierId: dto.supplierId,
      transportCompanyId: dto.transportCompanyId,
      buyerId: dto.buyerId,
      deliveryDate: dto.deliveryDate,
      orderDate: orderDateFor(dto.buyerId, dto.orderDate, this.ctx.today),
    };
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
    // the group's supplier and buyer are its orders' too
    if (values.supplierId !== current.supplierId) {
      await tx.update(livestockOrders).set({ supplierId: values.supplierId })
        .where(eq(livestockOrders.livestockOrderGroupId, dto.id));
    }
    return row;
  }

  /** Saves the order (and a new recurring order's future orders); answers the ids written. */
  async #saveOrder(tx: TenantTx, group: GroupRow, dto: OrderDto): Promise<number[]> {
    await this.#checkOrderReferences(tx, group, dto);
    const supplier = await tx.query.suppliers.findFirst({ where: eq(suppliers.id, group.supplierId) });
    const values = {
      livestockOrderGroupId: group.id,
      supplierId: group.supplierId,
      speciesId: group.speciesId,
      speciesCategoryId: dto.speciesCategoryId ?? group.speciesCategoryId,
      tenantSiteId: dto.tenantSiteId,
      quantityOrdered: dto.quantityOrdered,
      declaredQuantity: dto.declaredQuantity,
      deliveryDate: dto.deliveryDate,
      deliveryTime: dto.deliveryTime,
      productionDate: dto.productionDate,
      orderConfirmed: dto.orderConfirmed,
      agendaLotReference: dto.agendaLotReference,
      pic: dto.pic || supplier?.pic || "",
      nvd: dto.nvd,
      isMsaEligible: dto.isMsaEligible,
      isSaleyardOrder: dto.isSaleyardOrder,
      transportCompanyId: dto.transportCompanyId ?? group.transportCompanyId,
      stakeholderIds: dto.stakeholderIds,
      tags: dto.tags,
      notes: dto.notes,
      pricingGridGroupId: dto.pricingGridGroupId,
      offGridPrice: dto.offGridPrice,
      offGridPricePer: dto.offGridPricePer,
      offGridPriceType: dto.offGridPriceType,
      recurrenceFrequency: dto.recurrenceFrequency,
      recurrenceEndDate: dto.recurrenceEndDate,
    };
    if (dto.id) {
      const current = await this.#orderRow(tx, dto.id);
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
      // recurrence is set when the series is created; changing it later would orphan its orders
      const { recurrenceFrequency: _, recurrenceEndDate: __, ...editable } = values;
      const status = current.orderStatus <= ORDER_STATUS.Confirmed
        ? initialStatus(dto.orderConfirmed)
        : current.orderStatus;
      const next = { ...editable, orderStatus: status, lastModified: nextModified(current.lastModified) };
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
    })
      .returning({ id: livestockOrders.id });
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

  /** The group's supplier, buyer, carrier and species must be this tenant's (else a 400 on the field). */
  async #checkReferences(tx: TenantTx, dto: OrderGroupDto) {
    const field = (name: string) => `livestockOrderGroupDto.${name}`;
    const errors: { field: string; message: string }[] = [];
    if (!this.ctx.caller.species.some((s) => s.id === dto.speciesId)) {
      errors.push({ field: field("speciesId"), message: "Choose a species this organisation handles." });
    }
    if (
      dto.speciesCategoryId && !speciesCategoriesOf(dto.speciesId).some((c) => c.id === dto.speciesCategoryId)
    ) {
      errors.push({ field: field("speciesCategoryId"), message: "Choose a category of the species." });
    }
    if (
      !await tx.query.suppliers.findFirst({ where: eq(suppliers.id, dto.supplierId), columns: { id: true } })
    ) {
      errors.push({ field: field("supplierId"), message: "Choose a supplier." });
    }
    if (dto.buyerId) {
      const buyer = await tx.query.buyers.findFirst({ where: eq(buyers.id, dto.buyerId) });
      if (!buyer) errors.push({ field: field("buyerId"), message: "Choose a buyer." });
      else if (buyer.isSoftDeleted && dto.id) {
        const current = await tx.query.livestockOrderGroups.findFirst({
          where: eq(livestockOrderGroups.id, dto.id),
        });
        if (current?.buyerId !== dto.buyerId) {
          errors.push({ field: field("buyerId"), message: "That buyer was removed." });
        }
      } else if (buyer.isSoftDeleted) {
        errors.push({ field: field("buyerId"), message: "That buyer was removed." });
      }
    }
    if (
      dto.transportCompanyId && !await tx.query.transportCompanies.findFirst({
        where: eq(transportCompanies.id, dto.transportCompanyId),
        columns: { id: true },
      })
    ) errors.push({ field: field("transportCompanyId"), message: "Choose a transport company." });
    if (errors.length) throw ApiError.validation(errors);
  }

  async #checkOrderReferences(tx: TenantTx, group: GroupRow, dto: OrderDto) {
    const field = (name: string) => `livestockOrderDto.${name}`;
    const errors: { field: string; message: string }[] = [];
    if (
      dto.speciesCategoryId &&
      !speciesCategoriesOf(group.speciesId).some((c) => c.id === dto.speciesCategoryId)
    ) {
      errors.push({
        field: field("speciesCategoryId"),
        message: "Choose a category of the group's species.",
      });
    }
    if (dto.tenantSiteId && !this.ctx.caller.sites.some((s) => s.id === dto.tenantSiteId)) {
      errors.push({ field: field("tenantSiteId"), message: "Choose one of this organisation's sites." });
    }
    if (dto.productionDate && dto.productionDate < dto.deliveryDate) {
      errors.push({ field: field("productionDate"), message: "Production cannot be before delivery." });
    }
    if (dto.pricingGridGroupId) {
      // the same rule the form offers by (spec 2 §5): valid on the dates, with a grid for the category
      const offered = pricingOptions({
        speciesId: group.speciesId,
        speciesCategoryId: dto.speciesCategoryId ?? group.speciesCategoryId,
        deliveryDate: dto.deliveryDate,
        productionDate: dto.productionDate,
      }, await this.pricingGroups(tx));
      const option = offered.find((o) => o.id === dto.pricingGridGroupId);
      if (!option || option.disabled) {
        errors.push({
          field: field("pricingGridGroupId"),
          message: option
            ? "That pricing grid group has no grid for the order's category."
            : "That pricing grid group does not cover the order's delivery or production date.",
        });
      }
    }
    if (
      dto.transportCompanyId && !await tx.query.transportCompanies.findFirst({
        where: eq(transportCompanies.id, dto.transportCompanyId),
        columns: { id: true },
      })
    ) errors.push({ field: field("transportCompanyId"), message: "Choose a transport company." });
    if (dto.stakeholderIds.length) {
      const found = await tx.query.stakeholders.findMany({
        where: (s, { inArray }) => inArray(s.id, dto.stakeholderIds),
        columns: { id: true },
      });
      if (found.length !== new Set(dto.stakeholderIds).size) {
        errors.push({ field: field("stakeholderIds"), message: "Choose existing stakeholders." });
      }
    }
    if (errors.length) throw ApiError.validation(errors);
  }

  async #announce(ids: number[], deliveryDate: string | null) {
    if (!ids.length) return;
    await this.ctx.app.push.emit(this.ctx.tenantId, "deliveryStatusUpdated", {
      livestockOrderIds: ids,
      deliveryDate,
    });
  }

  #speciesName(id: number) {
    return this.ctx.caller.species.find((s) => s.id === id)?.name ?? String(id);
  }

  #orderDto(o: OrderRow, g: GroupRow, names: { supplier: string; buyer: string; transport: string }): Order {
    return {
      id: o.id,
      livestockOrderGroupId: o.livestockOrderGroupId,
      supplierId: o.supplierId,
      supplierName: names.supplier,
      speciesId: o.speciesId,
      species: this.#speciesName(o.speciesId),
      speciesCategoryId: o.speciesCategoryId,
      speciesCategory: speciesCategoryName(o.speciesCategoryId),
      tenantSiteId: o.tenantSiteId,
      quantityOrdered: o.quantityOrdered,
      declaredQuantity: o.declaredQuantity,
      deliveryDate: o.deliveryDate,
      deliveryTime: o.deliveryTime,
      productionDate: o.productionDate,
      orderDate: g.orderDate,
      orderStatus: o.orderStatus,
      orderStatusName: orderStatusName(o.orderStatus),
      orderConfirmed: o.orderConfirmed,
      agendaLotReference: o.agendaLotReference,
      pic: o.pic,
      nvd: o.nvd,
      isMsaEligible: o.isMsaEligible,
      isSaleyardOrder: o.isSaleyardOrder,
      groupBuyerId: g.buyerId,
      groupBuyerName: names.buyer,
      transportCompanyId: o.transportCompanyId ?? g.transportCompanyId,
      transportCompanyName: names.transport,
      stakeholderIds: o.stakeholderIds,
      tags: o.tags,
      notes: o.notes,
      pricingGridGroupId: o.pricingGridGroupId,
      offGridPrice: o.offGridPrice,
      offGridPricePer: o.offGridPricePer,
      offGridPricePerName: o.offGridPricePer
        ? OFF_GRID_PRICE_PER_NAMES[o.offGridPricePer as keyof typeof OFF_GRID_PRICE_PER_NAMES] ?? ""
        : "",
      offGridPriceType: o.offGridPriceType,
      recurrenceFrequencyName: o.recurrenceFrequency,
      recurrenceEndDate: o.recurrenceEndDate,
      recurrenceSeriesId: o.recurrenceSeriesId,
      totalDelivered: o.totalDelivered,
      totalDoa: o.totalDoa,
      totalUnloaded: o.totalUnloaded,
      totalProcessed: o.totalProcessed,
      liveDelivered: liveDelivered(o),
      remainderToUnload: remainderToUnload(o),
      isUnloaded: isUnloaded(o),
      isPartiallyDelivered: isPartiallyDelivered(o),
      isWaitingForExternalHeadCount: o.isWaitingForExternalHeadCount,
      cancelReason: o.cancelReason,
      cancelledAt: o.cancelledAt,
      lastModified: o.lastModified,
    };
  }
}

/** `date` moved by the distance from `from` to `to` (a recurring order's production date). */
function shiftBy(date: string, from: string, to: string) {
  return addDays(date, daysBetween(from, to));
}
