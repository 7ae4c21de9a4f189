/**
 * The days after the one on screen (spec 1 §9 agendaPlanningDays, Settings › Stock settings): how many
 * head are planned for each and the day's target, so the person running today's kill sees what is coming
 * without opening the planner. Two summing queries a day over the same selections the agenda is built
 * from (agendaTx.ts), so the figures match the day once it is opened; nothing is built or written here.
 */
import { count, eq, sql, sum } from "drizzle-orm";
import { killVolumeTargets, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { getStockSettings } from "../settings/operations/stockSettings.ts";
import { type DayKey, expectedOrdersOfDay, mobsOfDay } from "./agendaTx.ts";
import { agendaTarget } from "./rules.ts";

export interface ComingDay {
  date: string;
  lots: number;
  head: number;
  target: number;
}

/** The organisation's agendaPlanningDays days after `date`, for the species and site of that day. */
export async function comingDays(ctx: AreaContext, key: DayKey): Promise<ComingDay[]> {
  const { agendaPlanningDays } = await getStockSettings(ctx);
  const targets = await ctx.db.select().from(killVolumeTargets).where(
    eq(killVolumeTargets.speciesId, key.speciesId),
  );
  return Promise.all(
    Array.from({ length: agendaPlanningDays }, async (_, i): Promise<ComingDay> => {
      const day = { ...key, date: addDays(key.date, i + 1) };
      const [[mobs], [orders]] = await Promise.all([
        ctx.db.select({ lots: count(), head: sum(stockMobs.head) }).from(stockMobs).where(mobsOfDay(day)),
        ctx.db.select({
          lots: count(),
          head: sum(sql`coalesce(${livestockOrders.declaredQuantity}, ${livestockOrders.quantityOrdered})`),
        }).from(livestockOrders).where(expectedOrdersOfDay(ctx.db, day)),
      ]);
      return {
        date: day.date,
        lots: mobs.lots + orders.lots,
        head: Number(mobs.head ?? 0) + Number(orders.head ?? 0),
        target: agendaTarget(targets, {
          speciesId: key.speciesId,
          productionDate: day.date,
          tenantSiteId: key.siteId,
        }),
      };
    }),
  );
}
