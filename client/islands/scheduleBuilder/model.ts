/**
 * The schedule builder island's props: a plain model the page loader fills (the day's groups, the
 * species' recipes, primal shares and products, the confirmed orders per cut, the saved plan).
 */
import type {
  GroupAssignment,
  PlanGroup,
  PlanProduct,
  PlanRecipe,
  PredictionBasis,
  PrimalShare,
  StatCut,
} from "../../../server/areas/planning/builder/rules.ts";

export type BuilderGroup = PlanGroup & {
  dateValue: string;
  /** "Meets HSCW 18–24 kg, GR 6–15 mm" */
  label: string;
  /** "40 head · 880 kg · fat 11 mm" */
  detail: string;
};

export type SavedPlan = {
  id: number | null;
  name: string;
  basis: PredictionBasis;
  assignments: GroupAssignment[];
  lastModified: string | null;
};

export interface ScheduleBuilderProps {
  productionDate: string;
  speciesId: number;
  tenantSiteId: number;
  groups: BuilderGroup[];
  recipes: PlanRecipe[];
  primals: PrimalShare[];
  products: PlanProduct[];
  orderedKgByCut: Record<StatCut, number>;
  plan: SavedPlan;
  urls: { save: string; remove: string };
}

/** The body of a cut plan save (server/areas/planning/builder/schemas.ts CutPlanBody). */
export function planBody(p: ScheduleBuilderProps, plan: SavedPlan) {
  const dateOf = new Map(p.groups.map((g) => [g.id, g.dateValue]));
  return {
    id: plan.id ?? undefined,
    name: plan.name,
    basis: plan.basis,
    productionDate: p.productionDate,
    speciesId: p.speciesId,
    tenantSiteId: p.tenantSiteId,
    lastModified: plan.lastModified ?? undefined,
    carcassGroups: plan.assignments.map((a) => ({
      id: a.groupId,
      dateValue: dateOf.get(a.groupId) ?? p.productionDate,
      tenantSiteId: p.tenantSiteId,
      recipesToTransact: a.recipeIds,
    })),
  };
}
