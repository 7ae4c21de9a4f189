/**
 * The super user's tenant-wide push actions (spec 2 §7.6, §7.7), from an organisation's page: everyone
 * reloads, everyone is signed out, who is online.
 */
import type { AreaContext } from "../../../context.ts";
import type { OnlineUser } from "../../../../push/hub.ts";
import { controlWrite } from "../../controlUnit.ts";
import { recordSuperAction } from "../../writes.ts";
import { findTenant } from "../../tenantContext.ts";

const DEFAULT_REFRESH_REASON = "A super user refreshed your data.";
const DEFAULT_LOGOUT_REASON = "A super user signed everyone out.";

type Notice = { tenantId: number; reason: string };

/** Every client of the tenant reloads its data. */
export async function forceRefresh(ctx: AreaContext, input: Notice) {
  await findTenant(ctx, input.tenantId);
  const connectionsTold = ctx.app.push.hub.connectionCount(input.tenantId);
  await controlWrite(ctx, async (_, unit) => {
    await unit.audit({
      tenantId: input.tenantId,
      action: "ForceRefresh",
      detail: { reason: input.reason, connectionsTold },
    });
    unit.announce(input.tenantId, "forceRefresh", { reason: input.reason || DEFAULT_REFRESH_REASON });
  });
  return { tenantId: input.tenantId, connectionsTold, sessionsEnded: 0 };
}

/**
 * Everyone working in the tenant is signed out: clients are told first (they go to the sign-in page),
 * then the sessions end on the server, so a client that ignores the event is refused all the same.
 * The super user's own session survives. The sign-out is the action itself (no change of ours waits
 * for a commit); its audit row records how many sessions it ended.
 */
export async function forceTotalLogout(ctx: AreaContext, input: Notice) {
  await findTenant(ctx, input.tenantId);
  const connectionsTold = ctx.app.push.hub.connectionCount(input.tenantId);
  await ctx.app.push.emit(input.tenantId, "forceTotalLogout", {
    reason: input.reason || DEFAULT_LOGOUT_REASON,
  });
  const sessionsEnded = await ctx.app.sessions.invalidateAllForTenant(input.tenantId, ctx.caller.session.id);
  await recordSuperAction(ctx, {
    tenantId: input.tenantId,
    action: "ForceTotalLogout",
    detail: { reason: input.reason, sessionsEnded },
  });
  return { tenantId: input.tenantId, connectionsTold, sessionsEnded };
}

export async function onlineUsers(ctx: AreaContext, tenantId: number): Promise<OnlineUser[]> {
  await findTenant(ctx, tenantId);
  return ctx.app.push.hub.whoIsOnline(tenantId);
}
