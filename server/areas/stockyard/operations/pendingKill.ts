/**
 * A pen's content marked pending the kill floor, or the mark taken off (spec 1 §4).
 */
import { eq } from "drizzle-orm";
import { pens } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { statusWhenMarkedPending, statusWhenUnmarkedPending } from "../rules.ts";
import { contents, PEN_CHANGED, penOf, yardOf } from "../yardTx.ts";
import { type AreaContext, nextModified, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { PendingKillBody } from "../schemas.ts";
import { changeMob } from "../mobChange.ts";

/** Marks a pen's content pending the kill floor (status rises) or takes the mark off (spec 1 §4). */
export function markPenPendingKill(ctx: AreaContext, input: In<typeof PendingKillBody>) {
  return yardAction(ctx, (unit) => markPenPendingKillUnit(unit, input));
}

async function markPenPendingKillUnit(unit: Unit, input: In<typeof PendingKillBody>): Promise<Touched> {
  const { tx } = unit;
  const pen = await penOf(unit, input.penId);
  if (pen.lastModified !== input.lastModified) throw ApiError.conflict(PEN_CHANGED);
  await yardOf(unit, pen.stockyardId);
  const content = await contents(unit, pen.id);
  if (input.isPending && !content.length) {
    throw ApiError.validation([{ field: "penId", message: `Pen ${pen.name} is empty.` }]);
  }
  for (const mob of content) {
    const mobStatus = input.isPending
      ? statusWhenMarkedPending(mob.mobStatus)
      : statusWhenUnmarkedPending(mob.mobStatus);
    if (mobStatus === mob.mobStatus) continue;
    await changeMob(unit, mob, { mobStatus }, {
      action: input.isPending
        ? `Pen ${pen.name} marked pending kill`
        : `Pen ${pen.name} no longer pending kill`,
      before: { mobStatus: mob.mobStatus },
      after: { mobStatus },
    });
  }
  await tx.update(pens).set({
    isContentPendingKill: input.isPending,
    lastModified: nextModified(pen.lastModified),
  })
    .where(eq(pens.id, pen.id));
  return { yardId: pen.stockyardId, penIds: [pen.id], reason: "pending" };
}
