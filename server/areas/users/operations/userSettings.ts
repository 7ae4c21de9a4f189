/**
 * User settings (the control database's userSettings, owned by this area): what a user keeps per
 * organisation (default site and species, home page, favourites, a display's rotation, an admin's
 * permissions). Other areas change a user's setting through `saveUserSetting`, never the table.
 */
import { and, eq } from "drizzle-orm";
import type { ControlDb } from "../../../../db/client.ts";
import { userSettings } from "../../../../db/control/schema.ts";
import type { AreaContext } from "../../context.ts";

/** Writes one setting (insert or replace) in the control database or one of its transactions. */
export async function putUserSetting(
  db: Pick<ControlDb, "insert">,
  userId: number,
  tenantId: number,
  settingType: string,
  value: unknown,
) {
  await db.insert(userSettings).values({ userId, tenantId, settingType, value })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.tenantId, userSettings.settingType],
      set: { value },
    });
}

/**
 * Saves a setting of a user of the caller's organisation (the caller's area has decided they may) and
 * tells the callers cache, so the user's next request sees it.
 */
export async function saveUserSetting(ctx: AreaContext, userId: number, settingType: string, value: unknown) {
  await putUserSetting(ctx.app.db.control, userId, ctx.tenantId, settingType, value);
  await ctx.app.callers.changed({ userIds: [userId] });
}

/** The stored value of a setting of a user of the caller's organisation (undefined when none). */
export async function userSettingOf(ctx: AreaContext, userId: number, settingType: string): Promise<unknown> {
  const row = await ctx.app.db.control.select({ value: userSettings.value }).from(userSettings).where(and(
    eq(userSettings.userId, userId),
    eq(userSettings.tenantId, ctx.tenantId),
    eq(userSettings.settingType, settingType),
  )).get();
  return row?.value;
}
