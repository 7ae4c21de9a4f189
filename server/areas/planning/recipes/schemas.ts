/** Recipes and ingredients at the API boundary (issue 41 item 3). */
import { z } from "@hono/zod-openapi";
import { formRows } from "../formRows.ts";
import { idNumber } from "../../../http/params.ts";

const id = z.number().int().positive();
const percent = z.number({ message: "Enter a percent" }).min(0, "A percent is 0 to 100").max(
  100,
  "A percent is 0 to 100",
);
export { IdParam } from "../../../http/params.ts";
export const RecipesQuery = z.object({ speciesId: idNumber().optional(), primalId: idNumber().optional() });

export const RecipeLine = z.object({
  productDefinitionId: z.number(),
  productName: z.string(),
  yieldPercent: z.number(),
});
export const Recipe = z.object({
  id: z.number(),
  name: z.string(),
  speciesId: z.number(),
  primalId: z.number(),
  primalName: z.string(),
  trimPercent: z.number(),
  fatPercent: z.number(),
  bonePercent: z.number(),
  lossPercent: z.number(),
  totalPercent: z.number(),
  lines: z.array(RecipeLine),
  lastModified: z.string(),
});

export const UpsertRecipeBody = z.object({
  id: id.nullish().transform((v) => v ?? null),
  name: z.string().trim().min(1, "Name the recipe").max(80),
  primalId: id,
  trimPercent: percent.default(0),
  fatPercent: percent.default(0),
  bonePercent: percent.default(0),
  lossPercent: percent.default(0),
  lines: z.preprocess(
    formRows("productDefinitionId"),
    z.array(z.object({ productDefinitionId: id, yieldPercent: percent })).max(60),
  ),
  lastModified: z.string().nullish(),
});
export const DeleteBody = z.object({ id, lastModified: z.string().nullish() });

export const Ingredient = z.object({
  primalId: z.number(),
  primalName: z.string(),
  speciesId: z.number(),
  /** how many a carcass gives (2 legs) */
  numeric: z.number(),
  repeatable: z.boolean(),
  /** the species' ingredient list as read (its latest change; "" before the first save): send it back to set them */
  revision: z.string(),
});
export const SetIngredientsBody = z.object({
  speciesId: id,
  /** the revision the list was read at: 409 when someone saved the species' ingredients since */
  revision: z.string().max(40).nullish(),
  ingredients: z.preprocess(
    formRows("primalId"),
    z.array(z.object({
      primalId: id,
      numeric: z.number({ message: "Say how many a carcass gives" }).int("Use a whole number")
        .min(1, "A carcass gives at least 1").max(20),
      repeatable: z.boolean().default(false),
    })).max(60),
  ),
});
