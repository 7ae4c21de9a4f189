/**
 * "Process test orders" (issue 43 item 3, spec 3 §7 "support: … process test orders"): in a processor
 * marked demo or test, the day's orders whose mobs wait at the kill floor are killed through the kill
 * floor's own simulator and import (SimulateKill, per species and site), so their orders count as
 * processed and their draft invoices and the yield screens have that day. Nothing is invented around
 * the orders: mobs not yet at the kill floor stay where they are. One super action in the audit.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { simulate } from "../../killFloor/operations/simulate.ts";
import { recordSuperAction } from "../writes.ts";
import { tenantContext } from "../tenantContext.ts";
import { demoMarkOf } from "./operations.ts";
import { testOrdersWords } from "./rules.ts";

export interface TestOrdersStep {
  speciesName: string;
  siteName: string;
  carcasses: number;
  completedOrders: number;
}

export async function processTestOrders(ctx: AreaContext, input: { tenantId: number; date?: string }) {
  const there = await tenantContext(ctx, input.tenantId);
  if (there.tenant.category !== "processor" || !await demoMarkOf(ctx, input.tenantId)) {
    throw ApiError.forbidden(
      `${there.tenant.name} is not a processor marked demo or test: test orders are processed only there.`,
    );
  }
  const date = input.date ?? there.today;
  const steps: TestOrdersStep[] = [];
  for (const kind of there.caller.species) {
    for (const site of there.caller.sites) {
      try {
        const done = await simulate(there, { date, speciesId: kind.id, tenantSiteId: site.id });
        steps.push({
          speciesName: kind.name,
          siteName: site.name,
          carcasses: done.added + done.replaced,
          completedOrders: done.completedOrderIds.length,
        });
      } catch (error) {
        // nothing waits at this kill floor (a 400 in words from the simulator): the next one
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
      }
    }
  }
  const answer = {
    tenantId: input.tenantId,
    date,
    steps,
    message: testOrdersWords(there.tenant.name, date, steps),
  };
  await recordSuperAction(ctx, { tenantId: input.tenantId, action: "ProcessTestOrders", detail: answer });
  return answer;
}
