/**
 * Livestock due today or earlier that is still in the yard, carried to a later production day.
 */
import { and, eq, gt } from "drizzle-orm";
import { stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { yardOf } from "../yardTx.ts";
import type { AreaContext, Unit } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { type Touched, yardAction } from "../actions.ts";
import type { CarryOverBody } from "../schemas.ts";
import { changeMob } from "../mobChange.ts";

/** Livestock due today or earlier that is still in the yard is carried to a later production day. */
export function carryOverLivestock(ctx: AreaContext, input: In<typeof CarryOverBody>) {
  return yardAction(ctx, (unit) => carryOverLivestockUnit(unit, input));
}

async function carryOverLivestockUnit(unit: Unit, input: In<typeof CarryOverBody>): Promise<Touched> {
  if (input.toDate <= unit.ctx.today) {
    throw ApiError.validation([{ field: "toDate", message: "Carry over to a day after today." }]);
  }

  const { tx } = unit;
  const yard = await yardOf(unit, input.stockyardId);
  const due = (await tx.select().from(stockMobs).where(and(
    eq(stockMobs.stockyardId, yard.id),
    gt(stockMobs.head, 0),
    gt(stockMobs.penId, 0),
  ))).filter((m) => (m.applicableProductionDate ?? "") <= unit.ctx.today);
  for (const mob of due) {
    await changeMob(unit, mob, { applicableProductionDate: input.toDate }, {
      action: `Carried over to ${input.toDate}`,
      before: { applicableProductionDate: mob.applicableProductionDate },
      after: { applicableProductionDate: input.toDate },
    });
  }
  return { yardId: yard.id, penIds: [...new Set(due.map((m) => m.penId!))], reason: "carryOver" };
}
