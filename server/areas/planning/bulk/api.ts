import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { bulkCopyPlan, bulkMapCodes, bulkRecipe } from "./operations.ts";
import { BulkCopyPlanBody, BulkMapCodesBody, BulkRecipeBody, BulkResult } from "./schemas.ts";

export const BULK_API = {
  recipe: "/api/planning/BulkApplyRecipe",
  copyPlan: "/api/planning/BulkCopyCutPlan",
  mapCodes: "/api/planning/BulkMapProductCodes",
} as const;

/** Whoever can open the bulk operations page (super, productDefinitions module). */
const BULK: AccessRule = { pages: ["bulkoperations"] };

const api = areaApi(["Planning: bulk operations"]);
const HOW =
  " Without confirm it previews and changes nothing; with the preview's token it makes the change in " +
  "one transaction, audited (409 when anything changed since the preview).";

api.post(
  BULK_API.recipe,
  "A recipe onto every carcass group of the chosen cut plans' days, in place of its primal's other recipe." +
    HOW,
  BulkRecipeBody,
  BulkResult,
  BULK,
  bulkRecipe,
);
api.post(
  BULK_API.copyPlan,
  "A cut plan copied to another day: each group onto that day's group of the same kind." + HOW,
  BulkCopyPlanBody,
  BulkResult,
  BULK,
  bulkCopyPlan,
);
api.post(
  BULK_API.mapCodes,
  "Many unmapped product codes mapped onto one product definition." + HOW,
  BulkMapCodesBody,
  BulkResult,
  BULK,
  bulkMapCodes,
);

export const bulkApi = api.router();
