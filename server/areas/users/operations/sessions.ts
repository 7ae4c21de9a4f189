/**
 * The caller's own sessions (ASVS V7, issue 19 §6): every browser or device signed in as them, in any
 * of their organisations, with the device, address, sign-in and last request, and the means to end any
 * but this one, or all the others at once. Ending one closes its open pages' live connection at once.
 */
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ApiError } from "../../../http/errors.ts";
import { deviceName } from "../../../auth/device.ts";
import type { MySession } from "../schemas.ts";

export async function listMySessions(ctx: AreaContext): Promise<In<typeof MySession>[]> {
  const rows = await ctx.app.sessions.ofUser(ctx.caller.user.id);
  return rows.map((s) => ({
    sessionId: s.id,
    device: deviceName(s.userAgent),
    ipAddress: s.ipAddress,
    signedInAt: (s.signedInAt ?? s.createdAt).toISOString(),
    lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
    isCurrent: s.id === ctx.caller.session.id,
  }));
}

export async function endMySession(ctx: AreaContext, sessionId: string) {
  if (sessionId === ctx.caller.session.id) {
    throw ApiError.validation([{
      field: "sessionId",
      message: "That is the session you are using: sign out to end it.",
    }]);
  }
  const mine = await ctx.app.sessions.ofUser(ctx.caller.user.id);
  if (!mine.some((s) => s.id === sessionId)) throw ApiError.notFound("That session has already ended.");
  await ctx.app.sessions.invalidate(sessionId);
}

export async function endMyOtherSessions(ctx: AreaContext): Promise<{ ended: number }> {
  const { user, session } = ctx.caller;
  const others = (await ctx.app.sessions.ofUser(user.id)).filter((s) => s.id !== session.id);
  await ctx.app.sessions.invalidateAllForUser(user.id, session.id);
  return { ended: others.length };
}
