import type { AccessRule } from "../../../access/apiAccess.ts";
import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { comparablePlans, comparePlans, planAgainstActual } from "./operations.ts";
import { comparisonActivity } from "./activity.ts";
import {
  ComparablePlan,
  Comparison,
  ComparisonActivity,
  ComparisonQuery,
  PlanAgainstActual,
  PlanAgainstActualQuery,
} from "./schemas.ts";

// Super only with the productDefinitions module (the product comparison page's rule).
const COMPARE: AccessRule = { pages: ["productcomparison"] };

const api = areaApi(["Planning: product comparison"]);

api.get(
  "/api/planning/ComparablePlans",
  "Cut plans a comparison can choose from: a fortnight back to a week ahead",
  {},
  z.array(ComparablePlan),
  COMPARE,
  comparablePlans,
);
api.get(
  "/api/planning/ComparisonActivity",
  "What was done to the plans a comparison can choose from, newest first (at most 50): plans added, saved, " +
    "copied and changed in bulk, schedules released and withdrawn",
  {},
  z.array(ComparisonActivity),
  COMPARE,
  comparisonActivity,
);
api.get(
  "/api/planning/ProductComparison",
  "Two cut plans' predicted products side by side (kg, cartons, value) with each plan's head and $ per head",
  { query: ComparisonQuery },
  Comparison,
  COMPARE,
  comparePlans,
);

api.get(
  "/api/planning/PlanAgainstActual",
  "A released cut plan against the cartons its boning rooms packed that day: kg, cartons and value per " +
    "product and in total with $ per head, and the variance (packed kg valued at the plan's price per kg)",
  { query: PlanAgainstActualQuery },
  PlanAgainstActual,
  COMPARE,
  planAgainstActual,
);

export const comparisonApi = api.router();
