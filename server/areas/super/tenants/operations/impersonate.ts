import type { AreaContext } from "../../../context.ts";
import { recordSuperAction } from "../../writes.ts";

/**
 * Impersonate: the super user works in another tenant (a new session there, audited). Answers the new
 * session's token and when it ends, for the API to set the browser's cookie.
 */
export async function enterTenant(ctx: AreaContext, tenantId: number) {
  const { token, caller } = await ctx.app.auth.enterTenant(ctx.caller, tenantId, ctx.today);
  await recordSuperAction(ctx, { tenantId, action: "ImpersonateTenant" });
  return { tenantId, tenantName: caller.tenant.name, token, expiresAt: caller.session.absoluteExpiresAt };
}
