import { describe, expect, it } from "vitest";
import { planActualRows, planActualTotals, scheduledProducts } from "./actual.ts";

// worked by hand: the leg was planned at 100 kg worth $1,200.00 ($12/kg) and packed 90 kg; the rack
// was not packed; a neck nobody planned was packed (no plan price: nil, not priced)
const planned = [
  { productId: 1, name: "Leg", kg: 100, cartons: 5, cents: 120_000, priced: true },
  { productId: 2, name: "Rack", kg: 40, cartons: 4, cents: 100_000, priced: true },
];
const packed = [
  { productId: 1, name: "Leg", cartons: 3, kg: 55.5 },
  { productId: 3, name: "Neck", cartons: 1, kg: 10 },
  { productId: 1, name: "Leg", cartons: 1, kg: 34.5 }, // the night shift's
];

describe("plan against actual", () => {
  it("values packed kg at the plan's price per kg, with the variance per product", () => {
    const rows = planActualRows(planned, packed);
    expect(rows.map((r) => r.name)).toEqual(["Leg", "Rack", "Neck"]);
    expect(rows[0]).toEqual({
      productId: 1,
      name: "Leg",
      plannedKg: 100,
      actualKg: 90,
      kgVariance: -10,
      plannedCartons: 5,
      actualCartons: 4,
      cartonsVariance: -1,
      plannedCents: 120_000,
      actualCents: 108_000,
      centsVariance: -12_000,
      priced: true,
    });
    expect(rows[1]).toMatchObject({
      actualKg: 0,
      kgVariance: -40,
      cartonsVariance: -4,
      centsVariance: -100_000,
    });
    expect(rows[2]).toMatchObject({
      plannedKg: 0,
      actualKg: 10,
      actualCartons: 1,
      actualCents: 0,
      priced: false,
    });
  });

  it("totals with $ per head over the plan's head", () => {
    const totals = planActualTotals(planActualRows(planned, packed), 50);
    expect(totals).toEqual({
      head: 50,
      planned: { kg: 140, cartons: 9, cents: 220_000, centsPerHead: 4_400 },
      actual: { kg: 100, cartons: 5, cents: 108_000, centsPerHead: 2_160 },
      variance: { kg: -40, cartons: -4, cents: -112_000, centsPerHead: -2_240 },
    });
    expect(planActualTotals([], 0).planned.centsPerHead).toBe(0);
  });
});

describe("as scheduled", () => {
  it("sums the schedules' lines per product and prices them at the day's $/kg (none: not priced)", () => {
    const lines = [
      { productId: 1, name: "Leg", plannedKg: 60, plannedCartons: 3 },
      { productId: 2, name: "Rack", plannedKg: 40, plannedCartons: 4 },
      { productId: 1, name: "Leg", plannedKg: 40, plannedCartons: 2 }, // the night shift's schedule
    ];
    expect(scheduledProducts(lines, new Map([[1, 1200]]))).toEqual([
      { productId: 1, name: "Leg", kg: 100, cartons: 5, cents: 120_000, priced: true },
      { productId: 2, name: "Rack", kg: 40, cartons: 4, cents: 0, priced: false },
    ]);
  });
});
