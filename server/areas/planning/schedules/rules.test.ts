import { describe, expect, test } from "vitest";
import { executionLines, executionTotals } from "./rules.ts";

const lines = [
  { productId: 1, name: "Leg", kg: 200, cartons: 10, productCodeIds: [11, 12] },
  { productId: 2, name: "Rack", kg: 50, cartons: 10, productCodeIds: [21] },
  { productId: 3, name: "Neck", kg: 0, cartons: 0, productCodeIds: [31] },
];

describe("schedule execution", () => {
  test("packed cartons of a product's codes count against its plan; remaining never below zero", () => {
    const out = executionLines(lines, [
      { productCodeId: 11, cartons: 4, kg: 80 },
      { productCodeId: 12, cartons: 2, kg: 41 },
      { productCodeId: 21, cartons: 12, kg: 60.04 },
      { productCodeId: 99, cartons: 5, kg: 100 },
    ]);
    expect(out[0]).toMatchObject({
      packedCartons: 6,
      packedKg: 121,
      remainingCartons: 4,
      againstPlanPercent: 60.5,
    });
    expect(out[1]).toMatchObject({ packedCartons: 12, remainingCartons: 0, againstPlanPercent: 120.1 });
    expect(out[2]).toMatchObject({ packedCartons: 0, againstPlanPercent: null });
    expect(executionTotals(out)).toEqual({
      plannedCartons: 20,
      plannedKg: 250,
      packedCartons: 18,
      packedKg: 181,
      remainingCartons: 4,
      againstPlanPercent: 72.4,
    });
  });
});
