/**
 * CorrectCarcass (module killFloorCorrections): the weight, fat, grade, dentition or condemnation of one
 * carcass changed with a reason, audited; the order's totals follow (the orders area writes them) and the
 * day is announced after the commit.
 */
import { eq } from "drizzle-orm";
import { carcasses } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { changedValues } from "../../audit.ts";
import { noteCarcassCorrected } from "../../livestock/orders/writes.ts";
import { rebuildAfterKillFloorChange } from "../../yield/writes.ts";
import { refreshOrderTotals } from "../totals.ts";
import { announceKillFloorData } from "./importCarcasses.ts";
import type { CorrectCarcassBody } from "../schemas.ts";

export const CARCASS_ENTITY = "Carcass";

export async function correctCarcass(ctx: AreaContext, input: In<typeof CorrectCarcassBody>) {
  const { carcassId, lastModified, reason, ...change } = input;
  const fields = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (!Object.keys(fields).length) {
    throw ApiError.validation([{ field: "carcassId", message: "Change at least one value." }]);
  }
  return await ctx.write(async (tx, unit) => {
    const [carcass] = await tx.select().from(carcasses).where(eq(carcasses.id, carcassId));
    if (!carcass) throw ApiError.notFound("That carcass is not recorded here.");
    assertUnchanged(carcass, lastModified, "carcass");
    const next = { ...carcass, ...fields };
    if (next.condemned !== "none" && !next.condemnedReason) {
      throw ApiError.validation([{
        field: "condemnedReason",
        message: "Say why the carcass was condemned.",
      }]);
    }
    if (next.condemned !== "whole" && next.hscwKg <= 0) {
      throw ApiError.validation([{ field: "hscwKg", message: "A carcass that passed needs its weight." }]);
    }
    if (next.condemned === "whole") fields.hscwKg = 0;
    if (next.condemned === "none") fields.condemnedReason = null;
    const { before, after } = changedValues(carcass as Record<string, unknown>, fields);
    if (!Object.keys(after).length) throw ApiError.conflict("The carcass already has those values.");
    const [row] = await tx.update(carcasses).set({
      ...fields,
      isCorrected: true,
      lastModified: nextModified(carcass.lastModified),
    }).where(eq(carcasses.id, carcass.id)).returning();
    await unit.audit({
      entity: CARCASS_ENTITY,
      entityId: carcass.id,
      action: `Body ${carcass.bodyNumber} of ${carcass.productionDate} corrected`,
      before,
      after,
      reason,
    });
    await refreshOrderTotals(unit, [carcass.livestockOrderId], new Date().toISOString());
    await noteCarcassCorrected(unit, carcass.livestockOrderId);
    // the runs that boned the mob count their HSCW again (the yield area writes its summaries)
    await rebuildAfterKillFloorChange(unit, {
      stockMobIds: [carcass.stockMobId],
      killDates: [carcass.productionDate],
    });
    announceKillFloorData(unit, [row.productionDate], [], "correction");
    return row;
  });
}
