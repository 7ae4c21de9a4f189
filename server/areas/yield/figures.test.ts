/**
 * figureOf over hand-built accumulations (server/areas/yield/figures.ts): yield %, variance, the mass
 * balance closing to 100 % of HSCW, per-carcass and per-shift figures, money in whole cents, and null when
 * nothing was boned.
 */
import { describe, expect, test } from "vitest";
import { type Accumulated, figureOf, newAccumulated } from "./figures.ts";

/** Two runs (day 100 head 2,400 kg; night 50 head 1,250 kg) and what they made. */
function boned(): Accumulated {
  const acc = newAccumulated({});
  acc.addRun({ id: 1, shift: "day", head: 100, hscwKg: 2400, fatMmSum: 1200, fatHead: 100 });
  acc.addRun({ id: 2, shift: "night", head: 50, hscwKg: 1250, fatMmSum: 700, fatHead: 50 });
  const product = (
    run: number,
    shift: string,
    productCodeId: number,
    kg: number,
    expectedKg: number,
    cents: number,
  ) => {
    acc.addWeighed("product", kg);
    acc.addProduct({
      productCodeId,
      run,
      shift,
      cartons: kg / 20,
      pieces: kg / 2,
      kg,
      expectedKg,
      revenueCents: kg * cents,
      expectedRevenueCents: expectedKg * cents,
    });
  };
  product(1, "day", 10, 300, 312, 1500);
  product(1, "day", 11, 160, 144, 1000);
  product(2, "night", 10, 150, 162.5, 1500);
  acc.addWeighed("bone", 760);
  acc.addWeighed("fat", 400);
  acc.addWeighed("trim", 200);
  return acc;
}

const f = (key: number, acc = boned()) => figureOf(key, acc);

describe("what was boned", () => {
  test("head, HSCW, averages, cartons and pieces per carcass", () => {
    expect(f(1)).toBe(150);
    expect(f(2)).toBe(3650);
    expect(f(3)).toBeCloseTo(3650 / 150);
    expect(f(4)).toBeCloseTo(1900 / 150);
    expect(f(5)).toBe(30.5);
    expect(f(6)).toBeCloseTo(30.5 / 150);
    expect(f(8)).toBeCloseTo(305 / 150);
  });
});

describe("yield and variance", () => {
  test("yield % is product kg over HSCW; standard and variance in percentage points", () => {
    expect(f(9)).toBe(610);
    expect(f(10)).toBeCloseTo(618.5);
    expect(f(11)).toBeCloseTo(-8.5);
    expect(f(12)).toBeCloseTo((-8.5 / 618.5) * 100);
    expect(f(16)).toBeCloseTo((610 / 3650) * 100);
    expect(f(17)).toBeCloseTo((618.5 / 3650) * 100);
    expect(f(18)).toBeCloseTo(f(16)! - f(17)!);
    expect(f(15)).toBeCloseTo(610 / 150 - 618.5 / 150);
  });

  test("money in dollars from whole cents", () => {
    expect(f(23)).toBe(8350); // 300 × $15 + 160 × $10 + 150 × $15
    expect(f(24)).toBeCloseTo(312 * 15 + 144 * 10 + 162.5 * 15);
    expect(f(25)).toBeCloseTo(f(23)! - f(24)!);
    expect(f(20)).toBeCloseTo(8350 / 610);
    expect(f(27)).toBeCloseTo(8350 / 150);
  });

  test("day against night shift", () => {
    expect(f(50)).toBeCloseTo((460 / 2400) * 100);
    expect(f(51)).toBeCloseTo((150 / 1250) * 100);
    expect(f(52)).toBeCloseTo(f(51)! - f(50)!);
    expect(f(55)).toBe(100);
    expect(f(56)).toBe(50);
  });

  test("runs and product codes below standard", () => {
    expect(f(45)).toBe(2);
    expect(f(46)).toBe(1); // run 2 made 150 of 162.5; run 1 made 460 of 456
    expect(f(47)).toBeCloseTo((-12.5 / 1250) * 100);
    expect(f(59)).toBe(2);
    expect(f(60)).toBe(1); // code 10: 450 of 474.5
    expect(f(61)).toBeCloseTo(24.5);
    expect(f(62)).toBeCloseTo(16);
  });
});

describe("the mass balance", () => {
  test("product, bone, fat, trim and unaccounted close to 100 % of HSCW", () => {
    const lines = [16, 34, 36, 38, 40].map((k) => f(k)!);
    expect(lines.reduce((s, v) => s + v, 0)).toBeCloseTo(100, 10);
    expect(f(39)).toBeCloseTo(3650 - 610 - 760 - 400 - 200);
    expect(f(41)).toBe(1970);
    expect(f(42)! + f(40)!).toBeCloseTo(100, 10);
  });

  test("more weighed than boned: the unaccounted line goes negative and still closes", () => {
    const acc = boned();
    acc.addWeighed("trim", 2000);
    expect(f(39, acc)).toBeLessThan(0);
    expect([16, 34, 36, 38, 40].reduce((s, k) => s + f(k, acc)!, 0)).toBeCloseTo(100, 10);
  });
});

describe("nothing boned", () => {
  test("ratios are null, sums are 0", () => {
    const none = newAccumulated({});
    for (const key of [3, 4, 6, 8, 13, 16, 17, 18, 20, 27, 30, 34, 40, 42, 43, 44, 48, 50, 51, 52]) {
      expect(figureOf(key, none), String(key)).toBeNull();
    }
    for (const key of [1, 2, 5, 9, 10, 23, 33, 45, 53, 59]) expect(figureOf(key, none), String(key)).toBe(0);
    expect(figureOf(12, none)).toBeNull(); // nothing expected
    expect(figureOf(64, none)).toBeNull(); // a key, not a figure
  });

  test("a group sharing its runs' denominator: a product group's yield is over those runs' HSCW", () => {
    const runs = boned();
    const cut = newAccumulated({ cut: 5 }, runs);
    cut.addProduct({
      productCodeId: 10,
      cartons: 5,
      pieces: 50,
      kg: 100,
      expectedKg: 110,
      revenueCents: 0,
      expectedRevenueCents: 0,
    });
    expect(figureOf(16, cut)).toBeCloseTo((100 / 3650) * 100);
    expect(figureOf(1, cut)).toBe(150);
  });
});
