/**
 * Settings › Login modules (spec 2 §7.4 "login module settings"; spec 1 §6 "the module group is enabled"):
 * which groups of modules the organisation uses. The switched-off groups are one row of the control
 * database's tenant settings, so they travel with the kept caller (server/auth/callers.ts) and the access
 * policy reads them with no query (licensedModules). A save tells the caller cache; the audit row goes to
 * the tenant's trail after the setting's own commit (two databases), as for the other tenant settings.
 */
import { and, eq } from "drizzle-orm";
import { tenantSettings } from "../../../../db/control/schema.ts";
import {
  LOGIN_MODULE_GROUPS,
  LOGIN_MODULE_GROUPS_SETTING,
  type LoginModuleGroup,
  MODULES,
  SWITCHABLE_LOGIN_MODULE_GROUPS,
} from "../../../access/modules.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { LOGIN_MODULE_GROUP_WORDS } from "../rules.ts";
import type { LoginModuleSettingsBody } from "../schemas.ts";

interface StoredGroups {
  disabledGroups: LoginModuleGroup[];
  lastModified: string | null;
}

const switchable = (group: LoginModuleGroup) =>
  (SWITCHABLE_LOGIN_MODULE_GROUPS as readonly LoginModuleGroup[]).includes(group);

async function storedGroups(ctx: AreaContext): Promise<StoredGroups> {
  const [row] = await ctx.app.db.control.select({ value: tenantSettings.value }).from(tenantSettings)
    .where(and(
      eq(tenantSettings.tenantId, ctx.tenantId),
      eq(tenantSettings.settingType, LOGIN_MODULE_GROUPS_SETTING),
    ));
  const off = row?.value.disabledGroups;
  return {
    disabledGroups: LOGIN_MODULE_GROUPS.filter((g) => Array.isArray(off) && off.includes(g)),
    lastModified: typeof row?.value.lastModified === "string" ? row.value.lastModified : null,
  };
}

/** Every group with its words, whether it is on, and its modules (licensed to the organisation or not). */
export async function loginModuleSettings(ctx: AreaContext) {
  const stored = await storedGroups(ctx);
  const licensed: readonly string[] = ctx.caller.subject.modules;
  return {
    groups: LOGIN_MODULE_GROUPS.map((group) => ({
      group,
      ...LOGIN_MODULE_GROUP_WORDS[group],
      isEnabled: !stored.disabledGroups.includes(group),
      canSwitchOff: switchable(group),
      modules: MODULES.filter((m) => m.group === group)
        .map((m) => ({ key: m.key, name: m.displayName, isLicensed: licensed.includes(m.key) })),
    })),
    lastModified: stored.lastModified,
  };
}

/**
 * Switch groups on or off (groups not named stay as they are). Stale when the groups were saved since the
 * form was opened: a form opened before the first save sends null, so it is stale once they are saved.
 */
export async function saveLoginModuleSettings(ctx: AreaContext, input: In<typeof LoginModuleSettingsBody>) {
  const before = await storedGroups(ctx);
  if (input.lastModified !== undefined && input.lastModified !== before.lastModified) {
    throw ApiError.conflict(
      "The login modules were changed by someone else since you opened them. Reload and try again.",
    );
  }
  const disabledGroups = LOGIN_MODULE_GROUPS.filter((group) =>
    switchable(group) && (input.groups[group] ?? !before.disabledGroups.includes(group)) === false
  );
  const value = {
    isEnabled: disabledGroups.length > 0,
    disabledGroups,
    lastModified: nextModified(before.lastModified),
  };
  await ctx.app.db.control.insert(tenantSettings)
    .values({ tenantId: ctx.tenantId, settingType: LOGIN_MODULE_GROUPS_SETTING, value })
    .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.settingType], set: { value } });
  await ctx.write((_, unit) =>
    unit.audit({
      entity: "LoginModuleGroups",
      entityId: LOGIN_MODULE_GROUPS_SETTING,
      action: "update",
      before: { disabledGroups: before.disabledGroups },
      after: { disabledGroups },
    })
  );
  await ctx.app.callers.changed({ tenantIds: [ctx.tenantId] });
  return loginModuleSettings(ctx);
}
