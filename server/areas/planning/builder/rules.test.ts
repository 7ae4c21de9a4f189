import { describe, expect, test } from "vitest";
import {
  dropRecipe,
  kgByCut,
  planOutcome,
  planProblems,
  type PlanProduct,
  type PlanRecipe,
  predictedKg,
  predictedProducts,
  type PrimalShare,
  removeRecipe,
  STAT_CUTS,
  statCutLabel,
  statCutOf,
  statisticRows,
} from "./rules.ts";

const zero = () =>
  Object.fromEntries(STAT_CUTS.map((c) => [c, 0])) as Record<typeof STAT_CUTS[number], number>;
const primals = new Map<number, PrimalShare>([
  [10, { primalId: 10, name: "Leg", percentOfHscw: 20 }],
  [11, { primalId: 11, name: "Rack", percentOfHscw: 8 }],
]);
const recipes = new Map<number, PlanRecipe>([
  [1, { id: 1, name: "Leg bone in", primalId: 10, lines: [{ productId: 100, yieldPercent: 90 }] }],
  [2, { id: 2, name: "Leg boneless", primalId: 10, lines: [{ productId: 101, yieldPercent: 70 }] }],
  [3, { id: 3, name: "Rack frenched", primalId: 11, lines: [{ productId: 102, yieldPercent: 80 }] }],
]);
const products: PlanProduct[] = [
  { id: 100, name: "Leg", cut: "leg", nominalKg: 20, piecesPerCarton: 8, centsPerKg: 1190 },
  { id: 101, name: "Leg BL", cut: "leg", nominalKg: 10, piecesPerCarton: 6, centsPerKg: 1690 },
  { id: 102, name: "Rack FR", cut: "rack", nominalKg: 5, piecesPerCarton: 20, centsPerKg: 3750 },
];
const groups = [
  { id: "a", head: 50, hscwKg: 1000, fatAdjustedKg: 950 },
  { id: "b", head: 25, hscwKg: 500, fatAdjustedKg: 520 },
];

describe("schedule builder rules", () => {
  test("a drop replaces the recipe of the same primal only", () => {
    let plan = dropRecipe([], "a", recipes.get(1)!, recipes);
    plan = dropRecipe(plan, "a", recipes.get(3)!, recipes);
    plan = dropRecipe(plan, "a", recipes.get(2)!, recipes);
    expect(plan).toEqual([{ groupId: "a", recipeIds: [3, 2] }]);
    plan = dropRecipe(plan, "b", recipes.get(1)!, recipes);
    expect(plan).toEqual([{ groupId: "a", recipeIds: [3, 2] }, { groupId: "b", recipeIds: [1] }]);
    expect(removeRecipe(plan, "b", 1)).toEqual([{ groupId: "a", recipeIds: [3, 2] }]);
  });

  test("predicted kg: group kg × primal share × line yield; carcass basis uses the fat-adjusted kg", () => {
    const plan = [{ groupId: "a", recipeIds: [1, 3] }, { groupId: "b", recipeIds: [2] }, {
      groupId: "gone",
      recipeIds: [1],
    }];
    const std = predictedKg(groups, plan, recipes, primals, "standard");
    expect(std.get(100)).toBeCloseTo(180); // 1000 × 20% × 90%
    expect(std.get(102)).toBeCloseTo(64); // 1000 × 8% × 80%
    expect(std.get(101)).toBeCloseTo(70); // 500 × 20% × 70%
    const own = predictedKg(groups, plan, recipes, primals, "carcass");
    expect(own.get(100)).toBeCloseTo(171);
  });

  test("products: cartons up to a whole carton, pieces and cents from packaging and price", () => {
    const out = planOutcome({
      groups,
      assignments: [{ groupId: "a", recipeIds: [1, 3] }],
      recipes,
      primals,
      products,
      orderedKgByCut: { ...zero(), leg: 200, rack: 10, neck: 5 },
      basis: "standard",
    });
    expect(out.products).toEqual([
      {
        productId: 100,
        name: "Leg",
        cut: "leg",
        kg: 180,
        cartons: 9,
        pieces: 72,
        cents: 214200,
        priced: true,
      },
      {
        productId: 102,
        name: "Rack FR",
        cut: "rack",
        kg: 64,
        cartons: 13,
        pieces: 256,
        cents: 240000,
        priced: true,
      },
    ]);
    // a product with no price in force that day is valued nil and says so, never a $0.00 price
    const unpriced = predictedProducts(new Map([[100, 20]]), [{ ...products[0], centsPerKg: null }]);
    expect(unpriced).toEqual([
      { productId: 100, name: "Leg", cut: "leg", kg: 20, cartons: 1, pieces: 8, cents: 0, priced: false },
    ]);
    const [total, orders, plus, filled, unfilled] = out.statistics;
    expect(total.values.leg).toBe(180);
    expect(orders.values.leg).toBe(200);
    expect(plus.values).toMatchObject({ leg: 0, rack: 54, neck: 0 });
    expect(filled.values).toMatchObject({ leg: 180, rack: 10, neck: 0 });
    expect(unfilled.values).toMatchObject({ leg: 20, rack: 0, neck: 5 });
    expect(filled.total).toBe(190);
    expect(total.total).toBe(244);
  });

  test("statistic rows hold Filled + Unfilled = Orders and Filled + surplus = Total", () => {
    const predicted = { ...zero(), loin: 12.34, shoulder: 40 };
    const ordered = { ...zero(), loin: 20, shoulder: 15.5 };
    const rows = Object.fromEntries(statisticRows(predicted, ordered).map((r) => [r.row, r.values]));
    for (const cut of STAT_CUTS) {
      expect(rows.Filled[cut] + rows.Unfilled[cut]).toBeCloseTo(rows.Orders[cut]);
      expect(rows.Filled[cut] + rows["+"][cut]).toBeCloseTo(rows.Total[cut]);
    }
    expect(kgByCut(new Map([[1, 3], [2, 4]]), new Map([[1, "neck" as const], [2, null]])).neck).toBe(3);
  });

  test("the statistic cut of a product", () => {
    expect(statCutOf("Leg", "Leg, chump on, shank on")).toBe("leg");
    expect(statCutOf("Chump", "Chump, boneless (rump)")).toBe("rump");
    expect(statCutOf("Shanks", "Hindshank, frenched")).toBe("hindshank");
    expect(statCutOf("Shanks", "Foreshank, frenched")).toBe("foreshank");
    expect(statCutOf("Loin", "Backstrap (loin eye), denuded")).toBe("loin");
    expect(statCutOf("Flap", "Breast and flap")).toBeNull();
  });

  test("beef's primals count under the nine slots, each headed by its beef name", () => {
    const beef = (segment: string, description: string) => statCutOf(segment, description, 2);
    expect(beef("Topside", "Topside, cap on")).toBe("leg");
    expect(beef("Outside flat", "Outside flat")).toBe("leg");
    expect(beef("Knuckle", "Knuckle (thick flank)")).toBe("leg");
    expect(beef("Rump", "D-rump, cap off")).toBe("rump");
    expect(beef("Tenderloin", "Tenderloin, side strap off")).toBe("chump");
    expect(beef("Striploin", "Striploin, 2 cm lip")).toBe("loin");
    expect(beef("Cube roll", "Cube roll, 5 rib")).toBe("rack");
    expect(beef("Chuck", "Chuck tender")).toBe("shoulder");
    expect(beef("Blade", "Oyster blade")).toBe("shoulder");
    expect(beef("Brisket", "Brisket, point end")).toBe("neck");
    expect(beef("Shin", "Hind shin")).toBe("hindshank");
    expect(beef("Thin flank", "Flank steak")).toBeNull();
    expect(statCutLabel("chump", 2)).toBe("Tenderloin");
    expect(statCutLabel("leg", 2)).toBe("Round");
    expect(statCutLabel("hindshank", 1)).toBe("Hind shank");
    expect(statCutLabel("leg", 1)).toBe("Leg");
  });

  test("plan problems: unknown group, two recipes for one primal, unknown recipe", () => {
    const ids = new Set(["a", "b"]);
    expect(planProblems([{ groupId: "a", recipeIds: [1, 3] }], ids, recipes)).toEqual({});
    expect(planProblems([{ groupId: "z", recipeIds: [1] }], ids, recipes)).toEqual({
      "carcassGroups.0": "That group is not among the day's groups.",
    });
    expect(
      planProblems([{ groupId: "a", recipeIds: [1, 2] }], ids, recipes)["carcassGroups.0.recipesToTransact"],
    )
      .toMatch(/one recipe per primal/);
    expect(
      planProblems([{ groupId: "a", recipeIds: [9] }], ids, recipes)["carcassGroups.0.recipesToTransact"],
    )
      .toMatch(/does not exist/);
    expect(planProblems([{ groupId: "a", recipeIds: [] }, { groupId: "a", recipeIds: [] }], ids, recipes))
      .toEqual({ "carcassGroups.1": "A group appears twice in the plan." });
  });
});
