/**
 * Reprocessing (spec 1 §1 and 2 §2.3 "reprocess"; its work is not shown): after a correction outside the
 * app's own screens (a carcass upload replaced, data loaded by the super user, a fault in a plant's
 * feed), a tenant's kill days are worked through again by the kill floor area's own recount
 * (KillFloorCommands.recount) in that tenant. Audited; the answer says what it did in words.
 */
import type { z } from "@hono/zod-openapi";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { KillFloorCommands } from "../../killFloor/commands.ts";
import { recordSuperAudit } from "../audit.ts";
import { findTenant, tenantContext } from "../tenantContext.ts";
import type { ReprocessBody, ReprocessResult } from "./schemas.ts";

export class SuperReprocessService {
  constructor(private readonly ctx: AreaContext) {}

  async reprocess(input: z.output<typeof ReprocessBody>): Promise<z.output<typeof ReprocessResult>> {
    const tenant = await findTenant(this.ctx, input.tenantId);
    if (tenant.category !== "processor") {
      throw ApiError.validation([{
        field: "tenantId",
        message: "Only a processor has kill data to reprocess.",
      }]);
    }
    const outcome = await new KillFloorCommands(await tenantContext(this.ctx, tenant.id))
      .recount(input.fromDate, input.toDate);
    const result = {
      tenantId: tenant.id,
      fromDate: input.fromDate,
      toDate: input.toDate,
      carcasses: outcome.carcasses,
      orders: outcome.orderIds.length,
      completed: outcome.completed.length,
      drafts: outcome.drafts.length,
    };
    const summary = reprocessSummary(result);
    await recordSuperAudit(this.ctx.app.db.control, this.ctx.caller, {
      tenantId: tenant.id,
      action: "ReprocessKillData",
      detail: result,
    });
    return { ...result, summary };
  }
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
