/**
 * A tenant's stock settings from the super area (spec 2 §7.6 "stock settings"; the paths are ours): the
 * same settings Settings › Stock settings keeps for the organisation one is working in, read and saved
 * for any organisation by the settings area's own functions working there, so its checks, its audit
 * trail and the caller-cache update are one code. Each save is also in the super audit.
 */
import type { In } from "../../areaApi.ts";
import type { AreaContext } from "../../context.ts";
import { getStockSettings, saveStockSettings } from "../../settings/operations/stockSettings.ts";
import type { StockSettingsBody } from "../../settings/schemas.ts";
import { saveInTenant, tenantContext } from "../tenantContext.ts";

export async function tenantStockSettings(ctx: AreaContext, tenantId: number) {
  return getStockSettings(await tenantContext(ctx, tenantId));
}

export function saveTenantStockSettings(
  ctx: AreaContext,
  input: In<typeof StockSettingsBody> & { tenantId: number },
) {
  return saveInTenant(ctx, input, "UpdateTenantStockSettings", saveStockSettings, (saved) => ({
    speciesIds: saved.speciesIds,
    agendaPlanningDays: saved.agendaPlanningDays,
  }));
}
