import { describe, expect, it } from "vitest";
import { bestCell, cellOf, type FeedbackCarcassFields, lotCompliance, reasonsOf } from "./rules.ts";
import type { GridCells } from "../../pricing/rules.ts";

// two bands (200–280, 280–360 kg) × fat scores 2, 3, 4; best: 280–360 at fat 3 (720 c/kg)
const GRID: GridCells = {
  weightBands: [{ fromKg: 200, toKg: 280 }, { fromKg: 280, toKg: 360 }],
  fatScores: [2, 3, 4],
  prices: [[650, 690, 660], [680, 720, null]],
};

const carcass = (over: Partial<FeedbackCarcassFields> = {}): FeedbackCarcassFields => ({
  hscwKg: 300,
  fatScore: 3,
  dentition: 2,
  msaUltimatePh: 5.55,
  msaRibFatMm: 6,
  condemned: "none",
  ...over,
});

describe("kill feedback against the grid", () => {
  it("finds the best cell and a carcass's cell", () => {
    expect(bestCell(GRID)).toEqual({ band: 1, fat: 1, priceCents: 720 });
    expect(cellOf(GRID, { hscwKg: 250, fatScore: 4 })).toEqual({ band: 0, fat: 2, priceCents: 660 });
    expect(cellOf(GRID, { hscwKg: 400, fatScore: 3 }).band).toBe(-1);
  });

  it("names each reason a carcass missed the best cell", () => {
    expect(reasonsOf(carcass(), GRID, 4)).toEqual([]);
    expect(reasonsOf(carcass({ hscwKg: 250 }), GRID)).toEqual(["weight"]);
    expect(reasonsOf(carcass({ fatScore: 4 }), GRID)).toEqual(["fat"]);
    expect(reasonsOf(carcass({ dentition: 6 }), GRID, 4)).toEqual(["dentition"]);
    expect(reasonsOf(carcass({ msaUltimatePh: 5.71 }), GRID)).toEqual(["pH"]);
    expect(reasonsOf(carcass({ msaUltimatePh: 5.70 }), GRID)).toEqual([]);
    expect(reasonsOf(carcass({ msaRibFatMm: 2 }), GRID)).toEqual(["ribFat"]);
    expect(reasonsOf(carcass({ msaRibFatMm: 3 }), GRID)).toEqual([]);
    expect(reasonsOf(carcass({ condemned: "whole", hscwKg: 0 }), GRID)).toEqual(["condemned"]);
    // without a grid only the grid-free tests apply
    expect(reasonsOf(carcass({ hscwKg: 100, msaUltimatePh: 5.9 }), null)).toEqual(["pH"]);
  });

  it("sums the share in the best cell and the dollars lost against it", () => {
    const summary = lotCompliance([
      carcass(), // best: nothing lost
      carcass({ hscwKg: 250, fatScore: 2 }), // (720 − 650) × 250 = 17,500 c
      carcass({ hscwKg: 300, fatScore: 4 }), // unpriced cell: at the lowest, (720 − 650) × 300 = 21,000 c
      carcass({ condemned: "whole", hscwKg: 0 }), // best price on the average of the others, 720 × 283.33
    ], GRID);
    expect(summary.head).toBe(4);
    expect(summary.inBestCell).toBe(1);
    expect(summary.shareInBest).toBe(0.25);
    expect(summary.reasons).toEqual({ weight: 1, fat: 2, dentition: 0, pH: 0, ribFat: 0, condemned: 1 });
    expect(summary.dollarsLostCents).toBe(Math.round(17_500 + 21_000 + 720 * (850 / 3)));
  });
});
