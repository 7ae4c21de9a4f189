/**
 * UpsertLivestockOrderAndGroup (spec 1 §4, §7): creates or edits an order group and, optionally, one of
 * its orders; a new recurring order also creates its future orders in the same group (one per interval
 * up to the end date). One unit of work: an audit record per group and order (their history panels),
 * the orders announced after the commit so yard and agenda screens refresh.
 */
import { eq } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { livestockOrderGroups, livestockOrders, suppliers } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, nextModified, type Unit } from "../../../context.ts";
import { changedValues } from "../../../audit.ts";
import { ORDER_STATUS } from "../../../../../kernel/enums.ts";
import { addDays, daysBetween } from "../../../../../kernel/dates.ts";
import { initialStatus, isCancelled, recurrenceDates } from "../rules.ts";
import type { OrderDto, OrderGroup, OrderGroupDto, UpsertOrderAndGroupBody } from "../schemas.ts";
import { editableColumns, groupColumns, type GroupRow, orderColumns } from "../mapping.ts";
import { GROUP_ENTITY, ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { checkGroupReferences, checkOrderReferences } from "../checks.ts";
import { groupById, orderRow } from "../queries.ts";

/** Saves the group (and the order when given); answers the group with its orders. */
export async function upsertOrderAndGroup(
  ctx: AreaContext,
  body: UpsertOrderAndGroupBody,
): Promise<OrderGroup> {
  const groupId = await ctx.write(async (_tx, unit) => {
    const group = await saveGroup(unit, body.livestockOrderGroupDto);
    if (body.livestockOrderDto) {
      const ids = await saveOrder(unit, group, body.livestockOrderDto);
      announceOrders(unit, ids, body.livestockOrderDto.deliveryDate);
    }
    return group.id;
  });
  return groupById(ctx, groupId);
}

async function saveGroup(unit: Unit, dto: OrderGroupDto): Promise<GroupRow> {
  const { tx, ctx } = unit;
  await checkGroupReferences(tx, ctx, dto);
  const values = groupColumns(dto, ctx.today);
  if (!dto.id) {
    const now = nextModified();
    const [row] = await tx.insert(livestockOrderGroups).values({
      ...values,
      createdAt: now,
      lastModified: now,
    })
      .returning();
    await unit.audit({ entity: GROUP_ENTITY, entityId: row.id, action: "create", after: values });
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
  await unit.audit({ entity: GROUP_ENTITY, entityId: dto.id, action: "update", ...diff });
  // the group's supplier is its orders' too
  if (values.supplierId !== current.supplierId) {
    await tx.update(livestockOrders).set({ supplierId: values.supplierId })
      .where(eq(livestockOrders.livestockOrderGroupId, dto.id));
  }
  return row;
}

/** Saves the order (and a new recurring order's future orders); answers the ids written. */
async function saveOrder(unit: Unit, group: GroupRow, dto: OrderDto): Promise<number[]> {
  const { tx, ctx } = unit;
  await checkOrderReferences(tx, ctx, group, dto);
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
    await unit.audit({
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
  await unit.audit({ entity: ORDER_ENTITY, entityId: first.id, action: "create", after: values });
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
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: row.id,
      action: "create (recurring)",
      after: { seriesOf: first.id, deliveryDate: date },
    });
    ids.push(row.id);
  }
  return ids;
}

/** `date` moved by the distance from `from` to `to` (a recurring order's production date). */
function shiftBy(date: string, from: string, to: string) {
  return addDays(date, daysBetween(from, to));
}
