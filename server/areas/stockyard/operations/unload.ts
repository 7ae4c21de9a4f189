/**
 * Unloading a delivery into a pen (spec 1 §5 load rule): a waiting load, or a mob arriving from another
 * yard, all or part of it; a merge or head above the pen's capacity only when confirmed. Undoable.
 */
import { ApiError } from "../../../http/errors.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { isMovable } from "../rules.ts";
import { MOB_ENTITY } from "../queries.ts";
import { assertYardTakes, currentMob, headToMove, land, penOf, yardOf } from "../yardTx.ts";
import { countUnloadedHead } from "../../livestock/orders/writes.ts";
import { type AreaContext, type Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import type { Touched } from "../actions.ts";
import { undoableYardAction } from "./undo.ts";
import type { UnloadBody } from "../schemas.ts";

/** Unloads a waiting delivery (or a mob arriving from another yard) into a pen, all or part of it. */
export function unloadDeliveryToPen(ctx: AreaContext, input: In<typeof UnloadBody>) {
  return undoableYardAction(
    ctx,
    input.stockMobId,
    input.penId,
    (unit) => unloadDeliveryToPenUnit(unit, input),
  );
}

async function unloadDeliveryToPenUnit(unit: Unit, input: In<typeof UnloadBody>): Promise<Touched> {
  const mob = await currentMob(unit, input.stockMobId, input.lastModified);
  const pen = await penOf(unit, input.penId);
  const yard = await yardOf(unit, pen.stockyardId);
  const arriving = mob.mobStatus === MOB_STATUS.MovingBetweenYards && mob.stockyardId === yard.id;
  const waiting = mob.penId === null && mob.stockyardId === null && !mob.isInBin &&
    isMovable(mob.mobStatus);
  if (!arriving && !waiting) {
    throw ApiError.conflict("That mob has already been unloaded. The yard has been reloaded.");
  }
  assertYardTakes(yard, mob);
  const head = headToMove(input.head ?? mob.head, mob.head);
  const target = await land(unit, mob, pen, yard, head, input);
  const label = `Unloaded ${head} head into pen ${pen.name}`;
  await unit.audit({
    entity: MOB_ENTITY,
    entityId: target.id,
    action: `${label} (${yard.name})`,
    after: { penId: pen.id, head },
  });
  if (waiting) await countUnloadedHead(unit, mob.livestockOrderId, head);
  return { yardId: yard.id, penIds: [pen.id], reason: "unload", label };
}
