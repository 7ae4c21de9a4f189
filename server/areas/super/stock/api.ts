/** api/super/… a tenant's stock settings (operations.ts). */
import { idNumber } from "../../../http/params.ts";
import { SUPER } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { StockSettings, StockSettingsBody } from "../../settings/schemas.ts";
import { TenantIdQuery } from "../tenants/schemas.ts";
import { saveTenantStockSettings, tenantStockSettings } from "./operations.ts";

export const SUPER_STOCK_API = {
  get: "/api/super/GetTenantStockSettings",
  save: "/api/super/UpdateTenantStockSettings",
} as const;

const TenantStockSettingsBody = StockSettingsBody.extend({ tenantId: idNumber() })
  .openapi("TenantStockSettingsBody");

const api = areaApi(["Super"]);

api.get(
  SUPER_STOCK_API.get,
  "An organisation's stock settings",
  { query: TenantIdQuery },
  StockSettings,
  SUPER,
  (ctx, { tenantId }) => tenantStockSettings(ctx, tenantId),
);

api.post(
  SUPER_STOCK_API.save,
  "Save an organisation's stock settings (species, categories, carcass types, agenda planning days)",
  TenantStockSettingsBody,
  StockSettings,
  SUPER,
  saveTenantStockSettings,
);

export const superStockApi = api.router();
