/**
 * The testing home's info call (spec 3 §7 "testing home info": reprocessingClients and
 * interchangeClientStatus): the yield reprocessing clients, and every interchange client the caller may
 * look after, sorted errors first, read through the kill floor's own interchange reads in each tenant
 * (a super user: every processor; a tester or support user: their own organisation). A reset of a
 * client goes through the kill floor's own reset in its tenant.
 */
import { asc, eq } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { tenants } from "../../../../../db/control/schema.ts";
import { ApiError } from "../../../../http/errors.ts";
import { serverNow } from "../../../../clock.ts";
import type { In } from "../../../areaApi.ts";
import type { AreaContext } from "../../../context.ts";
import { interchangeClients } from "../../../killFloor/queries.ts";
import { interchangeOrder } from "../../../killFloor/rules.ts";
import { resetDataFlow } from "../../../killFloor/operations/interchange.ts";
import type { InterchangeClient } from "../../../killFloor/schemas.ts";
import { reprocessingClients } from "../../yieldReprocess/operations.ts";
import { saveInTenant, tenantContext } from "../../tenantContext.ts";
import { interchangeState, type InterchangeTenant } from "../rules.ts";
import type { ResetTenantDataFlowBody, TestingHomeInfo } from "../schemas.ts";

type Client = z.output<typeof InterchangeClient> & { tenantId: number };

/** The processors whose interchange the caller looks after. */
async function lookedAfter(ctx: AreaContext, ownOnly = false) {
  const own = ownOnly || ctx.caller.subject.roleLevel !== "super";
  return await ctx.app.db.control.select({ id: tenants.id, name: tenants.name }).from(tenants)
    .where(own ? eq(tenants.id, ctx.tenantId) : eq(tenants.category, "processor"))
    .orderBy(asc(tenants.name))
    .then((rows) => own && ctx.caller.tenant.category !== "processor" ? [] : rows);
}

/** `ownOnly`: the caller's own organisation even for a super user (the /tester home). */
export async function testingHomeInfo(
  ctx: AreaContext,
  { ownOnly = false, now = serverNow() }: { ownOnly?: boolean; now?: Date } = {},
): Promise<In<typeof TestingHomeInfo>> {
  const [clientsOpen, processors] = await Promise.all([
    reprocessingClients(ctx, ownOnly),
    lookedAfter(ctx, ownOnly),
  ]);
  const read = await Promise.all(
    processors.map(async (t) => ({ t, rows: await interchangeClients(await tenantContext(ctx, t.id), now) })),
  );
  const clients: Client[] = read.flatMap(({ t, rows }) => rows.map((r) => ({ ...r, tenantId: t.id })));
  const byTenant: InterchangeTenant[] = read.map(({ t, rows }) => ({
    tenantId: t.id,
    tenantName: t.name,
    clients: rows.length,
    enabled: rows.filter((r) => r.hasInterchangeEnabled).length,
    live: rows.filter((r) => r.hasInterchangeEnabled && !r.isSilent).length,
  }));
  const state = interchangeState(byTenant);
  return {
    reprocessingClients: clientsOpen,
    interchangeClientStatus: {
      ...state,
      tenants: byTenant.map((t) => ({ ...t, isAvailable: t.live > 0 })),
      clients: interchangeOrder(clients),
    },
  };
}

/** A client's data flow reset in its own organisation (one the caller looks after), audited there and here. */
export async function resetTenantDataFlow(ctx: AreaContext, input: In<typeof ResetTenantDataFlowBody>) {
  if (!(await lookedAfter(ctx)).some((t) => t.id === input.tenantId)) {
    throw ApiError.forbidden("You do not look after that organisation's interchange.");
  }
  return saveInTenant(ctx, input, "ResetDataFlow", resetDataFlow, (_, body) => ({
    clientId: body.clientId,
    force: body.force,
  }));
}
