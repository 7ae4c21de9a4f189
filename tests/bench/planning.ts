/**
 * Benchmark of production planning (issue 41 "Speed"), as the super user on the demo's sheep:
 * - predicted products for 3,000 lamb carcasses in 12 groups (the pure rules the server and the island
 *   share, on the demo's recipes, primals and products): target ≤ 50 ms;
 * - a drop in the builder (the recipe placed, products and statistic rows recomputed) with 20 groups:
 *   target ≤ 16 ms (one frame);
 * - a kill day's carcass groups kept against judged afresh (PlannableCarcassGroups, isFetchFromDb):
 *   target ≥ 10× faster kept;
 * - the builder page and the Scheduled Products Report page (server time), and the builder's HTML for its
 *   JavaScript weight (main.ts: target ≤ 120 KB gzip).
 */
import { addDays } from "../../kernel/dates.ts";
import {
  dropRecipe,
  type GroupAssignment,
  type PlanGroup,
  planOutcome,
  type PlanProduct,
  type PlanRecipe,
  type PrimalShare,
  type StatCut,
} from "../../server/areas/planning/builder/rules.ts";
import { time, type Timing } from "./timing.ts";

export interface PlanningBench {
  predict3000: Timing;
  drop20: Timing;
  products: number;
  keptGroups: Timing;
  freshGroups: Timing;
  builderPage: Timing;
  reportPage: Timing;
  builderHtml: string;
}

type AppFetch = (url: string, init?: RequestInit) => Response | Promise<Response>;

type Model = {
  props: {
    tenantSiteId: number;
    recipes: PlanRecipe[];
    primals: PrimalShare[];
    products: PlanProduct[];
    orderedKgByCut: Record<StatCut, number>;
  };
};

const groupsOf = (count: number, head: number): PlanGroup[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `g${i}`,
    head,
    hscwKg: head * (20 + (i % 5)),
    fatAdjustedKg: head * (20 + (i % 5)),
  }));

export async function benchPlanning(
  origin: string,
  cookie: string,
  today: string,
  appFetch: AppFetch,
): Promise<PlanningBench> {
  const get = async (path: string) => {
    const res = await appFetch(`${origin}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return await res.text();
  };
  const tomorrow = addDays(today, 1), yesterday = addDays(today, -1);
  const builderHtml = await get(`/productionscheduling/schedulebuilder?date=${tomorrow}&species=1`);
  const model: Model = JSON.parse(
    await get(`/api/planning/ScheduleBuilder?productionDate=${tomorrow}&speciesId=1&tenantSiteId=0`),
  );
  const { recipes, primals, products, orderedKgByCut } = model.props;
  const tenantSiteId = JSON.parse(await get("/login/usermodel")).tenantSites[0].id;
  const recipeMap = new Map(recipes.map((r) => [r.id, r]));
  const primalMap = new Map(primals.map((p) => [p.primalId, p]));
  const firstPerPrimal = [...new Map(recipes.map((r) => [r.primalId, r.id])).values()];
  const everyGroup = (groups: PlanGroup[]): GroupAssignment[] =>
    groups.map((g) => ({ groupId: g.id, recipeIds: [...firstPerPrimal] }));
  const outcome = (groups: PlanGroup[], assignments: GroupAssignment[]) =>
    planOutcome({
      groups,
      assignments,
      recipes: recipeMap,
      primals: primalMap,
      products,
      orderedKgByCut,
      basis: "standard",
    });

  const twelve = groupsOf(12, 250); // 3,000 head
  if (!outcome(twelve, everyGroup(twelve)).products.length) throw new Error("the plan predicted no products");
  const predict3000 = await time(200, () => outcome(twelve, everyGroup(twelve)));
  const twenty = groupsOf(20, 150);
  const start = everyGroup(twenty);
  let at = 0;
  const drop20 = await time(200, () => {
    const recipe = recipes[at++ % recipes.length];
    outcome(twenty, dropRecipe(start, twenty[at % 20].id, recipe, recipeMap));
  });

  const groups = (fresh: boolean) => () =>
    get(
      `/api/planning/PlannableCarcassGroups?speciesId=1&tenantSiteId=${tenantSiteId}` +
        `&fromDateValue=${yesterday}&toDateValue=${yesterday}${fresh ? "&isFetchFromDb=true" : ""}`,
    );
  const freshGroups = await time(20, groups(true), 3);
  const keptGroups = await time(60, groups(false));
  const builderPage = await time(
    30,
    () => get(`/productionscheduling/schedulebuilder?date=${tomorrow}&species=1`),
  );
  const reportPage = await time(30, () => get(`/home/scheduledProductsReport?date=${yesterday}`));
  return {
    predict3000,
    drop20,
    products: products.length,
    keptGroups,
    freshGroups,
    builderPage,
    reportPage,
    builderHtml,
  };
}
