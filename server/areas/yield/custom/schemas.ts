/**
 * Custom metric tabs, custom product group results and the yield table (spec 3 §3 Yield metrics, Report
 * grid model, yieldCustomDashboard; §7 "custom product group results", "user settings update"). Revenue
 * metrics never appear without the yield revenue module: values are keyed by the metric's number and the
 * engine leaves those keys out, so no schema here names a revenue field.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber } from "../../../http/params.ts";
import { AGGREGATIONS } from "../metrics.ts";
import { YieldFilterBodyFields, YieldFilterFields } from "../schemas.ts";
import { METRIC_THEMES, TAB_GROUP_BY } from "./rules.ts";

export const MetricInfo = z.object({
  key: z.number().int(),
  id: z.string(),
  name: z.string(),
  unit: z.enum(["kg", "%", "pp", "$", "$/kg", "#", "mm", "id"]),
  revenue: z.boolean(),
  better: z.enum(["higher", "lower"]).optional(),
  theme: z.enum(METRIC_THEMES.map((t) => t.id) as [string, ...string[]]),
}).openapi("YieldMetric");
export type MetricInfo = z.output<typeof MetricInfo>;

const values = z.record(z.string(), z.number().nullable()).openapi({
  description: "metric number → value (null: cannot be worked out, e.g. nothing boned)",
});

export const FigureRow = z.object({
  key: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  labels: z.record(z.string(), z.string()),
  values,
});

export const ProductGroupResults = z.object({
  metrics: z.array(MetricInfo),
  groupBy: z.array(z.string()),
  aggregation: z.number().int(),
  rows: z.array(FigureRow),
  total: values,
}).openapi("YieldCustomProductGroupResults");

export const ProductGroupResultsBody = z.object({
  ...YieldFilterBodyFields,
  metricKeys: z.array(z.number().int()).min(1, "Choose at least one metric").max(12),
  groupBy: z.array(z.enum(TAB_GROUP_BY as [string, ...string[]])).max(3).default([]),
  aggregation: z.union([z.literal(AGGREGATIONS.Sum), z.literal(AGGREGATIONS.Average)]).default(
    AGGREGATIONS.Sum,
  ),
}).openapi("GetCustomProductGroupResultsBody");

/** The table's columns: one per plant or one per day. */
export const TABLE_COLUMNS = ["plant", "day"] as const;

export const YieldTableQuery = z.object({
  speciesId: YieldFilterFields.speciesId,
  fromDate: isoDate,
  toDate: isoDate,
  plantIds: YieldFilterFields.plantIds,
  boningRoomIds: YieldFilterFields.boningRoomIds,
  shiftTypes: YieldFilterFields.shiftTypes,
  productCodeIds: YieldFilterFields.productCodeIds,
  primalFocus: idNumber().optional().openapi({ description: "a primal: its cuts are the rows" }),
  columns: z.enum(TABLE_COLUMNS).optional().openapi({ description: "plant (default) or day" }),
});
export type YieldTableQuery = z.output<typeof YieldTableQuery>;

const cell = z.object({ columnId: z.string(), value: z.number().nullable() });
const gridRow = z.object({
  id: z.number(),
  name: z.string(),
  values: z.array(cell),
  total: z.number().nullable(),
  standard: z.number().nullable(),
  variance: z.number().nullable(),
});

export const YieldTable = z.object({
  speciesId: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  value: z.string().openapi({ description: "what a cell holds: yield as % of the column's HSCW boned" }),
  rowLevel: z.enum(["primal", "cut"]),
  columns: z.array(z.object({ id: z.string(), name: z.string() })),
  sections: z.array(gridRow.extend({ rows: z.array(gridRow) })),
  total: gridRow.omit({ id: true }),
}).openapi("YieldTable");
export type YieldTable = z.output<typeof YieldTable>;
