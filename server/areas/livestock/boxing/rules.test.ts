import { describe, expect, test } from "vitest";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import {
  allocateLot,
  type BoxCandidate,
  boxingProblem,
  type LotCarcass,
  type LotOrder,
  rankCarcasses,
  shareCounts,
  shareOf,
} from "./rules.ts";

const order = (id: number, delivered: number, doa = 0): LotOrder => ({
  id,
  totalDelivered: delivered,
  totalDoa: doa,
});

/** Body numbers 1..n, weights from a fixed list (0 = condemned). */
function lot(weights: number[]): LotCarcass[] {
  return weights.map((hscwKg, i) => ({ id: 100 + i, bodyNumber: i + 1, hscwKg }));
}

describe("shareCounts (largest remainder)", () => {
  test("proportional and exact", () => {
    expect(shareCounts([10, 20, 30], 60)).toEqual([10, 20, 30]);
    expect(shareCounts([1, 1, 1], 10)).toEqual([4, 3, 3]);
    expect(shareCounts([7, 5], 11)).toEqual([6, 5]);
    expect(shareCounts([5, 7], 11)).toEqual([5, 6]);
  });

  test("always sums to the total, whatever the weights", () => {
    for (const total of [0, 1, 7, 99, 1000]) {
      for (const weights of [[1], [3, 3], [0, 5, 9], [13, 17, 19, 23], [0, 0]]) {
        const counts = shareCounts(weights, total);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(counts.every((c) => c >= 0)).toBe(true);
      }
    }
  });

  test("no live head anywhere: equal shares", () => {
    expect(shareCounts([0, 0, 0], 5)).toEqual([2, 2, 1]);
  });
});

describe("allocateLot", () => {
  test("every carcass assigned exactly once, counts by live head (DOA excluded)", () => {
    const orders = [order(3, 12, 2), order(1, 5), order(2, 15)]; // live 10, 5, 15
    const carcasses = lot(Array.from({ length: 29 }, (_, i) => 20 + ((i * 7) % 11)));
    const shares = allocateLot(orders, carcasses);
    const ids = [...shares.values()].flat().map((c) => c.id).sort((a, b) => a - b);
    expect(ids).toEqual(carcasses.map((c) => c.id));
    // 29 over 5:10:15 → 4.83, 9.67, 14.5 → 4, 9, 14 + the largest remainders (0.83, 0.67) → 5, 10, 14
    expect(shares.get(1)!.length).toBe(5);
    expect(shares.get(3)!.length).toBe(10);
    expect(shares.get(2)!.length).toBe(14);
  });

  test("each share spans the weight range: its average is close to the lot's", () => {
    const weights = Array.from({ length: 60 }, (_, i) => 18 + (i % 15));
    const carcasses = lot(weights);
    const shares = allocateLot([order(1, 20), order(2, 40)], carcasses);
    const avg = (cs: LotCarcass[]) => cs.reduce((s, c) => s + c.hscwKg, 0) / cs.length;
    const lotAvg = avg(carcasses);
    expect(Math.abs(avg(shares.get(1)!) - lotAvg)).toBeLessThan(0.5);
    expect(Math.abs(avg(shares.get(2)!) - lotAvg)).toBeLessThan(0.5);
    // the heaviest carcass goes to the larger order, the next to the smaller one (dealt, not chunked)
    expect(shares.get(2)![0].hscwKg).toBe(32);
    expect(shares.get(1)!.some((c) => c.hscwKg === 32)).toBe(true);
  });

  test("condemned carcasses are shared too", () => {
    const carcasses = lot([25, 24, 0, 23, 22, 0, 21, 20, 0, 0]);
    const shares = allocateLot([order(1, 5), order(2, 5)], carcasses);
    const condemned = (id: number) => shares.get(id)!.filter((c) => c.hscwKg === 0).length;
    expect(condemned(1) + condemned(2)).toBe(4);
    expect(condemned(1)).toBe(2);
    expect(shares.get(1)!.length).toBe(5);
  });

  test("deterministic and independent of input order", () => {
    const carcasses = lot([30, 22, 22, 18, 25, 0, 27, 19]);
    const a = allocateLot([order(1, 3), order(2, 5)], carcasses);
    const b = allocateLot([order(2, 5), order(1, 3)], [...carcasses].reverse());
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect(shareOf(1, [order(1, 3), order(2, 5)], carcasses)).toEqual(a.get(1));
    expect(shareOf(9, [order(1, 3)], carcasses)).toEqual([]);
  });

  test("fewer carcasses than orders, and none at all", () => {
    const one = allocateLot([order(1, 4), order(2, 5), order(3, 1)], lot([20]));
    expect([...one.values()].flat().length).toBe(1);
    expect(one.get(2)!.length).toBe(1);
    const none = allocateLot([order(1, 4), order(2, 5)], []);
    expect([...none.values()].flat()).toEqual([]);
  });

  test("ranking: heaviest first, body number breaks ties", () => {
    expect(rankCarcasses(lot([20, 25, 20, 0])).map((c) => c.bodyNumber)).toEqual([2, 1, 3, 4]);
  });
});

describe("boxingProblem", () => {
  const candidate = (over: Partial<BoxCandidate> = {}): BoxCandidate => ({
    id: 1,
    speciesId: 1,
    tenantSiteId: 10,
    deliveryDate: "2026-12-02",
    orderStatus: ORDER_STATUS.Unloaded,
    totalDelivered: 20,
    ...over,
  });

  test("two delivered orders of one species, site and day can be boxed", () => {
    expect(boxingProblem([candidate(), candidate({ id: 2 })])).toBeNull();
  });

  test("refusals in plain words", () => {
    expect(boxingProblem([candidate()])).toMatch(/two or more/);
    expect(boxingProblem([candidate(), candidate({ id: 2, totalDelivered: 0 })])).toMatch(/Order 2/);
    expect(boxingProblem([candidate(), candidate({ id: 2, orderStatus: ORDER_STATUS.Cancelled })]))
      .toMatch(/not been delivered/);
    expect(boxingProblem([candidate(), candidate({ id: 2, speciesId: 2 })])).toMatch(/one species/);
    expect(boxingProblem([candidate(), candidate({ id: 2, tenantSiteId: 11 })])).toMatch(/one site/);
    expect(boxingProblem([candidate(), candidate({ id: 2, deliveryDate: "2026-12-03" })]))
      .toMatch(/same day/);
  });
});
