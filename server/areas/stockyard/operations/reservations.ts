/**
 * Pens kept for an order (spec 1 §5): empty pens, or pens already holding it; and the reservations
 * taken off.
 */
import { eq } from "drizzle-orm";
import { livestockOrders, pens } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { refuseLoad } from "../rules.ts";
import { pensOf, penState } from "../yardTx.ts";
import { type AreaContext, nextModified, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { ReservePensBody, UnreservePensBody } from "../schemas.ts";

/** Keeps pens for an order: empty pens, or pens already holding it (spec 1 §5). */
export function reservePens(ctx: AreaContext, input: In<typeof ReservePensBody>) {
  return yardAction(ctx, (unit) => reservePensUnit(unit, input));
}

async function reservePensUnit(unit: Unit, input: In<typeof ReservePensBody>): Promise<Touched> {
  const { tx } = unit;
  const [order] = await tx.select().from(livestockOrders).where(
    eq(livestockOrders.id, input.livestockOrderId),
  );
  if (!order || order.orderStatus === ORDER_STATUS.Cancelled) {
    throw ApiError.notFound("That order does not exist.");
  }
  const rows = await pensOf(unit, input.penIds);
  for (const pen of rows) {
    const state = { ...pen, contents: await penState(unit, pen.id) };
    const refusal = refuseLoad(state, order.id);
    if (refusal) throw ApiError.validation([{ field: "penIds", message: refusal }]);
    await tx.update(pens).set({
      livestockOrderReservedForId: order.id,
      lastModified: nextModified(pen.lastModified),
    })
      .where(eq(pens.id, pen.id));
  }
  await unit.audit({
    entity: "livestockOrder",
    entityId: order.id,
    action: `Pens reserved: ${rows.map((p) => p.name).join(", ")}`,
  });
  return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "reserve" };
}

/** Takes the reservations off pens. */
export function unreservePens(ctx: AreaContext, input: In<typeof UnreservePensBody>) {
  return yardAction(ctx, (unit) => unreservePensUnit(unit, input));
}

async function unreservePensUnit(unit: Unit, input: In<typeof UnreservePensBody>): Promise<Touched> {
  const { tx } = unit;
  const rows = await pensOf(unit, input.penIds);
  for (const pen of rows) {
    if (pen.livestockOrderReservedForId === null) continue;
    await tx.update(pens).set({
      livestockOrderReservedForId: null,
      lastModified: nextModified(pen.lastModified),
    })
      .where(eq(pens.id, pen.id));
    await unit.audit({
      entity: "livestockOrder",
      entityId: pen.livestockOrderReservedForId,
      action: `Pen ${pen.name} no longer reserved`,
    });
  }
  return { yardId: rows[0].stockyardId, penIds: rows.map((p) => p.id), reason: "unreserve" };
}
