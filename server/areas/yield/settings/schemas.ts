/**
 * Settings › Yield, Product codes and Cut hierarchy overrides at the API boundary (spec 2 §2.2 yieldsettings,
 * spec 3 §7 "segment overrides", "boning room data", "user settings update"). Shape checks only; what
 * compares with stored rows (a cut of the code's species, a future standard) is in the operations.
 * Money fields (`dollarsPerKg`) appear only for a tenant with the yieldRevenue module: absent, not null.
 */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber, PageQuery } from "../../../http/params.ts";
import { PRODUCT_KINDS, SEGMENT_LEVELS } from "../rules.ts";

const id = z.number().int().positive();
const optionalId = id.nullish().transform((v) => v ?? null);
const lastModified = z.string().max(40).nullish();
/** past, in force today, or from a later day */
const Timing = z.enum(["past", "current", "future"]);

export const SpeciesQuery = z.object({ speciesId: idNumber() });

export const ProductCodesQuery = PageQuery.extend({
  speciesId: idNumber(),
  /** words of the code, description or AUS-MEAT item number */
  q: z.string().trim().max(100).optional(),
});

export const ProductCode = z.object({
  id: z.number(),
  speciesId: z.number(),
  code: z.string(),
  description: z.string(),
  meatCode: z.string().nullable(),
  kind: z.enum(PRODUCT_KINDS),
  /** Saleable product, Bone, Fat or Trim */
  kindName: z.string(),
  cutId: z.number().nullable(),
  /** body segment › primal › cut; empty for bone, fat and trim */
  cutPath: z.string(),
  /** the standard yield in force today, % of HSCW */
  standardPercent: z.number().nullable(),
  /** the price in force today (yieldRevenue module only) */
  dollarsPerKg: z.number().nullable().optional(),
  isActive: z.boolean(),
  /** cartons were labelled with it: it can be deactivated, not deleted */
  hasCartons: z.boolean(),
  lastModified: z.string(),
}).openapi("YieldProductCode");
export type ProductCode = z.input<typeof ProductCode>;

export const UpsertProductCodeBody = z.object({
  id: optionalId,
  speciesId: id,
  code: z.string().trim().min(1, "Enter the code").max(30, "Use at most 30 characters"),
  description: z.string().trim().min(1, "Enter a description").max(120),
  meatCode: z.string().trim().max(20).nullish().transform((v) => v || null),
  kind: z.enum(PRODUCT_KINDS, { error: "Choose Saleable product, Bone, Fat or Trim" }),
  /** the cut it reports under: required for a saleable product, none for bone, fat and trim */
  cutId: optionalId,
  isActive: z.boolean().default(true),
  lastModified,
}).openapi("UpsertYieldProductCode");

export const DeleteProductCodeBody = z.object({ productCodeId: id, lastModified })
  .openapi("DeleteYieldProductCode");

/** Standard yields or prices: of one code, or of every code of a species. */
export const DatedQuery = z.object({
  productCodeId: idNumber().optional(),
  speciesId: idNumber().optional(),
});

const datedFields = {
  id: z.number(),
  productCodeId: z.number(),
  code: z.string(),
  description: z.string(),
  effectiveFrom: z.string(),
  timing: Timing,
  lastModified: z.string(),
};

export const StandardYield = z.object({ ...datedFields, percent: z.number() }).openapi("StandardYield");
export type StandardYield = z.input<typeof StandardYield>;

export const ProductPrice = z.object({ ...datedFields, dollarsPerKg: z.number() }).openapi("ProductPrice");
export type ProductPrice = z.input<typeof ProductPrice>;

const datedBody = { id: optionalId, productCodeId: id, effectiveFrom: isoDate, lastModified };

export const UpsertStandardYieldBody = z.object({
  ...datedBody,
  percent: z.number({ error: "Enter the standard yield (% of HSCW)" })
    .gt(0, "The standard yield is more than 0 %").max(100, "The standard yield is at most 100 %"),
}).openapi("UpsertStandardYield");

export const UpsertProductPriceBody = z.object({
  ...datedBody,
  dollarsPerKg: z.number({ error: "Enter the price ($/kg)" }).min(0, "The price cannot be negative")
    .max(10_000, "The price is at most $10,000/kg")
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "Use dollars and cents"),
}).openapi("UpsertProductPrice");

export const DeleteStandardYieldBody = z.object({ standardYieldId: id, lastModified })
  .openapi("DeleteStandardYield");
export const DeleteProductPriceBody = z.object({ productPriceId: id, lastModified })
  .openapi("DeleteProductPrice");

export const Segment = z.object({
  id: z.number(),
  level: z.enum(SEGMENT_LEVELS),
  levelName: z.string(),
  name: z.string(),
  parentId: z.number().nullable(),
  sortOrder: z.number(),
  /** product type › body segment › primal › cut, down to this one */
  path: z.string(),
}).openapi("YieldSegment");
export type Segment = z.input<typeof Segment>;

export const SegmentOverride = z.object({
  id: z.number(),
  productCodeId: z.number(),
  code: z.string(),
  description: z.string(),
  /** the cut the code is set up under (Product codes) */
  ownCutPath: z.string(),
  cutId: z.number(),
  /** the cut it is reported under from effectiveFrom */
  cutPath: z.string(),
  effectiveFrom: z.string(),
  reason: z.string(),
  timing: Timing,
  lastModified: z.string(),
}).openapi("SegmentOverride");
export type SegmentOverride = z.input<typeof SegmentOverride>;

export const UpsertSegmentOverrideBody = z.object({
  id: optionalId,
  productCodeId: id,
  cutId: id,
  effectiveFrom: isoDate,
  reason: z.string().trim().min(1, "Say why it is reported under another cut").max(300),
  lastModified,
}).openapi("UpsertSegmentOverride");

export const DeleteSegmentOverrideBody = z.object({ segmentOverrideId: id, lastModified })
  .openapi("DeleteSegmentOverride");

export const BoningRoomsQuery = z.object({ tenantSiteId: idNumber().optional() });

export const BoningRoom = z.object({
  id: z.number(),
  tenantSiteId: z.number(),
  site: z.string(),
  name: z.string(),
  speciesIds: z.array(z.number()),
  species: z.array(z.string()),
  isActive: z.boolean(),
  lastModified: z.string(),
}).openapi("BoningRoom");
export type BoningRoom = z.input<typeof BoningRoom>;

export const UpsertBoningRoomBody = z.object({
  id: optionalId,
  tenantSiteId: id,
  name: z.string().trim().min(1, "Enter the room's name").max(60),
  speciesIds: z.array(idNumber()).max(20).default([]),
  isActive: z.boolean().default(true),
  lastModified,
}).openapi("UpsertBoningRoom");

const Pair = z.object({ tenantSiteId: id, speciesType: id });

/**
 * The yield user setting's plantSpeciesVisibility (spec 3 §3): pairs of site and species the user sees;
 * empty = every site and species of theirs. The users form sends its ticked boxes as "site:species".
 */
const Pairs = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v.map((p) => {
        const m = typeof p === "string" ? /^(\d{1,9}):(\d{1,9})$/.exec(p) : null;
        return m ? { tenantSiteId: Number(m[1]), speciesType: Number(m[2]) } : p;
      })
      : v,
  z.array(Pair, { error: "Give pairs of site and species" }).max(500),
);

export const UserVisibilityQuery = z.object({ userId: idNumber() });

export const UserVisibility = z.object({
  userId: z.number(),
  plantSpeciesVisibility: z.array(Pair),
}).openapi("UserPlantSpeciesVisibility");

export const UpdateUserVisibilityBody = z.object({
  userId: id,
  plantSpeciesVisibility: Pairs,
}).openapi("UpdateUserPlantSpeciesVisibility");
