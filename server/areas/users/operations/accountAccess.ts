/**
 * An admin's hold over a user's access: disabling or enabling the account, and ending its sessions.
 * Whether they may is rules.ts powerOver (an account another organisation also uses is not theirs to
 * disable; a super user's only a super user's to change).
 */
import { eq } from "drizzle-orm";
import { users } from "../../../../db/control/schema.ts";
import type { AreaContext } from "../../context.ts";
import { ApiError } from "../../../http/errors.ts";
import { powerOver } from "../rules.ts";
import { accountRoles, getTenantUser, memberRow, type TenantUserDto } from "../queries.ts";
import { SUPER_ONLY } from "./saveTenantUser.ts";

/**
 * Disables or enables an account (users.isDisabled is account-wide). Disabling ends every session of
 * it, so re-enabling never revives an old token; the push hub closes the ended sessions' connections.
 * A tenant admin may do it only to an account that their organisation alone uses, and not to themself.
 */
export async function setDisabled(
  ctx: AreaContext,
  userId: number,
  isDisabled: boolean,
): Promise<TenantUserDto> {
  const { sessions, push, callers } = ctx.app;
  if (!(await memberRow(ctx, userId))) throw ApiError.notFound("That user is not in your organisation.");
  if (userId === ctx.caller.user.id) {
    throw ApiError.validation([{ field: "id", message: "You cannot disable or enable your own account." }]);
  }
  const power = powerOver(ctx.caller, userId, await accountRoles(ctx, userId));
  if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
  if (!power.canManageAccount) {
    throw ApiError.forbidden(
      "This person's account is also used by other organisations, so it cannot be disabled here. " +
        "Ask support to remove it from your organisation.",
    );
  }
  await ctx.app.db.control.update(users).set({ isDisabled, lastModified: new Date().toISOString() })
    .where(eq(users.id, userId));
  await callers.changed({ userIds: [userId] });
  if (isDisabled) {
    // the open pages hear why first; then the sessions end (their connections with them)
    await push.signOutUsers([userId], "Your account was disabled by an administrator.");
    await sessions.invalidateAllForUser(userId);
  }
  return getTenantUser(ctx, userId);
}

/** Ends every session of a user of the caller's organisation; their open pages sign out saying why. */
export async function endUserSessions(ctx: AreaContext, userId: number): Promise<{ ended: number }> {
  const { sessions, push } = ctx.app;
  if (!(await memberRow(ctx, userId))) throw ApiError.notFound("That user is not in your organisation.");
  if (userId === ctx.caller.user.id) {
    throw ApiError.validation([{ field: "id", message: "End your own sessions from your account page." }]);
  }
  const power = powerOver(ctx.caller, userId, await accountRoles(ctx, userId));
  if (!power.mayChange) throw ApiError.forbidden(SUPER_ONLY);
  const ended = (await sessions.ofUser(userId)).length;
  await push.signOutUsers([userId], "An administrator signed you out.");
  await sessions.invalidateAllForUser(userId);
  return { ended };
}
