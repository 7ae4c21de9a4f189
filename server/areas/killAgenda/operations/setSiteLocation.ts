/** SetSiteLocation (spec 1 §7 "Kill agenda"): the kill floor the day's stock is killed on (its mobs carry it). */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { moveMobsToKillFloor } from "../../stockyard/writes.ts";
import { agendaIn, auditAgenda, itemsOf, killFloorsOf, touchAgenda } from "../agendaTx.ts";
import { announceDays, answerDays, refused } from "../changes.ts";
import type { SetSiteLocationBody } from "../schemas.ts";

export async function setSiteLocation(ctx: AreaContext, input: In<typeof SetSiteLocationBody>) {
  const days = await ctx.write(async (tx, unit) => {
    const agenda = await agendaIn(unit, input.killAgendaId, input.lastModified);
    const floor = (await killFloorsOf(tx, agenda.tenantSiteId)).find((f) => f.id === input.siteLocationId);
    if (!floor) throw refused("siteLocationId", "Choose a kill floor of this site.");
    if (floor.id === agenda.siteLocationId) throw ApiError.conflict(`The day is already on ${floor.name}.`);
    const mobIds = (await itemsOf(tx, agenda.id)).flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
    await moveMobsToKillFloor(unit, mobIds, floor.id);
    await auditAgenda(unit, { entityId: agenda.id, action: `Kill floor set to ${floor.name}` });
    return announceDays(
      unit,
      [await touchAgenda(unit, agenda, { siteLocationId: floor.id })],
      "siteLocation",
    );
  });
  return answerDays(ctx, days);
}
