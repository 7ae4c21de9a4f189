/**
 * Schemas of the yield reports' API: the run analysis (spec 3 §2.1 analysisByRun), saved reports (Yield
 * Summary Reports and Operational Yield Reports, spec 3 §3 "Report list item") and a report's figures.
 * Revenue fields are optional: an answer to a caller without the yieldRevenue module leaves them out.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { SHIFTS } from "../rules.ts";
import { GROUP_BY } from "../schemas.ts";
import { MAX_RELATIVE_DAYS, REPORT_KINDS } from "./rules.ts";

const money = z.number().optional().openapi({ description: "only with the yieldRevenue module" });

export const RunRow = z.object({
  runId: z.number(),
  date: z.string(),
  plantId: z.number(),
  plant: z.string(),
  boningRoomId: z.number(),
  boningRoom: z.string(),
  shift: z.enum(SHIFTS),
  runNumber: z.number(),
  supplier: z.string().nullable(),
  lot: z.string().nullable(),
  head: z.number(),
  averageHscwKg: z.number().nullable(),
  averageFatMm: z.number().nullable(),
  yieldPercent: z.number().nullable(),
  standardPercent: z.number().nullable(),
  variancePp: z.number().nullable(),
  revenuePerHead: money,
  revenueVariancePerHead: money,
}).openapi("YieldRunRow");
export type RunRow = z.output<typeof RunRow>;

export const ShiftRow = z.object({
  shift: z.enum(SHIFTS),
  runs: z.number(),
  head: z.number(),
  averageHscwKg: z.number().nullable(),
  yieldPercent: z.number().nullable(),
  standardPercent: z.number().nullable(),
  variancePp: z.number().nullable(),
  revenuePerHead: money,
});

export const RunAnalysis = z.object({
  speciesId: z.number(),
  fromDate: z.string(),
  toDate: z.string(),
  plantIds: z.array(z.number()),
  runs: z.array(RunRow).openapi({ description: "worst yield variance first" }),
  shifts: z.array(ShiftRow).openapi({ description: "day against night shift over the same filter" }),
}).openapi("YieldRunAnalysis");
export type RunAnalysis = z.output<typeof RunAnalysis>;

export const CodeLine = z.object({
  productCodeId: z.number(),
  code: z.string(),
  cut: z.string(),
  cartons: z.number().nullable(),
  kg: z.number().nullable(),
  expectedKg: z.number().nullable(),
  varianceKg: z.number().nullable(),
  yieldPercent: z.number().nullable(),
  standardPercent: z.number().nullable(),
  variancePp: z.number().nullable(),
  revenue: money,
  revenueVariance: money,
});

export const RunDetail = z.object({
  run: RunRow,
  codes: z.array(CodeLine),
  massBalance: z.array(z.object({
    kind: z.enum(["product", "bone", "fat", "trim", "unaccounted"]),
    kg: z.number(),
    percent: z.number(),
  })),
}).openapi("YieldRunDetail");
export type RunDetail = z.output<typeof RunDetail>;

const ids = z.array(idNumber()).max(200).optional();
/** A form sends a cleared field as "": the same as not given. */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema);

/** What a report keeps as its filters (the yield_reports.filters json). */
export const ReportFilters = z.object({
  plantIds: ids,
  boningRoomIds: ids,
  shiftTypes: z.array(z.enum(SHIFTS)).optional(),
  bodySegments: ids,
  primalSegments: ids,
  cuts: ids,
  relativeDays: blank(wholeNumber({ min: 0, max: MAX_RELATIVE_DAYS }).nullable().optional()),
  fromDate: blank(isoDate.nullable().optional()),
  toDate: blank(isoDate.nullable().optional()),
});
export type ReportFilters = z.output<typeof ReportFilters>;

export const UpsertYieldReportBody = z.object({
  id: blank(idNumber().nullable().optional()),
  lastModified: blank(z.string().max(40).nullable().optional()),
  kind: z.enum(REPORT_KINDS, { error: "Use summary or operational" }),
  name: z.string().trim().min(1, "Give the report a name").max(80),
  speciesId: idNumber(),
  ...ReportFilters.shape,
  rangeKind: z.enum(["relative", "fixed"]).default("relative"),
  groupBy: z.enum(GROUP_BY).refine((g) => g !== "kind", "Choose another grouping"),
  columns: z.array(z.number().int()).min(1, "Choose at least one column").max(20),
  isShared: z.boolean().default(false),
}).openapi("UpsertYieldReportBody");
export type UpsertYieldReportBody = z.output<typeof UpsertYieldReportBody>;

export const ReportListItem = z.object({
  id: z.number(),
  kind: z.enum(REPORT_KINDS),
  name: z.string(),
  speciesId: z.number(),
  species: z.string(),
  ownerId: z.number(),
  ownerName: z.string(),
  lastModified: z.string(),
  isShared: z.boolean(),
  isDeleteAllowed: z.boolean(),
  columns: z.array(z.number()).openapi({ description: "metric keys the caller may see" }),
  range: z.string().openapi({ description: "the date range in words" }),
}).openapi("YieldReportListItem");
export type ReportListItem = z.output<typeof ReportListItem>;

export const YieldReport = ReportListItem.extend({
  groupBy: z.enum(GROUP_BY),
  filters: ReportFilters,
  createdAt: z.string(),
  isEditAllowed: z.boolean(),
}).openapi("YieldReport");
export type YieldReport = z.output<typeof YieldReport>;

export const ReportsQuery = z.object({ kind: z.enum(REPORT_KINDS).optional() });
export const DeleteYieldReportBody = z.object({
  id: idNumber(),
  lastModified: z.string().max(40).nullable().optional(),
});

const Values = z.record(z.string(), z.number().nullable());
export const ReportFigures = z.object({
  report: YieldReport,
  fromDate: z.string(),
  toDate: z.string(),
  columns: z.array(z.object({ key: z.number(), name: z.string(), unit: z.string() })),
  rows: z.array(z.object({ label: z.string(), values: Values })),
  total: Values,
}).openapi("YieldReportFigures");
export type ReportFigures = z.output<typeof ReportFigures>;
