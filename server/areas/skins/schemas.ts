/**
 * Skin grading and skin/hide prices at the API boundary (spec 2 §3 "Incomplete skins record", "Skin price
 * and hide price", §7.2, §7.3). Prices in are dollars a piece as a person types them; out, cents.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, PageQuery, wholeNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { SKIN_GRADES, SKIN_PAGE_SIZE } from "./rules.ts";

const id = z.number().int().positive();
const lastModified = z.string().max(40).nullish().openapi({
  description: "as read; a stale one is answered 409",
});
const grade = z.enum(SKIN_GRADES, { error: "Use a grade of 1, 2, 3 or reject." });
const piecePrice = z.number({ error: "Enter a price in dollars a piece." }).finite()
  .min(0, "Prices cannot be negative.").max(1_000, "At most $1,000 a piece.");

export const SkinPriceBody = z.object({
  id: id.optional(),
  lastModified,
  speciesId: z.number({ error: "Choose a species." }).int().positive(),
  /** null = every category of the species */
  speciesCategoryId: z.number().int().positive().nullish(),
  name: z.string().trim().min(1, "Name the price (as on the buyer's price list).").max(
    60,
    "At most 60 characters.",
  ),
  startDate: isoDate,
  /** from this day the price no longer applies */
  archivedDate: isoDate.nullish(),
  /** dollars a piece by grade; a blank grade has no price */
  grades: z.array(z.object({ grade, price: piecePrice.nullish() })).max(SKIN_GRADES.length),
}).openapi("SkinPriceBody");
export type SkinPriceBody = z.infer<typeof SkinPriceBody>;

export const ArchiveSkinPriceBody = z.object({
  id,
  lastModified,
  /** true: stop using it from today; false: use it again */
  isArchived: z.boolean(),
}).openapi("ArchiveSkinPriceBody");

export const SkinPrice = z.object({
  id,
  kind: z.enum(["skin", "hide"]),
  speciesId: z.number(),
  species: z.string(),
  speciesCategoryId: z.number().nullable(),
  speciesCategory: z.string(),
  name: z.string(),
  startDate: z.string(),
  archivedDate: z.string().nullable(),
  grades: z.array(z.object({ grade: z.string(), centsPerPiece: z.number() })),
  /** the row used today; an older begun one is superseded, a stopped one archived */
  timing: z.enum(["current", "future", "superseded", "archived"]),
  lastModified: z.string(),
}).openapi("SkinPrice");
export type SkinPrice = z.infer<typeof SkinPrice>;

export const SkinPricesQuery = z.object({ speciesId: idNumber().optional() });

const counts = z.partialRecord(grade, wholeNumber({ min: 0, max: 100_000 }));

export const SkinCountBody = z.object({
  productionDate: isoDate,
  countRecords: z.array(z.object({
    livestockOrderId: id,
    /** pieces by grade; a grade left out is none */
    counts,
    lastModified,
  })).min(1, "Count at least one order.").max(500, "At most 500 orders at once."),
}).openapi("SkinCountBody");
export type SkinCountBody = z.infer<typeof SkinCountBody>;

/** One order's kill on one production day, with its skins as counted so far. */
export const SkinRecord = z.object({
  livestockOrderId: z.number(),
  productionDate: z.string(),
  lotReference: z.string(),
  supplierName: z.string(),
  speciesId: z.number(),
  speciesCategory: z.string(),
  /** head processed that day: skins to count */
  totalToProcess: z.number(),
  counts: z.record(z.string(), z.number()),
  totalCounted: z.number(),
  isComplete: z.boolean(),
  /** the day's price and the counted skins' value (cents); null when no price is set */
  priceName: z.string().nullable(),
  valueCents: z.number().nullable(),
  unpricedGrades: z.array(z.string()),
  /** the invoice paying for the order, if any */
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceStatus: z.string().nullable(),
  recordedBy: z.string().nullable(),
  lastModified: z.string().nullable(),
}).openapi("SkinRecord");
export type SkinRecord = z.infer<typeof SkinRecord>;

const speciesName = z.string().max(40).openapi({
  description: "e.g. Sheep; default: your first species with skins",
});
/** The one page query, with the skin room's default page (spec 2 §4: 50). */
const paging = {
  ...PageQuery.shape,
  pageSize: PageQuery.shape.pageSize.openapi({
    description: `rows in the answer, at most 1,000 (default ${SKIN_PAGE_SIZE})`,
  }),
};

export const IncompleteSkinsQuery = z.object({
  speciesName: speciesName.optional(),
  ...paging,
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});

export const IncompleteInvoicesQuery = z.object({ speciesName: speciesName.optional(), ...paging });

export const SkinReportQuery = z.object({
  speciesName: speciesName.optional(),
  fromDate: isoDate,
  toDate: isoDate,
});

export const SkinDayQuery = z.object({ speciesName: speciesName.optional(), productionDate: isoDate });

/** A draft invoice that cannot be published for want of skin data. */
export const SkinInvoice = z.object({
  invoiceId: z.number(),
  livestockOrderId: z.number(),
  lotReference: z.string(),
  supplierName: z.string(),
  productionDate: z.string().nullable(),
  headProcessed: z.number(),
  totalSkinCount: z.number(),
  hasSkinPrice: z.boolean(),
  reason: z.string(),
}).openapi("SkinInvoice");

export const OrderIdParam = z.object({
  orderId: idNumber().openapi({ param: { name: "orderId", in: "path" }, type: "integer" }),
});
