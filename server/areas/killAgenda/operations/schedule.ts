/**
 * ScheduleMob and AddUnscheduledMob (spec 1 §4 planning): a mob planned for a production day, joining that
 * day's agenda last or at a place; an unscheduled mob (spec 1 §4) only while it still is one. The spec's
 * drop rule decides first.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { planMobForKill } from "../../stockyard/writes.ts";
import { agendaMob, boxedLotOf, itemsOf, syncDay, writeItems } from "../agendaTx.ts";
import { announceDays, answerDays, refused } from "../changes.ts";
import { isUnscheduled, lotName, moveGroup, refuseDrop } from "../rules.ts";
import type { AddUnscheduledMobBody, ScheduleMobBody } from "../schemas.ts";

/** ScheduleMob: a mob planned for a production day (it joins that day's agenda last). */
export function scheduleMob(ctx: AreaContext, input: In<typeof ScheduleMobBody>) {
  return schedule(ctx, input, undefined, false);
}

/** AddUnscheduledMob: an unscheduled mob put on a day, at a place or last. */
export function addUnscheduledMob(ctx: AreaContext, input: In<typeof AddUnscheduledMobBody>) {
  return schedule(ctx, input, input.toIndex, true);
}

async function schedule(
  ctx: AreaContext,
  input: In<typeof ScheduleMobBody>,
  toIndex: number | undefined,
  onlyUnscheduled: boolean,
) {
  const days = await ctx.write(async (tx, unit) => {
    const mob = await agendaMob(ctx, tx, input.stockMobId, input.lastModified);
    const unscheduled = isUnscheduled(mob, ctx.today);
    if (onlyUnscheduled && !unscheduled) {
      throw ApiError.conflict(
        `That mob is already planned for ${mob.applicableProductionDate}. The agenda has been reloaded.`,
      );
    }
    const lot = lotName(mob.agendaLotReference, mob.livestockOrderId);
    const why = refuseDrop(
      { mobStatus: mob.mobStatus, isUnscheduled: unscheduled, lot },
      input.productionDate,
      ctx.today,
    );
    if (why) throw refused("stockMobId", why);
    if (mob.applicableProductionDate === input.productionDate) {
      throw ApiError.conflict(`That mob is already planned for ${input.productionDate}.`);
    }
    const key = { date: input.productionDate, speciesId: mob.speciesId, siteId: mob.tenantSiteId ?? 0 };
    const old = mob.applicableProductionDate && mob.applicableProductionDate >= ctx.today
      ? { ...key, date: mob.applicableProductionDate }
      : null;
    await planMobForKill(unit, mob, input.productionDate);
    const agendas = [await syncDay(unit, key)];
    if (toIndex !== undefined) {
      const items = await itemsOf(tx, agendas[0].id);
      const at = items.findIndex((i) => i.stockMobId === mob.id);
      // a boxed lot moves whole and is never cut in two by the mob put among it
      await writeItems(unit, agendas[0], moveGroup(items, await boxedLotOf(tx, items), at, toIndex), items);
    }
    if (old) agendas.push(await syncDay(unit, old));
    return announceDays(unit, agendas, "scheduleMob");
  });
  return answerDays(ctx, days);
}
