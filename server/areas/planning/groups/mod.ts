/**
 * Production planning › carcass groups. The kept groups of a kill day are dropped when the kill floor
 * reports carcasses of the day or the kill agenda of the day changes, and from today on when orders change
 * (a production day moved changes the predicted days; after their commit, in a unit of its own:
 * server/areas/reactions.ts). A carcass type's rules changing drops its species' (specifications/).
 */
import { defineArea } from "../../area.ts";
import type { AreaContext } from "../../context.ts";
import { carcassGroupsApi } from "./api.ts";
import { dropKeptDays, dropKeptFrom } from "./operations.ts";

const drop = (ctx: AreaContext, q: Parameters<typeof dropKeptDays>[1]) =>
  ctx.write(async (_, unit) => void await dropKeptDays(unit, q));

export const carcassGroupsArea = defineArea({
  name: "production planning › carcass groups",
  api: [carcassGroupsApi],
  reactions: {
    killFloorDataReceived: (ctx, payload) => drop(ctx, { days: payload.productionDates }),
    killAgendaUpdated: (ctx, p) =>
      drop(ctx, { speciesId: p.speciesId, tenantSiteId: p.siteId, days: p.dates }),
    // the payload names no production day (an order may have left one): every predicted day goes
    deliveryStatusUpdated: (ctx) =>
      ctx.write(async (_, unit) => void await dropKeptFrom(unit, { fromDay: ctx.today })),
  },
});
