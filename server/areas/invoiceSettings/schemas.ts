/**
 * Invoicing settings at the API boundary (spec 2 §2.2 invoicesettings, §3 "Invoice settings (levies)",
 * "Carcass defect details"). Money in is dollars (and percentages) as a person types them; money out is
 * cents and basis points, as stored.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";
import { DEFECT_PRICE_RULES, LEVY_TYPES } from "./rules.ts";

const id = z.number().int().positive();
const lastModified = z.string().max(40).nullish().openapi({
  description: "as read; a stale one is answered 409",
});
const dollars = (what: string) =>
  z.number({ error: `Enter ${what} in dollars.` }).finite().min(0, "Amounts cannot be negative.").max(
    1_000_000,
    "At most $1,000,000.",
  );
const levyType = z.enum(LEVY_TYPES, { error: "Choose a levy type." });
const priceRule = z.enum(DEFECT_PRICE_RULES as [string, ...string[]], { error: "Choose how it is paid." });

const BandInput = z.object({
  fromValue: dollars("the carcass value the band starts at").nullish(),
  perHead: dollars("the amount a head").nullish(),
  percent: z.number({ error: "Enter a percentage." }).finite().min(0, "Amounts cannot be negative.")
    .max(100, "At most 100 %.").nullish(),
});

export const LevyBody = z.object({
  id: id.optional(),
  lastModified,
  levyType,
  /** null = every site */
  tenantSiteId: z.number().int().positive().nullish(),
  speciesCategoryId: z.number({ error: "Choose a species category." }).int().positive(),
  startDate: isoDate,
  description: z.string().trim().max(60, "At most 60 characters.").default(""),
  bands: z.array(BandInput.nullable()).max(6, "At most 6 bands."),
  maxPerHead: dollars("the cap a head").nullish(),
}).openapi("LevyBody");

export const LevyKeyQuery = z.object({
  levyType,
  tenantSiteId: wholeNumber({ min: 0 }),
  speciesCategoryId: idNumber(),
  startDate: isoDate,
  description: z.string().max(60).default(""),
});

export const DeleteBody = z.object({ id, lastModified }).openapi("DeleteInvoiceSettingBody");

const Band = z.object({ fromValueCents: z.number(), perHeadCents: z.number(), basisPoints: z.number() });

export const LevySetting = z.object({
  id,
  levyType,
  levyTypeName: z.string(),
  description: z.string(),
  /** 0 = every site */
  tenantSiteId: z.number(),
  site: z.string(),
  speciesCategoryId: z.number(),
  speciesCategory: z.string(),
  speciesId: z.number(),
  species: z.string(),
  startDate: z.string(),
  bands: z.array(Band),
  maxPerHeadCents: z.number().nullable(),
  /** the rate in words */
  rate: z.string(),
  /** the row that applies today (a later start date has not begun, an earlier one is superseded) */
  timing: z.enum(["current", "future", "superseded"]),
  lastModified: z.string(),
}).openapi("LevySetting");
export type LevySetting = z.infer<typeof LevySetting>;

export const DefectDetailBody = z.object({
  id: id.optional(),
  lastModified,
  code: z.string().trim().min(1, "Enter the code the kill floor sends.").max(30, "At most 30 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only."),
  name: z.string().trim().min(1, "Name the defect category.").max(60, "At most 60 characters."),
  /** null = every species */
  speciesId: z.number().int().positive().nullish(),
  priceRule,
  percentOff: z.number({ error: "Enter a percentage." }).finite().min(0).max(100, "At most 100 %.").nullish(),
  centsPerKgOff: z.number({ error: "Enter cents a kg." }).finite().min(0).max(100_000).nullish(),
  perHead: dollars("the amount a head").nullish(),
}).openapi("DefectDetailBody");

export const ArchiveDefectBody = z.object({ id, lastModified, isArchived: z.boolean() }).openapi(
  "ArchiveDefectDetailBody",
);

export const DefectDetail = z.object({
  id,
  code: z.string(),
  name: z.string(),
  speciesId: z.number().nullable(),
  species: z.string(),
  priceRule,
  /** percent, cents per kg or cents per head by the rule */
  amount: z.number(),
  rule: z.string(),
  isArchived: z.boolean(),
  lastModified: z.string(),
}).openapi("DefectDetail");
export type DefectDetail = z.infer<typeof DefectDetail>;

export const DefectIdParam = z.object({ id: idNumber() });
export type LevyBody = z.infer<typeof LevyBody>;
export type DefectDetailBody = z.infer<typeof DefectDetailBody>;
