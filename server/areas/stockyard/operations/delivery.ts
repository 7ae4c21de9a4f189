/**
 * A delivery's progress as the yard sees it (spec 1 §4): verified once its arrival checks are done, or
 * waiting (or no longer) for the AI (camera) head count before it is unloaded. The order is the orders
 * area's (livestock/orders/writes.ts): it changes it, audits it and tells the deliveries' screens; the
 * yard's screens redraw and the action answers the yard (the given one, else where the screen opens).
 */
import type { AreaContext, Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { awaitAiHeadCount, stopAwaitingAiHeadCount, verifyDelivery } from "../../livestock/orders/writes.ts";
import { defaultYard } from "../queries.ts";
import { yardAction } from "../actions.ts";
import type { OrderActionBody } from "../schemas.ts";

type OrderAction = In<typeof OrderActionBody>;

async function deliveryAction(
  ctx: AreaContext,
  input: OrderAction,
  change: (unit: Unit, orderId: number) => Promise<unknown>,
) {
  const yardId = input.stockyardId ?? (await defaultYard(ctx)).id;
  return yardAction(ctx, async (unit) => {
    await change(unit, input.livestockOrderId);
    return { yardId, penIds: [], reason: "delivery" };
  });
}

/** A delivered order whose arrival checks were done before unloading becomes Verified. */
export function progressDelivery(ctx: AreaContext, input: OrderAction) {
  return deliveryAction(ctx, input, verifyDelivery);
}

/** The delivery waits for the AI (camera) head count before it is unloaded. */
export function waitForAiHeadCount(ctx: AreaContext, input: OrderAction) {
  return deliveryAction(ctx, input, awaitAiHeadCount);
}

/** The delivery stops waiting for the AI head count. */
export function cancelAiHeadCount(ctx: AreaContext, input: OrderAction) {
  return deliveryAction(ctx, input, stopAwaitingAiHeadCount);
}
