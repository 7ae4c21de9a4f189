/**
 * The schedule builder's pure rules (issue 41 item 5), shared by the server and the builder island so a
 * drop recomputes at once: a cut plan gives each carcass group one recipe per primal (its
 * recipesToTransact); the predicted products of a group are its kg × the primal's share of HSCW × each
 * recipe line's yield %; the statistic rows compare them, per cut, with the confirmed orders.
 *
 * Two bases: "standard" multiplies the group's HSCW (standard yields), "carcass" the group's fat-adjusted
 * kg (each carcass's own HSCW and fat, see groups/rules.ts fatFactor). Kg work at full precision and are
 * rounded once for the answer; money is integer cents.
 */

/** The statistic rows' cuts, in the order the builder shows them (spec 3 §3 "Cut plan"). */
export const STAT_CUTS = [
  "leg",
  "hindshank",
  "chump",
  "rump",
  "rack",
  "loin",
  "shoulder",
  "foreshank",
  "neck",
] as const;
export type StatCut = typeof STAT_CUTS[number];
export const STAT_ROWS = ["Total", "Orders", "+", "Filled", "Unfilled"] as const;
export type StatRowName = typeof STAT_ROWS[number];

export type RecipeLine = { productId: number; yieldPercent: number };
export type PlanRecipe = { id: number; name: string; primalId: number; lines: readonly RecipeLine[] };
/** A primal and its share of HSCW (percent, from the standard yields of the codes under it). */
export type PrimalShare = { primalId: number; name: string; percentOfHscw: number };
export type PlanProduct = {
  id: number;
  name: string;
  cut: StatCut | null;
  /** packaging: nominal kg a carton holds (0: sold loose) and pieces in a carton */
  nominalKg: number;
  piecesPerCarton: number;
  /** the day's price per kg (cents); null: none of its codes has a price in force that day */
  centsPerKg: number | null;
};
export type PlanGroup = { id: string; head: number; hscwKg: number; fatAdjustedKg: number };
/** One group's recipes: the plan's carcassGroups[].recipesToTransact. */
export type GroupAssignment = { groupId: string; recipeIds: number[] };
export type PredictionBasis = "standard" | "carcass";

export type PredictedProduct = {
  productId: number;
  name: string;
  cut: StatCut | null;
  kg: number;
  pieces: number;
  cartons: number;
  /** its value at the day's price; 0 when it has none (`priced` false) */
  cents: number;
  priced: boolean;
};
export type StatRow = { row: StatRowName; values: Record<StatCut, number>; total: number };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Beef in the statistic rows. The spec's rows name lamb's cuts; a beef plan counts its primals under the
 * same nine slots, each shown under the beef name a boning room uses (AUS-MEAT primals), so the rows
 * compare beef products with beef orders instead of showing nine columns of zeros. First match wins.
 */
const BEEF_SLOTS: readonly [RegExp, StatCut][] = [
  [/hind ?(shin|shank)/, "hindshank"],
  [/fore ?(shin|shank)|\bshin\b|\bshank\b/, "foreshank"],
  [/tenderloin/, "chump"],
  [/topside|silverside|outside flat|eye round|knuckle|thick flank/, "leg"],
  [/rump/, "rump"],
  [/cube roll|rib ?eye|rib set/, "rack"],
  [/striploin|sirloin/, "loin"],
  [/blade|chuck|clod|bolar/, "shoulder"],
  [/brisket|neck/, "neck"],
];
const BEEF_SPECIES_ID = 2;
const LAMB_LABELS: Partial<Record<StatCut, string>> = { hindshank: "Hind shank", foreshank: "Fore shank" };
const BEEF_LABELS: Record<StatCut, string> = {
  leg: "Round",
  hindshank: "Hind shin",
  chump: "Tenderloin",
  rump: "Rump",
  rack: "Cube roll",
  loin: "Striploin",
  shoulder: "Chuck and blade",
  foreshank: "Fore shin",
  neck: "Brisket and neck",
};

/** A statistic row's heading for the plan's species. */
export function statCutLabel(cut: StatCut, speciesId: number): string {
  if (speciesId === BEEF_SPECIES_ID) return BEEF_LABELS[cut];
  return LAMB_LABELS[cut] ?? cut[0].toUpperCase() + cut.slice(1);
}

/** The cut a product counts under in the statistics, from its cut segment and description; null: none. */
export function statCutOf(segmentName: string, description = "", speciesId = 0): StatCut | null {
  const text = `${description} ${segmentName}`.toLowerCase();
  if (speciesId === BEEF_SPECIES_ID) return BEEF_SLOTS.find(([named]) => named.test(text))?.[1] ?? null;
  for (const named of ["hindshank", "foreshank", "rump"] as const) if (text.includes(named)) return named;
  const segment = segmentName.toLowerCase();
  if ((STAT_CUTS as readonly string[]).includes(segment)) return segment as StatCut;
  if (text.includes("backstrap")) return "loin";
  for (const cut of STAT_CUTS) if (text.includes(cut)) return cut;
  return null;
}

/** Gives the group the recipe, replacing the one it had for the same primal; other groups unchanged. */
export function dropRecipe(
  assignments: readonly GroupAssignment[],
  groupId: string,
  recipe: Pick<PlanRecipe, "id" | "primalId">,
  recipes: ReadonlyMap<number, Pick<PlanRecipe, "primalId">>,
): GroupAssignment[] {
  const found = assignments.some((a) => a.groupId === groupId);
  const list = found ? assignments : [...assignments, { groupId, recipeIds: [] }];
  return list.map((a) => {
    if (a.groupId !== groupId) return a;
    const kept = a.recipeIds.filter((id) => recipes.get(id)?.primalId !== recipe.primalId);
    return { groupId, recipeIds: [...kept, recipe.id] };
  });
}

/** Takes a recipe off a group. */
export function removeRecipe(assignments: readonly GroupAssignment[], groupId: string, recipeId: number) {
  return assignments.map((a) =>
    a.groupId === groupId ? { groupId, recipeIds: a.recipeIds.filter((id) => id !== recipeId) } : a
  )
    .filter((a) => a.recipeIds.length > 0);
}

/** Kg per product, at full precision, for the plan's groups. */
export function predictedKg(
  groups: readonly PlanGroup[],
  assignments: readonly GroupAssignment[],
  recipes: ReadonlyMap<number, PlanRecipe>,
  primals: ReadonlyMap<number, PrimalShare>,
  basis: PredictionBasis,
): Map<number, number> {
  const kgOf = new Map<string, number>();
  for (const g of groups) kgOf.set(g.id, basis === "carcass" ? g.fatAdjustedKg : g.hscwKg);
  const out = new Map<number, number>();
  for (const a of assignments) {
    const groupKg = kgOf.get(a.groupId);
    if (groupKg === undefined) continue;
    for (const recipeId of a.recipeIds) {
      const recipe = recipes.get(recipeId);
      const share = recipe && primals.get(recipe.primalId);
      if (!recipe || !share) continue;
      const primalKg = groupKg * share.percentOfHscw / 100;
      for (const line of recipe.lines) {
        out.set(line.productId, (out.get(line.productId) ?? 0) + primalKg * line.yieldPercent / 100);
      }
    }
  }
  return out;
}

/** Kg, cartons, pieces and cents of each product, products in the catalogue's order. */
export function predictedProducts(
  kgByProduct: ReadonlyMap<number, number>,
  products: readonly PlanProduct[],
): PredictedProduct[] {
  const out: PredictedProduct[] = [];
  for (const p of products) {
    const kg = kgByProduct.get(p.id);
    if (!kg) continue;
    const exactCartons = p.nominalKg > 0 ? kg / p.nominalKg : 0;
    out.push({
      productId: p.id,
      name: p.name,
      cut: p.cut,
      kg: round1(kg),
      cartons: Math.ceil(exactCartons - 1e-9),
      pieces: Math.round(exactCartons * p.piecesPerCarton),
      cents: Math.round(kg * (p.centsPerKg ?? 0)),
      priced: p.centsPerKg !== null,
    });
  }
  return out;
}

const emptyCuts = (): Record<StatCut, number> =>
  Object.fromEntries(STAT_CUTS.map((c) => [c, 0])) as Record<StatCut, number>;

/** Kg per statistic cut of a product → kg map. */
export function kgByCut(
  kgByProduct: ReadonlyMap<number, number>,
  cutOf: ReadonlyMap<number, StatCut | null>,
) {
  const out = emptyCuts();
  for (const [productId, kg] of kgByProduct) {
    const cut = cutOf.get(productId);
    if (cut) out[cut] += kg;
  }
  return out;
}

/**
 * The rows Total (predicted), Orders (confirmed), + (surplus: predicted over orders), Filled
 * (min of the two) and Unfilled (orders over predicted), per cut, kg to one decimal.
 */
export function statisticRows(
  predicted: Record<StatCut, number>,
  ordered: Record<StatCut, number>,
): StatRow[] {
  const rows: Record<StatRowName, Record<StatCut, number>> = {
    Total: emptyCuts(),
    Orders: emptyCuts(),
    "+": emptyCuts(),
    Filled: emptyCuts(),
    Unfilled: emptyCuts(),
  };
  for (const cut of STAT_CUTS) {
    const p = predicted[cut] ?? 0, o = ordered[cut] ?? 0;
    rows.Total[cut] = round1(p);
    rows.Orders[cut] = round1(o);
    rows["+"][cut] = round1(Math.max(0, p - o));
    rows.Filled[cut] = round1(Math.min(p, o));
    rows.Unfilled[cut] = round1(Math.max(0, o - p));
  }
  return STAT_ROWS.map((row) => ({
    row,
    values: rows[row],
    total: round1(STAT_CUTS.reduce((s, c) => s + rows[row][c], 0)),
  }));
}

/** Everything a drop recomputes: the products and the statistic rows. */
export function planOutcome(input: {
  groups: readonly PlanGroup[];
  assignments: readonly GroupAssignment[];
  recipes: ReadonlyMap<number, PlanRecipe>;
  primals: ReadonlyMap<number, PrimalShare>;
  products: readonly PlanProduct[];
  orderedKgByCut: Record<StatCut, number>;
  basis: PredictionBasis;
}) {
  const kg = predictedKg(input.groups, input.assignments, input.recipes, input.primals, input.basis);
  const cutOf = new Map(input.products.map((p) => [p.id, p.cut]));
  return {
    products: predictedProducts(kg, input.products),
    statistics: statisticRows(kgByCut(kg, cutOf), input.orderedKgByCut),
  };
}

/** What is wrong with a plan's assignments (field → message), empty when it can be saved. */
export function planProblems(
  assignments: readonly GroupAssignment[],
  groupIds: ReadonlySet<string>,
  recipes: ReadonlyMap<number, Pick<PlanRecipe, "primalId">>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  assignments.forEach((a, i) => {
    const at = `carcassGroups.${i}`;
    if (seen.has(a.groupId)) problems[at] = "A group appears twice in the plan.";
    seen.add(a.groupId);
    if (!groupIds.has(a.groupId)) problems[at] = "That group is not among the day's groups.";
    const primals = new Set<number>();
    for (const id of a.recipeIds) {
      const recipe = recipes.get(id);
      if (!recipe) problems[`${at}.recipesToTransact`] = "That recipe does not exist.";
      else if (primals.has(recipe.primalId)) {
        problems[`${at}.recipesToTransact`] = "A group takes one recipe per primal.";
      } else primals.add(recipe.primalId);
    }
  });
  return problems;
}
