import { describe, expect, it } from "vitest";
import { canMove, lineProblem, lineValueCents, ORDER_STATUSES, plannedKg } from "./rules.ts";

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
