/**
 * GET api/livestock/GetCarcassTypes (spec 1 §7 reads "carcass types"): how the plant buys carcasses, each
 * marked whether the plant uses it (Settings › Stock settings), for the order forms' orderedCarcassTypeId.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { areaApi } from "../areaApi.ts";
import type { AreaContext } from "../context.ts";
import { CARCASS_TYPES } from "./rules.ts";
import { getStockSettings } from "./operations/stockSettings.ts";

export const CARCASS_TYPES_API = { carcassTypes: "/api/livestock/GetCarcassTypes" } as const;
export const CARCASS_TYPES_READ: AccessRule = {
  role: "user",
  modules: ["buy", "livestock"],
  tenantCategory: "processor",
};

export const CarcassTypeRow = z.object({
  value: z.string(),
  label: z.string(),
  /** the plant buys this way (its stock settings) */
  isEnabled: z.boolean(),
}).openapi("CarcassType");

export async function carcassTypes(ctx: AreaContext) {
  const used = new Set((await getStockSettings(ctx)).carcassTypes);
  return CARCASS_TYPES.map((t) => ({ value: t.value, label: t.label, isEnabled: used.has(t.value) }));
}

const api = areaApi(["Settings"]);
api.get(
  CARCASS_TYPES_API.carcassTypes,
  "The carcass types (how the plant buys), each marked whether the plant uses it",
  { query: z.object({}) },
  z.array(CarcassTypeRow),
  CARCASS_TYPES_READ,
  carcassTypes,
);
export const carcassTypesApi = api.router();
