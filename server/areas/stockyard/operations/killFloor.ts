/**
 * Mobs, or every mob of an order still in the yard, sent to the kill floor (spec 1 §4): the orders are
 * then in processing (the orders area's write).
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { markOrdersInProcessing } from "../../livestock/orders/writes.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { isMovable } from "../rules.ts";
import { afterLeaving, pensOf } from "../yardTx.ts";
import type { AreaContext, Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { KillFloorBody } from "../schemas.ts";
import { changeMob } from "../mobChange.ts";

/** Sends mobs, or every mob of an order still in the yard, to the kill floor. */
export function sendToKillFloor(ctx: AreaContext, input: In<typeof KillFloorBody>) {
  return yardAction(ctx, (unit) => sendToKillFloorUnit(unit, input));
}

async function sendToKillFloorUnit(unit: Unit, input: In<typeof KillFloorBody>): Promise<Touched> {
  const stockyardId = input.stockyardId;

  const { tx } = unit;
  const where = input.livestockOrderId !== undefined
    ? eq(stockMobs.livestockOrderId, input.livestockOrderId)
    : inArray(stockMobs.id, input.stockMobIds ?? []);
  const mobs = (await tx.select().from(stockMobs).where(and(where, gt(stockMobs.head, 0))))
    .filter((m) => isMovable(m.mobStatus) && !m.isInBin && (m.penId !== null || m.stockyardId === null));
  if (!mobs.length) {
    throw ApiError.conflict("Nothing of that is left in the yard. The yard has been reloaded.");
  }
  const penRows = await pensOf(unit, [...new Set(mobs.flatMap((m) => (m.penId ? [m.penId] : [])))], false);
  const yardId = penRows[0]?.stockyardId ?? mobs.find((m) => m.stockyardId)?.stockyardId ?? stockyardId;
  const at = new Date().toISOString();
  for (const mob of mobs) {
    await changeMob(unit, mob, {
      mobStatus: MOB_STATUS.AtKillFloor,
      penId: null,
      separatedHead: 0,
      sentToKillFloorAt: at,
      isLastShift: input.isLastShift,
    }, {
      action: `Sent ${mob.head} head to the kill floor${input.isLastShift ? " (as last shift)" : ""}`,
      before: { mobStatus: mob.mobStatus, penId: mob.penId },
      after: { mobStatus: MOB_STATUS.AtKillFloor },
    });
  }
  for (const pen of penRows) await afterLeaving(unit, pen);
  const orderIds = [...new Set(mobs.map((m) => m.livestockOrderId))];
  await markOrdersInProcessing(unit, orderIds, at);
  if (!yardId) {
    throw ApiError.validation([{ field: "stockyardId", message: "Say which yard you are in." }]);
  }
  return { yardId, penIds: penRows.map((p) => p.id), reason: "killFloor" };
}
