/** Cut plans and predicted products at the API boundary (spec 3 §3 "Cut plan", §7). */
import { z } from "@hono/zod-openapi";
import { idNumber, wholeNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";
import { STAT_CUTS, STAT_ROWS } from "./rules.ts";

export { IdParam } from "../../../http/params.ts";

const id = z.number().int().positive();
const basis = z.enum(["standard", "carcass"]);

export const DayQuery = z.object({
  productionDate: isoDate,
  speciesId: idNumber(),
  tenantSiteId: wholeNumber({ min: 0 }),
});

export const PredictedQuery = DayQuery.extend({
  /** the saved plan to predict; without it, every group gets nothing (an empty plan) */
  cutPlanId: idNumber().optional(),
  basis: basis.optional(),
});

const CutPlanGroup = z.object({
  /** the carcass group's id (PlannableCarcassGroups) */
  id: z.string().min(1).max(200),
  dateValue: isoDate,
  tenantSiteId: z.number().int().min(0),
  /** one recipe per primal */
  recipesToTransact: z.array(id).max(50),
});

export const StatRow = z.object({
  row: z.enum(STAT_ROWS),
  values: z.object(
    Object.fromEntries(STAT_CUTS.map((c) => [c, z.number()])) as Record<
      typeof STAT_CUTS[number],
      z.ZodNumber
    >,
  ),
  total: z.number(),
});

export const PredictedProduct = z.object({
  productId: z.number(),
  name: z.string(),
  cut: z.enum(STAT_CUTS).nullable(),
  kg: z.number(),
  pieces: z.number(),
  cartons: z.number(),
  cents: z.number(),
  /** false: no price in force on the day for any of its codes (cents is then 0) */
  priced: z.boolean(),
});

export const CutPlan = z.object({
  id: z.number(),
  name: z.string(),
  productionDate: z.string(),
  speciesId: z.number(),
  tenantSiteId: z.number(),
  basis,
  carcassGroups: z.array(CutPlanGroup),
  statistics: z.array(StatRow),
  isReleased: z.boolean(),
  lastModified: z.string(),
});

export const CutPlanSummary = CutPlan.omit({ statistics: true, carcassGroups: true }).extend({
  groupCount: z.number(),
});

export const CutPlanBody = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, "Give the plan a name").max(100),
  productionDate: isoDate,
  speciesId: id,
  tenantSiteId: z.number().int().min(0),
  basis: basis.default("standard"),
  carcassGroups: z.array(CutPlanGroup).max(200),
  /** the plan's lastModified when it was opened (an edit without it is not checked) */
  lastModified: z.string().max(40).optional(),
});

export const DeleteCutPlanBody = z.object({ id, lastModified: z.string().max(40).optional() });

export const Predicted = z.object({
  productionDate: z.string(),
  basis,
  head: z.number(),
  hscwKg: z.number(),
  products: z.array(PredictedProduct),
  statistics: z.array(StatRow),
});

const StatValues = z.object(
  Object.fromEntries(STAT_CUTS.map((c) => [c, z.number()])) as Record<typeof STAT_CUTS[number], z.ZodNumber>,
);

export const BuilderModel = z.object({
  plans: z.array(CutPlanSummary),
  props: z.object({
    productionDate: z.string(),
    speciesId: z.number(),
    tenantSiteId: z.number(),
    groups: z.array(z.object({
      id: z.string(),
      dateValue: z.string(),
      head: z.number(),
      hscwKg: z.number(),
      fatAdjustedKg: z.number(),
      label: z.string(),
      detail: z.string(),
    })),
    recipes: z.array(z.object({
      id: z.number(),
      name: z.string(),
      primalId: z.number(),
      // readonly as the pure rules hold them (builder/rules.ts PlanRecipe)
      lines: z.array(z.object({ productId: z.number(), yieldPercent: z.number() })).readonly(),
    })),
    primals: z.array(z.object({ primalId: z.number(), name: z.string(), percentOfHscw: z.number() })),
    products: z.array(z.object({
      id: z.number(),
      name: z.string(),
      cut: z.enum(STAT_CUTS).nullable(),
      nominalKg: z.number(),
      piecesPerCarton: z.number(),
      centsPerKg: z.number().nullable(),
    })),
    orderedKgByCut: StatValues,
    plan: z.object({
      id: z.number().nullable(),
      name: z.string(),
      basis,
      assignments: z.array(z.object({ groupId: z.string(), recipeIds: z.array(z.number()) })),
      lastModified: z.string().nullable(),
    }),
  }),
});
