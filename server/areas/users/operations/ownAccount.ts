/** The caller's own account: their name and mobile, and the settings they may change for themselves. */
import { eq } from "drizzle-orm";
import { users } from "../../../../db/control/schema.ts";
import { samePhone } from "../../../auth/phoneCodes.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ApiError } from "../../../http/errors.ts";
import type { SelfSettingBody, UpdateUserDetailsBody } from "../schemas.ts";
import { putUserSetting } from "./userSettings.ts";
import { ROUTES } from "../../../access/mod.ts";
import { homePageSetting } from "../homePage.ts";

type SelfSetting = In<typeof SelfSettingBody>;

export async function updateDetails(ctx: AreaContext, input: In<typeof UpdateUserDetailsBody>) {
  const me = ctx.caller.user;
  // another number is not verified until a code sent to it comes back
  const isPhoneVerified = me.isPhoneVerified && samePhone(input.phone) === samePhone(me.phone);
  await ctx.app.db.control.update(users)
    .set({ ...input, isPhoneVerified, lastModified: new Date().toISOString() })
    .where(eq(users.id, me.id));
  await ctx.app.callers.changed({ userIds: [me.id] });
}

/** A setting the user may change for themselves, checked against what they are allowed to pick. */
export async function updateOwnSetting(ctx: AreaContext, setting: SelfSetting) {
  await updateOwnSettings(ctx, [setting], "");
}

/**
 * Several of the user's own settings at once (UpdateUserSettingsOnly): every one is checked before any
 * is written, and they are written together. `at` prefixes the error fields (`settings.2.`).
 */
export async function updateOwnSettings(ctx: AreaContext, settings: SelfSetting[], at = "settings.") {
  const { user, tenant } = ctx.caller;
  const checked = settings.map((s, i) => [s.settingType, ownValue(ctx, s, at && `${at}${i}.`)] as const);
  await ctx.app.db.control.transaction(async (tx) => {
    for (const [type, value] of checked) await putUserSetting(tx, user.id, tenant.id, type, value);
  });
  await ctx.app.callers.changed({ userIds: [user.id] });
}

/** The value to store for one of the user's own settings, or a validation error on `field`. */
function ownValue(ctx: AreaContext, setting: SelfSetting, at: string): unknown {
  if (setting.settingType === "tenantSite") {
    const siteId = setting.value.defaultTenantSiteId;
    if (!ctx.scope.hasSite(siteId)) {
      throw ApiError.validation([{
        field: `${at}value.defaultTenantSiteId`,
        message: "That site is not one of your sites.",
      }]);
    }
    const current = ctx.caller.subject.userSettings.find((s) => s.settingType === "tenantSite")?.value ?? {};
    return { ...(current as object), defaultTenantSiteId: siteId }; // keep the admin-set allow-list
  }
  if (setting.settingType === "homepage") {
    const value = homePageSetting(ctx.caller.subject, ROUTES, setting.value.module, setting.value.title);
    if (!value) {
      throw ApiError.validation([{
        field: `${at}value.module`,
        message: "That page cannot be your home page: choose one of the pages you can open.",
      }]);
    }
    return value;
  }
  if (setting.settingType === "speciesId" && !ctx.scope.hasSpecies(setting.value.speciesId)) {
    throw ApiError.validation([{
      field: `${at}value.speciesId`,
      message: "That species is not one of your species.",
    }]);
  }
  return setting.value;
}
