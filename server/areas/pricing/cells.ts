/**
 * The cell matrix of a pricing grid (carcass weight bands × fat scores, cents per kg): its limits,
 * its checks, the best price it gives, and the shapes plants usually grade each species on.
 *
 * Pure: no I/O and no imports but the area's other pure modules (the islands bundle it).
 */
import { bandLabel } from "./labels.ts";

/** Carcass weight bands × fat scores, cents per kg hot standard carcass weight (the stored shape). */
export interface GridCells {
  weightBands: { fromKg: number; toKg: number | null }[];
  fatScores: number[];
  /** prices[band][fat], null = not bought */
  prices: (number | null)[][];
}

export const GRID_LIMITS = {
  maxBands: 30,
  maxFatScores: 12,
  maxFatScore: 20,
  maxKg: 2000,
  /** cents per kg: $1,000/kg is far beyond any carcass */
  maxPrice: 100_000,
} as const;

export interface CellProblem {
  /** where, relative to the cells: `weightBands.2.toKg`, `prices.1.3`, `fatScores` */
  path: (string | number)[];
  message: string;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * What is wrong with a matrix: at least one band and one fat score; bands ascending and not
 * overlapping (each band includes both its ends, as grids are written: 0–16, 16.1–18), only the last
 * one open-ended; fat scores whole numbers, ascending, no repeats; one price per band and fat score,
 * each not negative, or null for "not bought".
 */
export function gridCellProblems(cells: GridCells): CellProblem[] {
  const problems: CellProblem[] = [];
  const { weightBands: bands, fatScores, prices } = cells;
  if (bands.length === 0) problems.push({ path: ["weightBands"], message: "Add at least one weight band." });
  if (bands.length > GRID_LIMITS.maxBands) {
    problems.push({ path: ["weightBands"], message: `At most ${GRID_LIMITS.maxBands} weight bands.` });
  }
  bands.forEach((band, i) => {
    const at = ["weightBands", i];
    const name = bandLabel(band);
    if (!isNumber(band.fromKg) || band.fromKg < 0 || band.fromKg > GRID_LIMITS.maxKg) {
      problems.push({ path: [...at, "fromKg"], message: `Band ${name}: start between 0 and 2000 kg.` });
    }
    if (band.toKg === null) {
      if (i !== bands.length - 1) {
        problems.push({
          path: [...at, "toKg"],
          message: `Band ${name}: only the last band may be open-ended.`,
        });
      }
    } else if (!isNumber(band.toKg) || band.toKg <= band.fromKg || band.toKg > GRID_LIMITS.maxKg) {
      problems.push({ path: [...at, "toKg"], message: `Band ${name}: the end must be above the start.` });
    }
    const previous = bands[i - 1];
    if (previous && (previous.toKg === null || band.fromKg <= previous.toKg)) {
      problems.push({
        path: [...at, "fromKg"],
        message: `Band ${name} must start above the band before (${
          bandLabel(previous)
        }): bands ascend and do not overlap.`,
      });
    }
  });
  if (fatScores.length === 0) problems.push({ path: ["fatScores"], message: "Add at least one fat score." });
  if (fatScores.length > GRID_LIMITS.maxFatScores) {
    problems.push({ path: ["fatScores"], message: `At most ${GRID_LIMITS.maxFatScores} fat scores.` });
  }
  fatScores.forEach((fat, j) => {
    if (!Number.isInteger(fat) || fat < 0 || fat > GRID_LIMITS.maxFatScore) {
      problems.push({ path: ["fatScores", j], message: `Fat score ${fat}: a whole number from 0 to 20.` });
    } else if (j > 0 && fat <= fatScores[j - 1]) {
      problems.push({ path: ["fatScores", j], message: "Fat scores ascend without repeats." });
    }
  });
  if (prices.length !== bands.length) {
    problems.push({ path: ["prices"], message: "Give one row of prices per weight band." });
  }
  prices.forEach((row, i) => {
    if (row.length !== fatScores.length) {
      problems.push({ path: ["prices", i], message: `Give one price per fat score in row ${i + 1}.` });
    }
    row.forEach((price, j) => {
      if (price === null) return;
      if (!isNumber(price) || price < 0 || price > GRID_LIMITS.maxPrice) {
        problems.push({
          path: ["prices", i, j],
          message: `Price ${price} in row ${i + 1}: cents per kg, 0 or more (blank when not bought).`,
        });
      }
    });
  });
  return problems;
}

/** The highest price of the matrix in cents per kg, or null when nothing is bought. */
export function topCellPrice(cells: GridCells): number | null {
  let top: number | null = null;
  for (const row of cells.prices) for (const p of row) if (p !== null && (top === null || p > top)) top = p;
  return top;
}

/**
 * The best price a grid stores ($/kg): derived from the cells when they hold a price (the highest
 * cell / 100), otherwise the one given.
 */
export function derivedBestPrice(cells: GridCells | null, given: number | null): number | null {
  const top = cells ? topCellPrice(cells) : null;
  return top === null ? given : Math.round(top * 100) / 10_000;
}

/**
 * The carcass weight bands (HSCW kg) and fat scores plants usually grade each species on (1 sheep:
 * GR 1–5; 2 cattle: P8 1–6; 3 pigs: P2 1–4): the starting matrix of a new grid and the demo grids.
 */
export const GRADING_SHAPES: Record<
  number,
  { weightBands: { fromKg: number; toKg: number | null }[]; fatScores: number[] }
> = {
  1: {
    weightBands: [
      { fromKg: 0, toKg: 16 },
      { fromKg: 16.1, toKg: 18 },
      { fromKg: 18.1, toKg: 20 },
      { fromKg: 20.1, toKg: 22 },
      { fromKg: 22.1, toKg: 24 },
      { fromKg: 24.1, toKg: 26 },
      { fromKg: 26.1, toKg: 28 },
      { fromKg: 28.1, toKg: null },
    ],
    fatScores: [1, 2, 3, 4, 5],
  },
  2: {
    weightBands: [
      { fromKg: 0, toKg: 180 },
      { fromKg: 180.1, toKg: 220 },
      { fromKg: 220.1, toKg: 260 },
      { fromKg: 260.1, toKg: 300 },
      { fromKg: 300.1, toKg: 340 },
      { fromKg: 340.1, toKg: 400 },
      { fromKg: 400.1, toKg: null },
    ],
    fatScores: [1, 2, 3, 4, 5, 6],
  },
  3: {
    weightBands: [
      { fromKg: 0, toKg: 60 },
      { fromKg: 60.1, toKg: 75 },
      { fromKg: 75.1, toKg: 90 },
      { fromKg: 90.1, toKg: 105 },
      { fromKg: 105.1, toKg: null },
    ],
    fatScores: [1, 2, 3, 4],
  },
};
