/** Product definitions, their code mapping and packaging at the API boundary (issue 41 item 1). */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

const id = z.number().int().positive();
const kg = z.number({ message: "Enter kg" }).min(0, "Kg cannot be negative").max(10_000);
export { IdParam } from "../../../http/params.ts";

/** A carton's fields as answered: a packaging's and the stored defaults' (packagingDefaults.ts). */
export const CARTON = {
  name: z.string(),
  weightType: z.enum(["fixed", "catch"]),
  nominalKg: z.number(),
  minKg: z.number(),
  maxKg: z.number(),
  piecesPerCarton: z.number(),
};
/** A carton's fields as sent (each body checks its pieces per carton itself). */
export const CARTON_BODY = {
  name: z.string().trim().min(1, "Name the packaging").max(80),
  weightType: z.enum(["fixed", "catch"], { message: "Choose fixed or catch weight" }),
  nominalKg: kg,
  minKg: kg,
  maxKg: kg,
};

export const SpeciesQuery = z.object({ speciesId: idNumber().optional() });

export const Packaging = z.object({
  id: z.number(),
  productDefinitionId: z.number(),
  ...CARTON,
  isDefault: z.boolean(),
  lastModified: z.string(),
});

export const MappedCode = z.object({ id: z.number(), code: z.string(), description: z.string() });

export const ProductDefinition = z.object({
  id: z.number(),
  name: z.string(),
  referenceNumber: z.string(),
  speciesId: z.number(),
  speciesName: z.string(),
  isRedMeatCut: z.boolean(),
  statCut: z.string().nullable(),
  codes: z.array(MappedCode),
  packagings: z.array(Packaging),
  lastModified: z.string(),
});

export const UpsertProductDefinitionBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  name: z.string().trim().min(1, "Enter the product's name").max(120),
  referenceNumber: z.string().trim().max(40).default(""),
  speciesId: id,
  isRedMeatCut: z.boolean().default(false),
  statCut: z.string().max(20).nullish().transform((v) => v || null),
  /** the plant product codes packed as this product (replaces the mapping) */
  productCodeIds: z.array(id).max(500).default([]),
  lastModified: z.string().nullish(),
});

export const UnmappedCode = z.object({
  productCodeId: z.number(),
  code: z.string(),
  description: z.string(),
  speciesId: z.number(),
  cartons: z.number(),
  kg: z.number(),
  lastSeen: z.string(),
});

export const ResolveUnmappedBody = z.object({
  productCodeId: id,
  /** map onto this product … */
  productDefinitionId: id.nullish().transform((v) => v ?? null),
  /** … or make a new product of this name */
  newProductName: z.string().trim().max(120).nullish().transform((v) => v || null),
});

export const RedMeatCutBody = z.object({
  isRedMeatCut: z.boolean(),
  productCodeIds: z.array(id).min(1, "Choose at least one product code").max(500),
});

export const Summary = z.object({
  products: z.number(),
  mappedCodes: z.number(),
  unmappedCodes: z.number(),
  redMeatCuts: z.number(),
  withoutPackaging: z.number(),
  /** when cartons were last received (the latest check for unmapped codes), or null */
  latestCartonAt: z.string().nullable(),
});

export const UpsertPackagingBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  productDefinitionId: id,
  ...CARTON_BODY,
  piecesPerCarton: z.number().int("Use whole pieces").min(0).max(1000),
  isDefault: z.boolean().default(false),
  lastModified: z.string().nullish(),
});

export const DeleteBody = z.object({ id, lastModified: z.string().nullish() });
