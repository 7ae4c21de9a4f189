/**
 * Head-count corrections of delivered mobs (spec 1 §4): a mob re-counted (its order's delivered head
 * follows) and head balanced between an order's mobs (the order's total stays). Each is one unit of
 * work, audited in the order's history with the reason; the mobs are the stockyard's (its writes.ts).
 */
import { inArray } from "drizzle-orm";
import { ApiError } from "../../../../http/errors.ts";
import { stockMobs } from "../../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../../context.ts";
import { recountMob } from "../../../stockyard/writes.ts";
import { whyNotBalance } from "../rules.ts";
import { ORDER_ENTITY } from "../history.ts";
import { announceOrders } from "../events.ts";
import { correctDeliveredHead } from "../writes.ts";
import { orderDetail } from "../queries.ts";

/** CorrectNumberOfHeadInMobAndOrder: answers the order with its loads, mobs and history. */
export async function correctHead(
  ctx: AreaContext,
  input: { stockMobId: number; correctedHead: number; reason: string },
) {
  const orderId = await ctx.write((_tx, unit) => correctDeliveredHead(unit, input));
  return orderDetail(ctx, orderId);
}

/** BalanceNumberOfHeadInMobs: head moved between an order's mobs; answers the order. */
export async function balanceHead(
  ctx: AreaContext,
  input: { livestockOrderId: number; mobs: { stockMobId: number; head: number }[]; reason: string },
) {
  await ctx.write(async (tx, unit) => {
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
    for (const m of input.mobs) await recountMob(unit, mobs.find((x) => x.id === m.stockMobId)!, m.head);
    await unit.audit({
      entity: ORDER_ENTITY,
      entityId: input.livestockOrderId,
      action: "head balanced between mobs",
      before: Object.fromEntries(ids.map((id, i) => [`mob ${id}`, before[i]])),
      after: Object.fromEntries(ids.map((id, i) => [`mob ${id}`, after[i]])),
      reason: input.reason,
    });
    announceOrders(unit, [input.livestockOrderId], null);
  });
  return orderDetail(ctx, input.livestockOrderId);
}
