/**
 * A mob sent to another yard of the site (spec 1 §4): it shows there as arriving until unloaded.
 */
import { ApiError } from "../../../http/errors.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { afterLeaving, assertYardTakes, movableMob, yardOf } from "../yardTx.ts";
import type { AreaContext, Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { MoveBetweenYardsBody } from "../schemas.ts";
import { changeMob } from "../mobChange.ts";

/** A mob leaves its pen for another yard of the site; it shows there as arriving until unloaded. */
export function moveBetweenYards(ctx: AreaContext, input: In<typeof MoveBetweenYardsBody>) {
  return yardAction(ctx, (unit) => moveBetweenYardsUnit(unit, input));
}

async function moveBetweenYardsUnit(unit: Unit, input: In<typeof MoveBetweenYardsBody>): Promise<Touched> {
  const { mob, pen } = await movableMob(unit, input.stockMobId, input.lastModified);
  const from = await yardOf(unit, pen.stockyardId);
  const to = await yardOf(unit, input.toStockyardId);
  if (to.id === from.id || to.tenantSiteId !== from.tenantSiteId) {
    throw ApiError.validation([{ field: "toStockyardId", message: "Choose another yard of this site." }]);
  }
  assertYardTakes(to, mob);
  await changeMob(unit, mob, {
    penId: null,
    stockyardId: to.id,
    separatedHead: 0,
    mobStatus: MOB_STATUS.MovingBetweenYards,
  }, {
    action: `Moving from ${from.name} (pen ${pen.name}) to ${to.name}`,
    before: { mobStatus: mob.mobStatus, stockyardId: from.id },
    after: { mobStatus: MOB_STATUS.MovingBetweenYards, stockyardId: to.id },
  });
  await afterLeaving(unit, pen);
  return { yardId: from.id, penIds: [pen.id], reason: "moveYard", alsoYardId: to.id };
}
