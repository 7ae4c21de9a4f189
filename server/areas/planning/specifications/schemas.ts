/** Specification types, carcass types with their rules, and cut specifications at the API boundary (issue 41 item 2). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { formRows } from "../formRows.ts";
import { SPEC_CATEGORY_IDS, SPEC_METRIC_KEYS } from "./rules.ts";

const id = z.number().int().positive();
const bound = z.number().min(-10_000).max(100_000).nullish().transform((v) => v ?? null);
export { IdParam } from "../../../http/params.ts";
export const SpeciesQuery = z.object({ speciesId: idNumber().optional() });

export const CategoryId = z.number().int().refine((v) => SPEC_CATEGORY_IDS.includes(v), {
  message: "Choose a category: Yield, Eating Quality, Brand Claims, Market Eligibility or Other",
});

export const Categories = z.object({
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  metrics: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })),
});

export const SpecificationType = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  metric: z.string(),
  lastModified: z.string(),
});
export const UpsertSpecificationTypeBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  name: z.string().trim().min(1, "Name the specification type").max(80),
  categoryId: CategoryId,
  metric: z.string().refine((m) => SPEC_METRIC_KEYS.includes(m), { message: "Choose a kill floor field" }),
  lastModified: z.string().nullish(),
});

export const Rule = z.object({
  id: z.number(),
  specificationTypeId: z.number(),
  typeName: z.string(),
  categoryId: z.number(),
  metric: z.string(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  textValue: z.string().nullable(),
  description: z.string(),
  summary: z.string(),
});
export const RuleInput = z.object({
  specificationTypeId: id,
  minValue: bound,
  maxValue: bound,
  textValue: z.string().max(2).nullish().transform((v) => v || null),
  description: z.string().max(200).default(""),
});

export const CarcassType = z.object({
  id: z.number(),
  name: z.string(),
  speciesId: z.number(),
  speciesName: z.string(),
  isOrderable: z.boolean(),
  isProduceable: z.boolean(),
  specifications: z.array(Rule),
  lastModified: z.string(),
});
export const UpsertCarcassTypeBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  name: z.string().trim().min(1, "Name the carcass type").max(80),
  speciesId: id,
  isOrderable: z.boolean().default(false),
  isProduceable: z.boolean().default(true),
  /** the type's rules (replace the ones it had; the data form's blank rows are dropped) */
  specifications: z.preprocess(formRows("specificationTypeId"), z.array(RuleInput).max(30)).default([]),
  lastModified: z.string().nullish(),
});

export const CutSpecification = Rule.extend({ segmentId: z.number(), segmentName: z.string() });
export const UpsertCutSpecificationsBody = z.object({
  segmentId: id,
  specifications: z.preprocess(formRows("specificationTypeId"), z.array(RuleInput).max(30)),
});

export const Segment = z.object({
  id: z.number(),
  speciesId: z.number(),
  name: z.string(),
  level: z.string(),
  parentId: z.number().nullable(),
});
export const BoningRoom = z.object({ id: z.number(), tenantSiteId: z.number(), name: z.string() });
export const DeleteBody = z.object({ id, lastModified: z.string().nullish() });
