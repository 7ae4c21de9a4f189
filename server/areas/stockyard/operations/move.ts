/**
 * Moving a mob, or part of it, to another pen of the yard (spec 1 §4): it merges with the same order's
 * mob there only when confirmed. Undoable.
 */
import { ApiError } from "../../../http/errors.ts";
import { MOB_ENTITY } from "../queries.ts";
import { afterLeaving, headToMove, land, movableMob, penOf, yardOf } from "../yardTx.ts";
import { type AreaContext, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import type { Touched } from "../actions.ts";
import { undoableYardAction } from "./undo.ts";
import type { MoveBody } from "../schemas.ts";

/** Moves a mob, or part of it, to another pen of the yard; it merges with the same order's mob there. */
export function moveOrMergeMobs(ctx: AreaContext, input: In<typeof MoveBody>) {
  return undoableYardAction(ctx, input.stockMobId, input.toPenId, (unit) => moveOrMergeMobsUnit(unit, input));
}

async function moveOrMergeMobsUnit(unit: Unit, input: In<typeof MoveBody>): Promise<Touched> {
  const { mob, pen: from } = await movableMob(unit, input.stockMobId, input.lastModified);
  const to = await penOf(unit, input.toPenId);
  if (from.id === to.id) {
    throw ApiError.validation([{ field: "toPenId", message: "Choose another pen." }]);
  }
  if (from.stockyardId !== to.stockyardId) {
    throw ApiError.validation([{
      field: "toPenId",
      message: "That pen is in another yard: use “Move to another yard”.",
    }]);
  }
  const yard = await yardOf(unit, to.stockyardId);
  const head = headToMove(input.head ?? mob.head, mob.head);
  const landed = await land(unit, mob, to, yard, head, input);
  await afterLeaving(unit, from);
  // landing in the same order's mob leaves it holding more than the head moved (a split holds just it)
  const label = landed.id !== mob.id && landed.head > head
    ? `Merged ${head} head of mob ${mob.id} into mob ${landed.id} in pen ${to.name}`
    : `Moved ${head} head from pen ${from.name} to pen ${to.name}`;
  await unit.audit({
    entity: MOB_ENTITY,
    entityId: mob.id,
    action: label,
    before: { penId: from.id },
    after: { penId: to.id, head },
  });
  return { yardId: yard.id, penIds: [from.id, to.id], reason: "move", label };
}
