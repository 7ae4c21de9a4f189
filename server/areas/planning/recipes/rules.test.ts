import { describe, expect, it } from "vitest";
import { allocateCents, costRecipe, recipeProblem, recipeTotalPercent } from "./rules.ts";

const recipe = (lines: number[], trim = 5, fat = 5, bone = 15, loss = 2) => ({
  trimPercent: trim,
  fatPercent: fat,
  bonePercent: bone,
  lossPercent: loss,
  lines: lines.map((yieldPercent, i) => ({ productDefinitionId: i + 1, yieldPercent })),
});

describe("recipe sums", () => {
  it("accepts exactly 100 % to the hundredth, float noise included", () => {
    expect(recipeProblem(recipe([24.33, 24.33, 24.34]))).toBeNull();
    expect(recipeTotalPercent(recipe([0.1, 0.2, 72.7]))).toBe(100);
  });
  it("refuses 99.99 % and 100.01 %, naming the total", () => {
    expect(recipeProblem(recipe([24.33, 24.33, 24.33]))).toMatch(/99\.99 %, not 100 %/);
    expect(recipeProblem(recipe([24.33, 24.33, 24.35]))).toMatch(/100\.01 %/);
  });
  it("refuses no products, a repeated product and negative parts", () => {
    expect(recipeProblem(recipe([]))).toMatch(/at least one/);
    expect(
      recipeProblem({
        ...recipe([36.5, 36.5]),
        lines: [{ productDefinitionId: 1, yieldPercent: 36.5 }, {
          productDefinitionId: 1,
          yieldPercent: 36.5,
        }],
      }),
    )
      .toMatch(/twice/);
    expect(recipeProblem(recipe([83], -5, 5, 15, 2))).toMatch(/between 0 and 100/);
  });
});

describe("primal cost shared by sales value", () => {
  it("sums exactly to the input in whole cents", () => {
    for (const total of [1, 99, 1000, 12345, 99999]) {
      const shares = allocateCents(total, [3, 3, 3]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(shares.every(Number.isInteger)).toBe(true);
    }
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(1000, [750, 250])).toEqual([750, 250]);
  });
  it("shares by count when nothing has a value, and keeps the sign", () => {
    expect(allocateCents(10, [0, 0])).toEqual([5, 5]);
    expect(allocateCents(-101, [1, 1])).toEqual([-51, -50]);
  });
  it("costs a recipe's products by their sales value", () => {
    const lines = costRecipe(recipe([36.5, 36.5]), 10, 5000, new Map([[1, 3000], [2, 1000]]));
    expect(lines.map((l) => l.costCents)).toEqual([3750, 1250]);
    expect(lines[0].kg).toBeCloseTo(3.65);
  });
});
