/**
 * Settings › Carcass Defects: the defect codes the kill floor sent in a period beside the rules that price
 * them, for the caller's species (ctx.scope). The counting is the kill floor's one grouped query.
 */
import { eq } from "drizzle-orm";
import { defectDetails } from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertPeriod } from "../../context.ts";
import { defectCounts } from "../../killFloor/queries.ts";
import { CONDEMNED_CODE, PART_CONDEMNED_CODE } from "../../invoices/rules.ts";
import { carcassDefectRows, type LiveDefectRule } from "./rules.ts";
import type { CarcassDefects, CarcassDefectsQuery } from "./schemas.ts";

/** The default period: 90 kill days up to the plant's today. */
export const DEFAULT_DAYS = 90;

export function periodOf(ctx: Pick<AreaContext, "today">, q: { fromDate?: string; toDate?: string }) {
  const toDate = q.toDate ?? ctx.today;
  return { fromDate: q.fromDate ?? addDays(toDate, -(DEFAULT_DAYS - 1)), toDate };
}

export async function carcassDefects(ctx: AreaContext, q: CarcassDefectsQuery): Promise<CarcassDefects> {
  const { fromDate, toDate } = periodOf(ctx, q);
  assertPeriod(fromDate, toDate);
  if (q.speciesId !== undefined && !ctx.scope.hasSpecies(q.speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  const speciesIds = q.speciesId === undefined ? ctx.scope.speciesIds : [q.speciesId];
  const [counts, rules] = await Promise.all([
    defectCounts(ctx.db, {
      from: fromDate,
      to: toDate,
      speciesIds,
      condemnedAs: { whole: CONDEMNED_CODE, part: PART_CONDEMNED_CODE },
    }),
    ctx.db.select({
      id: defectDetails.id,
      code: defectDetails.code,
      name: defectDetails.name,
      speciesId: defectDetails.speciesId,
      priceRule: defectDetails.priceRule,
      amount: defectDetails.amount,
    }).from(defectDetails).where(eq(defectDetails.isArchived, false)) as Promise<LiveDefectRule[]>,
  ]);
  return {
    fromDate,
    toDate,
    species: speciesIds.map((speciesId) => {
      const killed = counts.killed.get(speciesId) ?? 0;
      return {
        speciesId,
        species: ctx.scope.speciesName(speciesId),
        carcasses: killed,
        rows: carcassDefectRows(speciesId, counts.codes, killed, rules),
      };
    }),
  };
}
