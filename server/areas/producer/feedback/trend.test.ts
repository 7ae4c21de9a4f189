import { describe, expect, it } from "vitest";
import { anonymousAverage, MIN_PLANT_SUPPLIERS, trendPoint } from "./trend.ts";
import type { FeedbackCarcassFields } from "./rules.ts";
import type { GridCells } from "../../pricing/rules.ts";

const GRID: GridCells = {
  weightBands: [{ fromKg: 200, toKg: 280 }, { fromKg: 280, toKg: 360 }],
  fatScores: [2, 3],
  prices: [[650, 690], [680, 720]],
};
const carcass = (
  hscwKg: number,
  fatScore: number,
  over: Partial<FeedbackCarcassFields> = {},
): FeedbackCarcassFields => ({
  hscwKg,
  fatScore,
  dentition: 2,
  msaUltimatePh: 5.6,
  msaRibFatMm: 6,
  condemned: "none",
  ...over,
});

describe("the plant average is anonymous", () => {
  it("shows only when at least five suppliers contribute", () => {
    expect(MIN_PLANT_SUPPLIERS).toBe(5);
    expect(anonymousAverage({ suppliers: 4, averageKg: 300 })).toBeNull();
    expect(anonymousAverage({ suppliers: 5, averageKg: 300 })).toBe(300);
    expect(anonymousAverage({ suppliers: 12, averageKg: null })).toBeNull();
    expect(anonymousAverage({ suppliers: 0, averageKg: 0 })).toBeNull();
  });
});

describe("a lot's trend point", () => {
  it("averages the kept carcasses, and prices them by the grid's cells per kg", () => {
    const rows = [carcass(300, 3), carcass(250, 2), carcass(0, 2, { condemned: "whole" })];
    const p = trendPoint(rows, GRID, null);
    expect(p.averageHscwKg).toBe(275);
    expect(p.centsPerKg).toBe(Math.round((720 * 300 + 650 * 250) / 550));
    expect(p.shareInBest).toBeCloseTo(1 / 3);
    expect(trendPoint(rows, null, null)).toEqual({ averageHscwKg: 275, shareInBest: null, centsPerKg: null });
  });
});
