import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { ApiError } from "../../../http/errors.ts";
import { ROI_ACCESS } from "../access.ts";
import {
  CATEGORY_NAMES,
  OFFERED_CATEGORIES,
  type SourceCategory,
  type SourceDefinition,
} from "../../../../reports/roi/model.ts";
import type { AreaContext } from "../../context.ts";
import { productSourceDefinitions } from "./product.ts";
import { tableSourceDefinition } from "./tables.ts";
import { loadTables } from "../reference/tables.ts";

export const ROI_SOURCES_API = {
  categories: "/api/report/RoiDataSourceCategories",
  sources: "/api/report/RoiDataSources",
} as const;

const Category = z.object({ category: z.number(), name: z.string() }).openapi("RoiDataSourceCategory");
const Filterable = z.object({
  sourceColumn: z.string(),
  displayName: z.string(),
  dataType: z.enum(["text", "number", "date", "boolean"]),
  valueOptions: z.array(z.object({ value: z.string(), label: z.string() })),
  definedType: z.string().nullable(),
  isAllowMultipleValues: z.boolean(),
});
const Source = z.object({
  category: z.number(),
  sourceId: z.string(),
  sourceName: z.string(),
  displayName: z.string(),
  importable: z.boolean(),
  valueColumns: z.array(
    z.object({
      sourceColumn: z.string(),
      displayName: z.string(),
      unit: z.string(),
      aggregation: z.number(),
    }),
  ),
  filterableColumns: z.array(Filterable),
  groupableColumns: z.array(z.object({ sourceColumn: z.string(), displayName: z.string() })),
}).openapi("RoiSourceDefinition");

const SourcesQuery = z.object({
  category: z.preprocess(
    (v) => (typeof v === "string" && /^\d$/.test(v) ? Number(v) : v),
    z.number().int().min(0).max(9),
  ).optional(),
});

/** Every source a line can read (of one category when asked); 400 for ExternalSource (never offered). */
export async function sourceDefinitions(ctx: AreaContext, category?: number): Promise<SourceDefinition[]> {
  if (category !== undefined && !OFFERED_CATEGORIES.includes(category as SourceCategory)) {
    throw ApiError.validation([{
      field: "category",
      message: category === 4
        ? "External sources are not offered: choose plant data, uploaded data, typed values or reference data."
        : "Choose a category from 0 to 3.",
    }]);
  }
  const tables = [...(await loadTables(ctx)).values()].map(tableSourceDefinition);
  const manual: SourceDefinition = {
    category: 2,
    sourceId: "manual",
    sourceName: "Typed values",
    displayName: "Typed values",
    importable: false,
    valueColumns: [],
    filterableColumns: [],
    groupableColumns: [],
  };
  const all = [...productSourceDefinitions(ctx), manual, ...tables];
  return category === undefined ? all : all.filter((s) => s.category === category);
}

const api = areaApi(["ROI reports: data sources"]);

api.get(
  ROI_SOURCES_API.categories,
  "The data source categories a report line can read (external sources are never offered)",
  {},
  z.array(Category),
  ROI_ACCESS,
  () => Promise.resolve(OFFERED_CATEGORIES.map((category) => ({ category, name: CATEGORY_NAMES[category] }))),
);
api.get(
  ROI_SOURCES_API.sources,
  "The sources a report line can read, with their value, filterable and groupable columns (category 4 answers 400)",
  { query: SourcesQuery },
  z.array(Source),
  ROI_ACCESS,
  (ctx, q) => sourceDefinitions(ctx, q.category),
);

export const roiSourcesApi = api.router();
