/**
 * Reprocessing (spec 1 §1 and 2 §2.3 "reprocess"; its work is not shown): after a correction outside the
 * app's own screens (a carcass upload replaced, data loaded by the super user, a fault in a plant's
 * feed), a tenant's kill days are worked through again by the kill floor area's own recount
 * (killFloor/writes.ts recountKillDays) in that tenant. Audited; the answer says what it did in words.
 */
import { ApiError } from "../../../http/errors.ts";
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { recountKillDays } from "../../killFloor/writes.ts";
import { recordSuperAction } from "../writes.ts";
import { findTenant, tenantContext } from "../tenantContext.ts";
import type { ReprocessBody, ReprocessResult } from "./schemas.ts";

export async function reprocessKillData(
  ctx: AreaContext,
  input: In<typeof ReprocessBody>,
): Promise<In<typeof ReprocessResult>> {
  const tenant = await findTenant(ctx, input.tenantId);
  if (tenant.category !== "processor") {
    throw ApiError.validation([{
      field: "tenantId",
      message: "Only a processor has kill data to reprocess.",
    }]);
  }
  const there = await tenantContext(ctx, tenant.id);
  const outcome = await there.write((_, unit) => recountKillDays(unit, input.fromDate, input.toDate));
  const result = {
    tenantId: tenant.id,
    fromDate: input.fromDate,
    toDate: input.toDate,
    carcasses: outcome.carcasses,
    orders: outcome.orderIds.length,
    completed: outcome.completed.length,
    drafts: outcome.drafts.length,
  };
  await recordSuperAction(ctx, { tenantId: tenant.id, action: "ReprocessKillData", detail: result });
  return { ...result, summary: reprocessSummary(result) };
}

const many = (n: number, one: string, more = `${one}s`) =>
  `${n.toLocaleString("en-AU")} ${n === 1 ? one : more}`;

/** What a run did, in words for the screen. */
export function reprocessSummary(
  r: { carcasses: number; orders: number; completed: number; drafts: number },
) {
  if (!r.carcasses) return "No carcass was recorded on those days: nothing to reprocess.";
  return `${many(r.carcasses, "carcass", "carcasses")} of ${many(r.orders, "order")} counted again; ` +
    `${many(r.completed, "order")} now complete; ${many(r.drafts, "draft invoice")} to be recomputed.`;
}
