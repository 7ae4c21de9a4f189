/**
 * Pricing grid groups and grids at the API boundary (spec 2 §3 "Pricing grid group", §7.3). A group is
 * a period of prices for a species; its grids price species categories, tried in priority order.
 */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { GRID_LIMITS, gridCellProblems } from "./cells.ts";
import { parseGridText } from "./gridText.ts";

const id = z.number().int().positive();
const lastModified = z.string().nullish();

/** A real calendar day as `yyyy-MM-dd` (2026-02-30 is refused): the API's one date schema. */
const day = isoDate;

const name = z.string().trim().min(1, "Enter the name").max(100);

export { IdParam } from "../../http/params.ts";

export const GroupsQuery = z.object({
  speciesId: idNumber().optional(),
});

/** The stored matrix: weight bands × fat scores, cents per kg HSCW (null = not bought). */
export const GridCells = z.object({
  weightBands: z.array(z.object({ fromKg: z.number(), toKg: z.number().nullable() }))
    .max(GRID_LIMITS.maxBands),
  fatScores: z.array(z.number()).max(GRID_LIMITS.maxFatScores),
  prices: z.array(z.array(z.number().nullable()).max(GRID_LIMITS.maxFatScores)).max(GRID_LIMITS.maxBands),
}).openapi("PricingGridCells");

/**
 * Cells as JSON, or as the text form a spreadsheet pastes (see `parseGridText`); blank or null = no
 * cells. Either way the same checks apply (bands ascending and apart, prices not negative).
 */
const CellsInput = z.union([z.string().max(20_000), GridCells]).nullish().transform((value, ctx) => {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    if (!value.trim()) return null;
    const parsed = parseGridText(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.errors.join(" ") });
      return z.NEVER;
    }
    return parsed.cells;
  }
  const problems = gridCellProblems(value);
  for (const p of problems) ctx.addIssue({ code: "custom", message: p.message, path: p.path });
  return problems.length ? z.NEVER : value;
}).openapi({
  description: "The matrix as JSON, or as text: a header line of fat scores, then one line per weight " +
    "band (`16.1-18`, `28.1+`) with its prices in c/kg, cells separated by tabs or commas; `-` = not bought.",
});

export const UpsertGroupBody = z.object({
  id: id.nullish(),
  name,
  speciesId: id,
  startDate: day,
  /** null = onwards */
  endDate: day.nullish().transform((v) => v ?? null),
  isServiceKill: z.boolean().default(false),
  isDefaultGroup: z.boolean().default(false),
  lastModified,
}).refine((b) => b.endDate === null || b.endDate >= b.startDate, {
  path: ["endDate"],
  message: "The end cannot be before the start.",
}).openapi("UpsertPricingGridGroupBody");
export type UpsertGroupBody = z.infer<typeof UpsertGroupBody>;

export const CopyGroupBody = z.object({
  pricingGridGroupId: id,
  name,
  startDate: day,
  endDate: day.nullish().transform((v) => v ?? null),
}).refine((b) => b.endDate === null || b.endDate >= b.startDate, {
  path: ["endDate"],
  message: "The end cannot be before the start.",
}).openapi("CopyPricingGridGroupBody");
export type CopyGroupBody = z.infer<typeof CopyGroupBody>;

export const DeleteGroupBody = z.object({ pricingGridGroupId: id, lastModified })
  .openapi("DeletePricingGridGroupBody");
export type DeleteGroupBody = z.infer<typeof DeleteGroupBody>;

export const UpsertGridBody = z.object({
  id: id.nullish(),
  pricingGridGroupId: id,
  speciesCategoryId: id,
  reference: z.string().trim().min(1, "Enter the reference").max(40),
  /** the position to put the grid at (1 = tried first); absent: last for a new grid, unchanged on edit */
  priority: z.number().int().min(1).max(1000).nullish().transform((v) => v ?? null),
  /** $/kg; used only when the cells hold no price */
  bestPrice: z.number().min(0).max(1000).nullish().transform((v) => v ?? null),
  cells: CellsInput,
  lastModified,
}).openapi("UpsertPricingGridBody");
export type UpsertGridBody = z.infer<typeof UpsertGridBody>;

export const CopyGridBody = z.object({
  pricingGridId: id,
  /** the group to copy into (same species); absent: the grid's own group */
  pricingGridGroupId: id.nullish().transform((v) => v ?? null),
  /** absent: the same reference, with "(copy)" when the group already has it */
  reference: z.string().trim().max(40).nullish().transform((v) => v || null),
}).openapi("CopyPricingGridBody");
export type CopyGridBody = z.infer<typeof CopyGridBody>;

export const DeleteGridBody = z.object({ pricingGridId: id, lastModified }).openapi("DeletePricingGridBody");
export type DeleteGridBody = z.infer<typeof DeleteGridBody>;

export const ReorderGridsBody = z.object({
  pricingGridGroupId: id,
  /** every grid of the group, first = priority 1 */
  gridIds: z.array(id).min(1).max(200).refine(
    (ids) => new Set(ids).size === ids.length,
    "A grid is listed twice.",
  ),
}).openapi("ReorderPricingGridsBody");
export type ReorderGridsBody = z.infer<typeof ReorderGridsBody>;

export const PricingGrid = z.object({
  id: z.number(),
  pricingGridGroupId: z.number(),
  speciesCategoryId: z.number(),
  speciesCategory: z.string(),
  reference: z.string(),
  /** $/kg */
  bestPrice: z.number().nullable(),
  priority: z.number(),
  cells: GridCells.nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("PricingGrid");
export type PricingGrid = z.infer<typeof PricingGrid>;

export const PricingGridGroup = z.object({
  id: z.number(),
  name: z.string(),
  speciesId: z.number(),
  species: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isServiceKill: z.boolean(),
  isDefaultGroup: z.boolean(),
  /** orders priced with this group (a group in use cannot be deleted) */
  orderCount: z.number(),
  /** in priority order */
  pricingGrids: z.array(PricingGrid),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("PricingGridGroup");
export type PricingGridGroup = z.infer<typeof PricingGridGroup>;

export const DeletedGroup = z.object({ pricingGridGroupId: z.number() }).openapi("DeletedPricingGridGroup");
export const DeletedGrid = z.object({ pricingGridId: z.number(), pricingGridGroupId: z.number() })
  .openapi("DeletedPricingGrid");
