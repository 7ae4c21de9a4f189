/**
 * Yield: the metric enumeration, the caller's custom metric tabs, custom product group results and the
 * yield table (spec 3 §3, §7 "custom product group results", "user settings update"). Reads serve every
 * yield screen (user role, yieldReporting); the custom dashboard is always the caller's own.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { CustomDashboard } from "../schemas.ts";
import { customDashboard, listMetrics, productGroupResults, saveCustomDashboard } from "./operations.ts";
import {
  MetricInfo,
  ProductGroupResults,
  ProductGroupResultsBody,
  YieldTable,
  YieldTableQuery,
} from "./schemas.ts";
import { yieldTable, yieldTableCsv, yieldTableFileName } from "./table.ts";

/** The paths the pages post to and link to: one spelling for the routes and the screens. */
export const YIELD_CUSTOM_API = {
  getMetrics: "/api/yield/GetMetrics",
  getCustomDashboard: "/api/yield/GetCustomDashboard",
  saveCustomDashboard: "/api/yield/SaveCustomDashboard",
  getCustomProductGroupResults: "/api/yield/GetCustomProductGroupResults",
  getYieldTable: "/api/yield/GetYieldTable",
  exportYieldTable: "/api/yield/ExportYieldTable",
} as const;

const READ: AccessRule = { role: "user", modules: ["yieldReporting"] };

const api = areaApi(["Yield: custom metrics and table"]);

api.get(
  YIELD_CUSTOM_API.getMetrics,
  "The yield metrics (1–63) you may see, with unit and theme; none of the revenue ones without the " +
    "yieldRevenue module",
  {},
  z.array(MetricInfo),
  READ,
  listMetrics,
);

api.get(
  YIELD_CUSTOM_API.getCustomDashboard,
  "Your custom metric tabs (the yieldCustomDashboard user setting), in order",
  {},
  CustomDashboard,
  READ,
  customDashboard,
);

api.post(
  YIELD_CUSTOM_API.saveCustomDashboard,
  "Keep your custom metric tabs (the whole list, in order): 1–6 metrics each, each a metric you may " +
    "see (revenue ones need the yieldRevenue module), a grouping, Sum (0) or Average (1), a chart type",
  CustomDashboard,
  CustomDashboard,
  READ,
  saveCustomDashboard,
);

api.post(
  YIELD_CUSTOM_API.getCustomProductGroupResults,
  "Custom product group results: the metrics asked for, grouped (up to three groupings), summed over " +
    "the range or averaged over its days; values keyed by metric number",
  ProductGroupResultsBody,
  ProductGroupResults,
  READ,
  productGroupResults,
);

api.get(
  YIELD_CUSTOM_API.getYieldTable,
  "The yield table: body segments → primals (or a primal's cuts) × plants or days, with the total, " +
    "the standard and the variance (pp)",
  { query: YieldTableQuery },
  YieldTable,
  READ,
  yieldTable,
);

api.file(
  YIELD_CUSTOM_API.exportYieldTable,
  "The yield table as CSV (plain headers, dd/mm/yyyy dates)",
  { query: YieldTableQuery },
  "csv",
  READ,
  async (ctx, q) => {
    const table = await yieldTable(ctx, q);
    return {
      body: yieldTableCsv(table),
      name: yieldTableFileName(table, ctx.scope.speciesName(q.speciesId)),
    };
  },
);

export const yieldCustomApi = api.router();
