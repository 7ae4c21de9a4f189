/**
 * ROI report definitions at the API boundary (spec 3 §3; the shapes are reports/roi/model.ts). Shape
 * checks here; the rules across fields (end before start, a budgetForId or operatorLineId naming nothing,
 * ExternalSource) in rules.ts, so the wizard and the API give the same words.
 */
import { z } from "@hono/zod-openapi";
import { isDateNumber } from "../../../../reports/roi/dates.ts";

const dateNumber = z.number({ error: "Give the date as yyyymmdd" }).int().refine(isDateNumber, {
  message: "Give a real date as yyyymmdd (20261201)",
});
const shortText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);
const key = z.string().trim().min(1, "Give an id").max(40);

export const ReportColumnSchema = z.object({
  id: key,
  name: shortText(60),
  startDate: dateNumber,
  endDate: dateNumber,
  budgetForId: key.nullish().transform((v) => v ?? null),
}).openapi("RoiReportColumn");

const LineValueSchema = z.object({ reportColumnId: key, value: z.number().finite() });

const UNITS = ["$", "kg", "#", "%", "score", "mm", "Y/N", "M/F", "eligible", "species category"] as const;

export const LineBudgetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("typed"), values: z.array(LineValueSchema).max(400) }),
  z.object({ kind: z.literal("reference"), referenceDataId: z.number().int().positive(), sourceColumn: key }),
]).openapi("RoiLineBudget");

export const ReportLineSchema = z.object({
  lineId: key,
  lineName: shortText(120).default(""),
  /** 0 UploadData, 1 plant data, 2 typed values, 3 reference data (4 ExternalSource is refused) */
  category: z.number().int().min(0).max(4),
  sourceId: shortText(60).default(""),
  sourceColumn: shortText(60).default(""),
  filters: z.array(z.object({ sourceColumn: key, values: z.array(z.string().max(120)).max(200) })).max(20)
    .default([]),
  groupBy: shortText(60).nullish().transform((v) => v || null),
  groupSuffix: shortText(40).default(""),
  displayName: shortText(120).min(1, "Give the line a name"),
  sectionOption: z.union([z.literal(0), z.literal(1)]).default(0),
  /** 0 value, 1 add, 2 subtract, 3 ratio to, 4 percent of another line (operatorLineId) */
  operator: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(0),
  operatorLineId: key.nullish().transform((v) => v ?? null),
  isDebit: z.boolean().default(false),
  unit: z.enum(UNITS).default("$"),
  values: z.array(LineValueSchema).max(400).default([]),
  budget: LineBudgetSchema.default({ kind: "none" }),
}).openapi("RoiReportLine");

const definitionFields = {
  name: shortText(120).min(1, "Give the report a name"),
  reportOption: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  customCreditLabel: shortText(40).default(""),
  customDebitLabel: shortText(40).default(""),
  speciesId: z.number().int().positive().nullish().transform((v) => v ?? null),
  isIncludeBudgetColumns: z.boolean().default(false),
  startDate: dateNumber,
  endDate: dateNumber,
  columns: z.array(ReportColumnSchema).max(60, "Use at most 60 columns"),
  reportDataLines: z.array(ReportLineSchema).max(200, "Use at most 200 lines"),
  roiTemplateId: z.number().int().positive().nullish().transform((v) => v ?? null),
};

/** Save a report: no id for a new one; an id with the version read (409 when it changed since). */
export const SaveReportBody = z.object({
  id: z.number().int().positive().nullish().transform((v) => v ?? null),
  version: z.number().int().positive().nullish().transform((v) => v ?? null),
  ...definitionFields,
}).openapi("RoiSaveReport");

export const ReportDefinitionSchema = z.object({
  id: z.number(),
  ...definitionFields,
  isLayoutSaved: z.boolean(),
  publishedDateUtc: z.string().nullable(),
  ownerId: z.number(),
  ownerName: z.string(),
  version: z.number(),
  lastModified: z.string(),
}).openapi("RoiReportDefinition");

export const ReportListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  reportOptionName: z.string(),
  ownerId: z.number(),
  ownerName: z.string(),
  lastModified: z.string(),
  isDeleteAllowed: z.boolean(),
  isPublished: z.boolean(),
  isFavourite: z.boolean(),
  columnRanges: z.string(),
  dataColumnCount: z.number(),
  budgetColumnCount: z.number(),
  isHasBudgetColumns: z.boolean(),
  columns: z.array(ReportColumnSchema.extend({ rangeType: z.enum(["year", "month", "range"]) })),
}).openapi("RoiReportListItem");

export const ReportIdBody = z.object({ id: z.number().int().positive() });
export const VersionedIdBody = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive().nullish().transform((v) => v ?? null),
});
export const PublishBody = VersionedIdBody.extend({ isPublished: z.boolean() });
export const SaveTemplateBody = z.object({
  id: z.number().int().positive(),
  name: shortText(120).min(1, "Give the template a name"),
});
export const FavouriteBody = z.object({ id: z.number().int().positive(), isFavourite: z.boolean() });

export const TemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  reportOption: z.number(),
  customCreditLabel: z.string(),
  customDebitLabel: z.string(),
  columns: z.array(ReportColumnSchema),
  reportDataLines: z.array(ReportLineSchema),
  layouts: z.array(z.unknown()),
  roiTemplateId: z.number().nullable(),
}).openapi("RoiTemplate");
