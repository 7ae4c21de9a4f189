/**
 * A tenant's stock settings from the super area (spec 2 §7.6 "stock settings"; the paths are ours): the
 * same settings Settings › Stock settings keeps for the organisation one is working in, read and saved
 * for any organisation by the settings area's own service working there, so its checks, its audit trail
 * and the caller-cache update are one code. Each save is also in the super audit.
 */
import type { Context } from "hono";
import { type ApiRouter, apiRouter, areaRoutes } from "../../../http/openapi.ts";
import { idNumber } from "../../../http/params.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { areaContextOf } from "../../context.ts";
import { SettingsService } from "../../settings/service.ts";
import { StockSettings, StockSettingsBody } from "../../settings/schemas.ts";
import { TenantIdQuery } from "../tenants/schemas.ts";
import { recordSuperAudit } from "../audit.ts";
import { tenantContext } from "../tenantContext.ts";

export const SUPER_STOCK_API = {
  get: "/api/super/GetTenantStockSettings",
  save: "/api/super/UpdateTenantStockSettings",
} as const;

const TenantStockSettingsBody = StockSettingsBody.extend({ tenantId: idNumber() })
  .openapi("TenantStockSettingsBody");

const { get, post } = areaRoutes(["Super"]);

/** The settings service of the organisation named, as the super user working there. */
async function settingsOf(c: Context<AppEnv>, tenantId: number) {
  return new SettingsService(await tenantContext(await areaContextOf(c), tenantId));
}

export const superStockApi: ApiRouter = apiRouter()
  .openapi(
    get(
      SUPER_STOCK_API.get,
      "An organisation's stock settings",
      { query: TenantIdQuery },
      StockSettings,
      SUPER,
    ),
    async (c) => c.json(await (await settingsOf(c, c.req.valid("query").tenantId)).stockSettings(), 200),
  )
  .openapi(
    post(
      SUPER_STOCK_API.save,
      "Save an organisation's stock settings (species, categories, carcass types, agenda planning days)",
      TenantStockSettingsBody,
      StockSettings,
      SUPER,
    ),
    async (c) => {
      const { tenantId, ...body } = c.req.valid("json");
      const saved = await (await settingsOf(c, tenantId)).saveStockSettings(body);
      await recordSuperAudit(c.get("app").db.control, c.get("caller")!, {
        tenantId,
        action: "UpdateTenantStockSettings",
        detail: { speciesIds: saved.speciesIds, agendaPlanningDays: saved.agendaPlanningDays },
      });
      return c.json(saved, 200);
    },
  );
