import { describe, expect, it } from "vitest";
import { activityWords, compareProducts, sideTotals } from "./rules.ts";

const product = (productId: number, kg: number, cents: number, cartons = 0, priced = true) => ({
  productId,
  name: `P${productId}`,
  cut: null,
  kg,
  pieces: 0,
  cartons,
  cents,
  priced,
});

describe("product comparison", () => {
  it("lines up products either side makes, largest value difference first", () => {
    const rows = compareProducts(
      { head: 10, products: [product(1, 100, 10_000, 5), product(2, 50, 4_000)] },
      { head: 12, products: [product(1, 90, 9_000, 4), product(3, 20, 8_000)] },
    );
    expect(rows.map((r) => r.productId)).toEqual([3, 2, 1]);
    expect(rows[2]).toMatchObject({
      aKg: 100,
      bKg: 90,
      kgDifference: -10,
      aCartons: 5,
      bCartons: 4,
      centsDifference: -1000,
    });
    expect(rows[1]).toMatchObject({ aKg: 50, bKg: 0, bCents: 0, priced: true });
  });

  it("a product a side has no price for is not priced (its nil value is not known)", () => {
    const rows = compareProducts(
      { head: 1, products: [product(1, 10, 0, 1, false), product(2, 5, 500)] },
      { head: 1, products: [product(1, 12, 0, 1, false), product(2, 6, 600)] },
    );
    expect(rows.find((r) => r.productId === 1)).toMatchObject({ priced: false, centsDifference: 0 });
    expect(rows.find((r) => r.productId === 2)).toMatchObject({ priced: true, centsDifference: 100 });
  });

  it("totals a side with $ per head in whole cents, 0 without head", () => {
    expect(sideTotals({ head: 3, products: [product(1, 10.04, 1000, 1), product(2, 5.03, 1001, 2)] }))
      .toEqual({ head: 3, kg: 15.1, cartons: 3, cents: 2001, centsPerHead: 667 });
    expect(sideTotals({ head: 0, products: [] }).centsPerHead).toBe(0);
  });
});

describe("activity words", () => {
  it("says what was done to a plan or its schedule in plain words", () => {
    const say = (entity: string, action: string, reason: string | null = null) =>
      activityWords({ entity, action, reason });
    expect(say("Cut plan", "create")).toBe("Added");
    expect(say("Cut plan", "update")).toBe("Saved");
    expect(say("Cut plan", "Copied", "from Plan A (2026-12-03)")).toBe("Copied from Plan A (Thu 3 Dec)");
    expect(say("Cut plan", "Bulk recipe", "Rack cap-on onto 3 groups")).toBe(
      "Bulk operation: Rack cap-on onto 3 groups",
    );
    expect(say("Production schedule", "Released", "Plan A to Boning room 1, day shift")).toBe(
      "Released: Plan A to Boning room 1, day shift",
    );
    expect(say("Production schedule", "Withdrawn")).toBe("A schedule of it was withdrawn");
  });
});
