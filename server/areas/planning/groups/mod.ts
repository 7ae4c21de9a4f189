/**
 * Production planning › carcass groups. The kept groups of a kill day are dropped when the kill floor
 * reports carcasses of the day or the kill agenda of the day changes (after their commit, in a unit of
 * its own: server/areas/reactions.ts).
 */
import { defineArea } from "../../area.ts";
import type { AreaContext } from "../../context.ts";
import { carcassGroupsApi } from "./api.ts";
import { dropKeptDays } from "./operations.ts";

const drop = (ctx: AreaContext, q: Parameters<typeof dropKeptDays>[1]) =>
  ctx.write(async (_, unit) => void await dropKeptDays(unit, q));

export const carcassGroupsArea = defineArea({
  name: "production planning › carcass groups",
  api: [carcassGroupsApi],
  reactions: {
    killFloorDataReceived: (ctx, payload) =>
      drop(ctx, { days: (payload as { productionDates: string[] }).productionDates }),
    killAgendaUpdated: (ctx, payload) => {
      const p = payload as { siteId: number; speciesId: number; dates: string[] };
      return drop(ctx, { speciesId: p.speciesId, tenantSiteId: p.siteId, days: p.dates });
    },
  },
});
