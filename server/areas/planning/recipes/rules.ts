/**
 * Recipes (issue 41 item 3): a recipe cuts one primal into many products (one-to-many disassembly). Its
 * product lines (yield % of the primal) with trim, fat, bone and loss sum to 100 %; the primal's cost is
 * shared across the products by their sales value, in integer cents summing exactly to the input. Pure.
 */
import type { Cents } from "../../../../kernel/money.ts";

export type RecipeShape = {
  trimPercent: number;
  fatPercent: number;
  bonePercent: number;
  lossPercent: number;
  lines: readonly { productDefinitionId: number; yieldPercent: number }[];
};

/** Percent held to hundredths, so 33.33 + 33.33 + 33.34 is 100 and float noise never decides. */
const hundredths = (percent: number) => Math.round(percent * 100);

/** The percents a recipe splits its primal into: trim, fat, bone, loss and each product's yield. */
const partsOf = (r: RecipeShape) => [
  r.trimPercent,
  r.fatPercent,
  r.bonePercent,
  r.lossPercent,
  ...r.lines.map((l) => l.yieldPercent),
];

/** The recipe's total in percent (to the hundredth). */
export function recipeTotalPercent(r: RecipeShape): number {
  return partsOf(r).reduce((sum, p) => sum + hundredths(p), 0) / 100;
}

/** Why a recipe cannot be saved, or null. */
export function recipeProblem(r: RecipeShape): string | null {
  if (r.lines.length === 0) return "A recipe needs at least one product.";
  const parts = partsOf(r);
  if (parts.some((p) => !Number.isFinite(p) || p < 0 || p > 100)) return "Each percent is between 0 and 100.";
  if (r.lines.some((l) => l.yieldPercent <= 0)) return "Each product takes more than 0 % of the primal.";
  const ids = r.lines.map((l) => l.productDefinitionId);
  if (new Set(ids).size !== ids.length) return "A product appears twice in the recipe.";
  const total = recipeTotalPercent(r);
  if (total !== 100) return `The products, trim, fat, bone and loss add up to ${total} %, not 100 %.`;
  return null;
}

/**
 * Shares `totalCents` across outputs in proportion to their weights (sales value), by largest remainder:
 * every share is whole cents and the shares sum exactly to the total. Equal remainders go to the earlier
 * output. No weight at all (nothing has a price) shares by count.
 */
export function allocateCents(totalCents: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  const basis = sum > 0 ? clean : clean.map(() => 1);
  const basisSum = sum > 0 ? sum : basis.length;
  const sign = totalCents < 0 ? -1 : 1;
  const total = Math.abs(Math.round(totalCents));
  const exact = basis.map((w) => (total * w) / basisSum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rem: e - Math.floor(e) })).sort((a, b) =>
    b.rem - a.rem || a.i - b.i
  );
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares.map((s) => s * sign);
}

export type CostedLine = { productDefinitionId: number; kg: number; salesCents: Cents; costCents: Cents };

/**
 * A primal's cost (`primalCents` for `primalKg`) shared over the recipe's products by sales value
 * (kg × cents per kg); trim, fat, bone and loss carry no cost of their own.
 */
export function costRecipe(
  recipe: RecipeShape,
  primalKg: number,
  primalCents: Cents,
  /** a product's price in force (null or missing: none, valued nil) */
  centsPerKg: ReadonlyMap<number, number | null>,
): CostedLine[] {
  const lines = recipe.lines.map((l) => {
    const kg = (primalKg * l.yieldPercent) / 100;
    return {
      productDefinitionId: l.productDefinitionId,
      kg,
      salesCents: Math.round(kg * (centsPerKg.get(l.productDefinitionId) ?? 0)),
    };
  });
  const costs = allocateCents(primalCents, lines.map((l) => l.salesCents));
  return lines.map((l, i) => ({ ...l, costCents: costs[i] }));
}
