/**
 * RecallMob (spec 1 §7 api/KillAgendaManagement/): a mob sent to the kill floor goes back to its yard; it
 * arrives there to be unloaded into a pen, and its order leaves processing when nothing else of it is at
 * the kill floor. The mob is the stockyard's and the order the orders area's: their functions write them
 * (and the stockyard announces the yard); the day is brought up to date here.
 */
import { and, eq } from "drizzle-orm";
import { carcasses, stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { leaveProcessing } from "../../livestock/orders/writes.ts";
import { recallMobToYard } from "../../stockyard/writes.ts";
import { agendaMob, syncDay } from "../agendaTx.ts";
import { announceDays, answerDays } from "../changes.ts";
import type { RecallMobBody } from "../schemas.ts";

export async function recallMob(ctx: AreaContext, input: In<typeof RecallMobBody>) {
  const days = await ctx.write(async (tx, unit) => {
    const mob = await agendaMob(ctx, tx, input.stockMobId, input.lastModified);
    if (mob.mobStatus !== MOB_STATUS.AtKillFloor) {
      throw ApiError.conflict("That mob is not at the kill floor. The agenda has been reloaded.");
    }
    const [recorded] = await tx.select({ id: carcasses.id }).from(carcasses)
      .where(eq(carcasses.stockMobId, mob.id)).limit(1);
    if (recorded) {
      throw ApiError.conflict(
        "The plant has already recorded carcasses of this mob: it was killed. Correct its carcasses instead.",
      );
    }
    if (mob.stockyardId === null) {
      throw ApiError.validation([{
        field: "stockMobId",
        message: "That mob never was in a yard to go back to.",
      }]);
    }
    await recallMobToYard(unit, { ...mob, stockyardId: mob.stockyardId }, input.reason);
    const stillAtFloor = await tx.select({ id: stockMobs.id }).from(stockMobs).where(and(
      eq(stockMobs.livestockOrderId, mob.livestockOrderId),
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
    ));
    if (!stillAtFloor.length) await leaveProcessing(unit, mob.livestockOrderId);
    const day = mob.applicableProductionDate;
    const agendas = day
      ? [await syncDay(unit, { date: day, speciesId: mob.speciesId, siteId: mob.tenantSiteId ?? 0 })]
      : [];
    return announceDays(unit, agendas, "recall");
  });
  return answerDays(ctx, days);
}
