/** Bulk operations at the API boundary (issue 41 item 8): without `confirm` a call previews; with it, applies. */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";

const id = z.number().int().positive();
/** the token of the preview the user saw: the change is made only if it still holds (409 otherwise) */
const confirm = z.string().max(20).nullish();

export const BulkRecipeBody = z.object({
  recipeId: id,
  planIds: z.array(id).min(1, "Choose at least one plan").max(31, "Choose at most 31 plans"),
  confirm,
});
export const BulkCopyPlanBody = z.object({
  planId: id,
  toDate: isoDate,
  name: z.string().trim().min(1).max(80).nullish(),
  confirm,
});
export const BulkMapCodesBody = z.object({
  productDefinitionId: id,
  productCodeIds: z.array(id).min(1, "Choose at least one code").max(200, "Choose at most 200 codes"),
  confirm,
});

export const BulkResult = z.object({
  /** false: a preview (nothing changed); true: made, in one transaction */
  applied: z.boolean(),
  /** send back as `confirm` to make the previewed change */
  token: z.string(),
  /** one sentence for the whole change */
  summary: z.string(),
  /** what will change (or changed), one line each, in plain words */
  changes: z.array(z.string()),
});
