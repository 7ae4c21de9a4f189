import { eq } from "drizzle-orm";
import { memberships, users } from "../../../../../db/control/schema.ts";
import { generatePassword, hashPassword } from "../../../../auth/password.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { controlWrite } from "../../controlUnit.ts";

/**
 * SuperResetUserPassword: a new temporary password (answered once) that must be changed at the next
 * sign-in; the account's sessions end, its open pages are told why.
 */
export async function resetPassword(ctx: AreaContext, userId: number) {
  const db = ctx.app.db.control;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw ApiError.notFound("That user does not exist.");
  if (userId === ctx.caller.user.id) {
    throw ApiError.validation([{
      field: "id",
      message: "Change your own password from your account page.",
    }]);
  }
  const temporaryPassword = generatePassword(14);
  const passwordHash = await hashPassword(temporaryPassword);
  const tenantIds = (await db.select({ tenantId: memberships.tenantId }).from(memberships)
    .where(eq(memberships.userId, userId))).map((m) => m.tenantId);
  const sessionsEnded = await controlWrite(ctx, async (tx, unit) => {
    await tx.update(users).set({
      passwordHash,
      isPasswordUpdated: false,
      lastModified: new Date().toISOString(),
    }).where(eq(users.id, userId));
    await unit.audit({
      tenantId: tenantIds[0] ?? null,
      action: "SuperResetUserPassword",
      detail: { userId, email: user.email },
    });
    unit.afterCommit(async () => {
      await ctx.app.push.signOutUsers(
        [userId],
        "A super user reset your password. Sign in with the new one.",
      );
      await ctx.app.sessions.invalidateAllForUser(userId);
      await ctx.app.callers.changed({ userIds: [userId] });
    });
    return (await ctx.app.sessions.ofUser(userId)).length;
  });
  return { userId, temporaryPassword, sessionsEnded };
}
