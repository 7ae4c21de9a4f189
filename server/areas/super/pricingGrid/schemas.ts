/** Copying a price grid between organisations at the API boundary (super only). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { GridCells, PricingGrid } from "../../pricing/schemas.ts";

/** The most grids one organisation's list answers (newest periods first; the total beside them). */
export const SOURCE_GRID_LIMIT = 300;

export const SourceGridsQuery = z.object({
  tenantId: idNumber(),
  speciesId: idNumber().optional(),
});

export const SourceGrid = z.object({
  pricingGridId: z.number(),
  reference: z.string(),
  speciesCategoryId: z.number(),
  speciesCategory: z.string(),
  /** $/kg */
  bestPrice: z.number().nullable(),
  pricingGridGroupId: z.number(),
  groupName: z.string(),
  speciesId: z.number(),
  species: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isDefaultGroup: z.boolean(),
  isServiceKill: z.boolean(),
  /** weight bands × fat scores */
  bands: z.number(),
  fatScores: z.number(),
}).openapi("SuperSourceGrid");
export type SourceGrid = z.output<typeof SourceGrid>;

export const SourceGridList = z.object({ items: z.array(SourceGrid), total: z.number() })
  .openapi("SuperSourceGridList");

export const CopyPreviewQuery = z.object({
  sourceTenantId: idNumber(),
  pricingGridId: idNumber(),
  targetTenantId: idNumber(),
});

const Group = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** the references of its grids (a copy's reference must differ) */
  references: z.array(z.string()),
});

export const CopyPreview = z.object({
  source: z.object({
    tenantId: z.number(),
    tenantName: z.string(),
    group: Group.extend({ speciesId: z.number(), species: z.string(), isServiceKill: z.boolean() }),
    grid: PricingGrid,
  }),
  target: z.object({
    tenantId: z.number(),
    tenantName: z.string(),
    /** the category the copy prices there; null when the target lacks it */
    speciesCategoryId: z.number().nullable(),
    /** its groups of the species that have not started yet: a copy may go into one of them */
    upcomingGroups: z.array(Group),
  }),
  mapping: z.array(z.object({ what: z.string(), from: z.string(), to: z.string().nullable() })),
  /** why it cannot be copied, in words; empty = it can */
  problems: z.array(z.string()),
  /** what a new group is offered: the source's name, a period not yet started */
  suggested: z.object({ groupName: z.string(), startDate: z.string(), endDate: z.string().nullable() }),
}).openapi("SuperPricingGridCopyPreview");
export type CopyPreview = z.output<typeof CopyPreview>;

export const CopyGridBody = z.object({
  sourceTenantId: idNumber(),
  pricingGridId: idNumber(),
  targetTenantId: idNumber(),
  /** an upcoming group of the target to copy into; absent = a new group */
  pricingGridGroupId: idNumber().nullish().transform((v) => v ?? null),
  /** the new group's name and period (a new group only) */
  groupName: z.string().trim().max(100, "Keep the name to 100 characters").nullish().transform((v) =>
    v || null
  ),
  startDate: isoDate.nullish().transform((v) => v ?? null),
  endDate: isoDate.nullish().transform((v) => v ?? null),
  reference: z.string().trim().min(1, "Enter the grid's reference").max(
    40,
    "Keep the reference to 40 characters",
  ),
}).refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, {
  path: ["endDate"],
  message: "The end cannot be before the start.",
}).openapi("SuperCopyPricingGridBody");
export type CopyGridBody = z.output<typeof CopyGridBody>;

export const CopyGridResult = z.object({
  targetTenantId: z.number(),
  targetTenantName: z.string(),
  pricingGridGroupId: z.number(),
  groupName: z.string(),
  createdGroup: z.boolean(),
  pricingGridId: z.number(),
  reference: z.string(),
  cells: GridCells.nullable(),
  /** the grid's page in the target organisation (open it by working there) */
  gridPath: z.string(),
}).openapi("SuperCopyPricingGridResult");
