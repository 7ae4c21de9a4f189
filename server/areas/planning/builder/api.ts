import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { builderModel } from "./model.ts";
import { deleteCutPlan, getCutPlan, listCutPlans, predictedProducts, saveCutPlan } from "./operations.ts";
import {
  BuilderModel,
  CutPlan,
  CutPlanBody,
  CutPlanSummary,
  DayQuery,
  DeleteCutPlanBody,
  IdParam,
  Predicted,
  PredictedQuery,
} from "./schemas.ts";

/** The paths the builder island posts to. */
export const BUILDER_API = {
  cutPlans: "/api/planning/CutPlans",
  cutPlan: "/api/planning/CutPlan/{id}",
  saveCutPlan: "/api/planning/UpsertCutPlan",
  deleteCutPlan: "/api/planning/DeleteCutPlan",
  predictedProducts: "/api/planning/PredictedProducts",
  predictedProductsFromCarcass: "/api/planning/PredictedProductsFromCarcass",
  builder: "/api/planning/ScheduleBuilder",
} as const;

/** Whoever can open the schedule builder (super, module scheduleBuilder). */
const BUILDER: AccessRule = { pages: ["schedulebuilder"] };

/** Cut plans and predicted products (issue 41 item 5; spec 3 §7 "cut plan get and delete"). */
const api = areaApi(["Production planning: schedule builder"]);

api.get(
  BUILDER_API.cutPlans,
  "The cut plans of a production day, species and site",
  { query: DayQuery },
  z.array(CutPlanSummary),
  BUILDER,
  listCutPlans,
);

api.get(
  BUILDER_API.cutPlan,
  "One cut plan: each carcass group's recipes (recipesToTransact) and the statistic rows per cut",
  { params: IdParam },
  CutPlan,
  BUILDER,
  (ctx, { id }) => getCutPlan(ctx, id),
);

api.post(
  BUILDER_API.saveCutPlan,
  "Add (no id) or save a cut plan. Every group must be one of the day's groups, with at most one recipe per " +
    "primal (400); a plan saved by someone else since it was opened (lastModified) is refused (409).",
  CutPlanBody,
  CutPlan,
  BUILDER,
  saveCutPlan,
);

api.post(
  BUILDER_API.deleteCutPlan,
  "Delete a cut plan (409 when it changed since it was opened, or was released to a boning room)",
  DeleteCutPlanBody,
  z.object({ id: z.number() }),
  BUILDER,
  deleteCutPlan,
);

api.get(
  BUILDER_API.predictedProducts,
  "Predicted products (kg, pieces, cartons, value) and statistic rows of a production day from standard " +
    "yields: of a saved cut plan, or with no recipes (the orders alone)",
  { query: PredictedQuery },
  Predicted,
  BUILDER,
  (ctx, q) => predictedProducts(ctx, q, q.basis),
);

api.get(
  BUILDER_API.predictedProductsFromCarcass,
  "As PredictedProducts, from each carcass's own HSCW and fat depth instead of the standard yields",
  { query: PredictedQuery.omit({ basis: true }) },
  Predicted,
  BUILDER,
  (ctx, q) => predictedProducts(ctx, q, "carcass"),
);

api.get(
  BUILDER_API.builder,
  "What the schedule builder shows for a production day: its carcass groups (with words), the species' " +
    "recipes by primal, primal shares of HSCW, products, confirmed orders per cut, and the day's plans",
  { query: DayQuery },
  BuilderModel,
  BUILDER,
  // the model's props are the island's (client/islands/scheduleBuilder/model.ts), the same shape as BuilderModel
  async (ctx, q) => await builderModel(ctx, q),
);

export const builderApi = api.router();
