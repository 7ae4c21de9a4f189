/**
 * Settings › Tenant settings (spec 2 §2.2, §5, §8): the organisation's switches. They live in the control
 * database (the access policy reads them on every request, so each change tells the caller cache); the
 * audit row goes to the tenant's trail after the setting's own commit (two databases).
 */
import { and, eq } from "drizzle-orm";
import { tenantSettings } from "../../../../db/control/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { isKnownTenantSettingType, TENANT_SETTING_LABELS, TENANT_SETTING_TYPES } from "../rules.ts";
import type { TenantSettingBody } from "../schemas.ts";

/** Every known setting type with its value (a type never saved is off). */
export async function listTenantSettings(ctx: AreaContext) {
  const stored = await ctx.app.db.control.select().from(tenantSettings)
    .where(eq(tenantSettings.tenantId, ctx.tenantId));
  return TENANT_SETTING_TYPES.map((settingType) => ({
    settingType,
    ...TENANT_SETTING_LABELS[settingType],
    value: stored.find((s) => s.settingType === settingType)?.value ?? { isEnabled: false },
  }));
}

/**
 * Upsert of a tenant setting (settingType + value). An unknown type is refused in words and logged,
 * and nothing is written (spec 2 §5, §8).
 */
export async function upsertTenantSetting(ctx: AreaContext, input: In<typeof TenantSettingBody>) {
  if (!isKnownTenantSettingType(input.settingType)) {
    console.warn(`tenant ${ctx.tenantId}: unknown tenant setting type refused: ${input.settingType}`);
    throw ApiError.validation(
      [{ field: "settingType", message: "This app does not know that setting, so nothing was saved." }],
      `“${input.settingType.slice(0, 60)}” is not a setting this app knows: nothing was saved.`,
    );
  }
  const control = ctx.app.db.control;
  const key = and(
    eq(tenantSettings.tenantId, ctx.tenantId),
    eq(tenantSettings.settingType, input.settingType),
  );
  const [before] = await control.select().from(tenantSettings).where(key);
  await control.insert(tenantSettings)
    .values({ tenantId: ctx.tenantId, settingType: input.settingType, value: input.value })
    .onConflictDoUpdate({
      target: [tenantSettings.tenantId, tenantSettings.settingType],
      set: { value: input.value },
    });
  await ctx.write((_, unit) =>
    unit.audit({
      entity: "TenantSetting",
      entityId: input.settingType,
      action: "update",
      before: before?.value ?? null,
      after: input.value,
    })
  );
  await ctx.app.callers.changed({ tenantIds: [ctx.tenantId] });
  return (await listTenantSettings(ctx)).find((s) => s.settingType === input.settingType)!;
}
