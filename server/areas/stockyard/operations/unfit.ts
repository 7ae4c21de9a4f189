/**
 * The yard's unfit bin (spec 1 §4): head taken out of a mob into it with the reason, and the bin emptied.
 */
import { and, eq } from "drizzle-orm";
import { stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { MOB_ENTITY } from "../queries.ts";
import { afterLeaving, headToMove, movableMob, split, yardOf } from "../yardTx.ts";
import type { AreaContext, Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { UnfitBody } from "../schemas.ts";
import { changeMob } from "../mobChange.ts";

/** Takes head out of a mob into the yard's unfit bin, with the reason (spec 1 §4). */
export function sendToUnfit(ctx: AreaContext, input: In<typeof UnfitBody>) {
  return yardAction(ctx, (unit) => sendToUnfitUnit(unit, input));
}

async function sendToUnfitUnit(unit: Unit, input: In<typeof UnfitBody>): Promise<Touched> {
  const { mob, pen } = await movableMob(unit, input.stockMobId, input.lastModified);
  const yard = await yardOf(unit, pen.stockyardId);
  if (!yard.isIncludeUnfitBin) {
    throw ApiError.validation([{ field: "stockMobId", message: `${yard.name} has no unfit bin.` }]);
  }
  const head = headToMove(input.head, mob.head);
  await split(unit, mob, head, {
    penId: null,
    stockyardId: yard.id,
    isInBin: true,
    mobStatus: MOB_STATUS.Unfit,
    separatedHead: 0,
    reasonSentToBin: input.reason,
  });
  await afterLeaving(unit, pen);
  await unit.audit({
    entity: MOB_ENTITY,
    entityId: mob.id,
    action: `Sent ${head} head from pen ${pen.name} to the unfit bin`,
    reason: input.reason,
  });
  return { yardId: yard.id, penIds: [pen.id], reason: "unfit" };
}

/** The bin's head are taken away (condemned or sent off): they leave the yard, still counted as unfit. */
export function emptyBin(ctx: AreaContext, stockyardId: number) {
  return yardAction(ctx, (unit) => emptyBinUnit(unit, stockyardId));
}

async function emptyBinUnit(unit: Unit, stockyardId: number): Promise<Touched> {
  const { tx } = unit;
  const yard = await yardOf(unit, stockyardId);
  const inBin = await tx.select().from(stockMobs)
    .where(and(eq(stockMobs.stockyardId, yard.id), eq(stockMobs.isInBin, true)));
  if (!inBin.length) throw ApiError.conflict("The bin is already empty.");
  const at = new Date().toISOString();
  for (const mob of inBin) {
    await changeMob(unit, mob, { isInBin: false, binEmptiedAt: at }, {
      action: `Unfit bin of ${yard.name} emptied (${mob.head} head)`,
    });
  }
  return { yardId: yard.id, penIds: [], reason: "emptyBin" };
}
