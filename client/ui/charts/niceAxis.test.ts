import { describe, expect, test } from "vitest";
import { niceAxis, valuesOf } from "./niceAxis.ts";

describe("a value axis on round numbers", () => {
  test("variances either side of zero: steps of 100 with zero on a tick", () => {
    expect(niceAxis([72, -101, -281], { fromZero: true })).toEqual({
      domain: [-300, 100],
      ticks: [-300, -200, -100, 0, 100],
    });
  });

  test("money from zero: $100k steps, not $105k", () => {
    expect(niceAxis([105_000, 420_000], { fromZero: true }).ticks).toEqual([
      0,
      100_000,
      200_000,
      300_000,
      400_000,
      500_000,
    ]);
  });

  test("a domain not starting at zero: yield % 68–72", () => {
    expect(niceAxis([68.3, 71.6])).toEqual({ domain: [68, 72], ticks: [68, 69, 70, 71, 72] });
    expect(niceAxis([68.31, 68.9]).ticks).toEqual([68.3, 68.4, 68.5, 68.6, 68.7, 68.8, 68.9]);
  });

  test("either side of zero by about the same: six steps rather than four of twice the size", () => {
    expect(niceAxis([-600_000, 570_000], { fromZero: true }).ticks).toEqual([
      -600_000,
      -400_000,
      -200_000,
      0,
      200_000,
      400_000,
      600_000,
    ]);
  });

  test("all below zero, from zero", () => {
    expect(niceAxis([-40, -190], { fromZero: true }).ticks).toEqual([-200, -150, -100, -50, 0]);
  });

  test("head counts: whole steps, at least 0 to 4", () => {
    expect(niceAxis([209], { fromZero: true, integers: true }).ticks).toEqual([0, 50, 100, 150, 200, 250]);
    expect(niceAxis([3], { fromZero: true, integers: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(niceAxis([], { fromZero: true, integers: true }).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(niceAxis([null, undefined, NaN], { fromZero: true, integers: true }).domain).toEqual([0, 4]);
  });

  test("one value away from zero: a round step either side", () => {
    const { domain, ticks } = niceAxis([70]);
    expect(domain[0]).toBeLessThan(70);
    expect(domain[1]).toBeGreaterThan(70);
    expect(ticks.every((t) => Number.isInteger(t))).toBe(true);
  });

  test("the numbers of the named fields of every row", () => {
    expect([...valuesOf([{ a: 1, b: "x" }, { a: null, b: 2 }], ["a", "b"])]).toEqual([1, 2]);
  });
});
