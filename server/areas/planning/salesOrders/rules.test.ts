import { describe, expect, it } from "vitest";
import {
  canMove,
  lineProblem,
  lineValueCents,
  ORDER_STATUSES,
  plannedKg,
  typedOrderTotals,
} from "./rules.ts";

describe("sales order status", () => {
  it("moves Pending → Confirmed → Fulfilled and Pending or Confirmed → Cancelled only", () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`)
    );
    expect(allowed).toEqual([
      "Pending→Confirmed",
      "Pending→Cancelled",
      "Confirmed→Fulfilled",
      "Confirmed→Cancelled",
    ]);
  });
  it("keeps Fulfilled and Cancelled final", () => {
    for (const to of ORDER_STATUSES) {
      expect(canMove("Fulfilled", to)).toBe(false);
      expect(canMove("Cancelled", to)).toBe(false);
    }
  });
});

describe("catch weight", () => {
  const catchPack = { weightType: "catch", nominalKg: 20 };
  const fixedPack = { weightType: "fixed", nominalKg: 10 };
  it("is ordered in whole cartons, planned at nominal kg and valued on packed kg", () => {
    const line = { cartons: 10, kg: null, centsPerKg: 1250, packedKg: null };
    expect(lineProblem(line, catchPack)).toBeNull();
    expect(lineProblem({ ...line, cartons: null, kg: 200 }, catchPack)).toMatch(/whole cartons/);
    expect(plannedKg(line, catchPack)).toBe(200);
    expect(lineValueCents(line, catchPack)).toBe(250000);
    expect(lineValueCents({ ...line, packedKg: 203.4 }, catchPack)).toBe(254250);
  });
  it("values a fixed weight line on its kg, or cartons at nominal", () => {
    expect(lineValueCents({ cartons: null, kg: 100, centsPerKg: 999 }, fixedPack)).toBe(99900);
    expect(plannedKg({ cartons: 5, kg: null, centsPerKg: 999 }, fixedPack)).toBe(50);
    expect(lineProblem({ cartons: null, kg: null, centsPerKg: 1 }, fixedPack)).toMatch(/cartons or kg/);
  });
});

describe("the order form's totals as typed", () => {
  const packagings: Record<number, { weightType: string; nominalKg: number }> = {
    1: { weightType: "catch", nominalKg: 20 },
    2: { weightType: "fixed", nominalKg: 10 },
  };
  const of = (id: number) => packagings[id] ?? null;
  const line = (
    productDefinitionId: number | null,
    cartons: number | null,
    kg: number | null,
    price: number | null,
  ) => ({
    productDefinitionId,
    cartons,
    kg,
    pricePerKg: price,
  });

  it("values catch weight cartons at nominal kg until packed, fixed lines on their kg", () => {
    const totals = typedOrderTotals([
      line(1, 3, null, 12.5), // 3 × 20 kg at $12.50: $750.00
      line(2, null, 15, 9.99), // 15 kg at $9.99: $149.85
      line(2, 2, null, 10), // 2 × 10 kg at $10: $200.00
      line(null, 5, 5, 5), // no product: not counted
    ], of);
    expect(totals.lines.map((l) => [l.row, l.cartons, l.kg, l.cents])).toEqual([
      [0, 3, 60, 75_000],
      [1, 0, 15, 14_985],
      [2, 2, 20, 20_000],
    ]);
    expect(totals).toMatchObject({ cartons: 5, kg: 95, cents: 109_985 });
  });

  it("a packed catch weight line is valued on its packed kg; a half-typed line counts what it has", () => {
    const packed = typedOrderTotals([{ ...line(1, 3, null, 10), packedKg: 61.5 }], of);
    expect(packed.lines[0]).toMatchObject({ kg: 60, cents: 61_500 });
    const half = typedOrderTotals([line(1, 2, null, null), line(3, null, null, 8)], of);
    expect(half.lines.map((l) => [l.kg, l.cents])).toEqual([[40, 0], [0, 0]]);
  });
});
