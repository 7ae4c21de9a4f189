/**
 * SimulateKill (demo and tests): what the plant's systems would send for the day's mobs at the kill floor
 * that have no carcass records yet, body numbers after the day's last, through the one import.
 */
import { and, eq, inArray, max } from "drizzle-orm";
import { carcasses, livestockOrders, stockMobs } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { killFloorDay } from "../queries.ts";
import { simulateKill } from "../simulator.ts";
import { importCarcasses } from "./importCarcasses.ts";
import type { SimulateKillBody } from "../schemas.ts";

export async function simulate(ctx: AreaContext, input: In<typeof SimulateKillBody>) {
  const day = await killFloorDay(ctx, input);
  const waiting = day.mobs.filter((m) => m.awaiting > 0 && m.processed === 0);
  if (!waiting.length) {
    throw ApiError.validation([{
      field: "date",
      message: "No mob at the kill floor that day is waiting for carcass records.",
    }]);
  }
  const mobs = await ctx.db.select({
    stockMobId: stockMobs.id,
    livestockOrderId: stockMobs.livestockOrderId,
    speciesId: stockMobs.speciesId,
    speciesCategoryId: stockMobs.speciesCategoryId,
    head: stockMobs.head,
    pic: stockMobs.pic,
    isMsaEligible: livestockOrders.isMsaEligible,
  }).from(stockMobs).innerJoin(livestockOrders, eq(livestockOrders.id, stockMobs.livestockOrderId))
    .where(and(
      eq(stockMobs.mobStatus, MOB_STATUS.AtKillFloor),
      inArray(stockMobs.id, waiting.map((m) => m.stockMobId)),
    ));
  const [{ last }] = await ctx.db.select({ last: max(carcasses.bodyNumber) }).from(carcasses).where(and(
    eq(carcasses.productionDate, day.date),
    eq(carcasses.speciesId, day.speciesId),
    eq(carcasses.tenantSiteId, day.siteId),
  ));
  const rows = simulateKill(mobs.map((m) => ({ ...m, lot: null })), {
    productionDate: day.date,
    seed: Date.parse(day.date) / 86_400_000 + day.speciesId,
    firstBodyNumber: (last ?? 0) + 1,
  });
  // plain copies: a row is read field by field like any sender's
  return importCarcasses(ctx, rows.map((r) => ({ ...r })), {
    kind: "simulator",
    name: "Plant simulator",
  });
}
