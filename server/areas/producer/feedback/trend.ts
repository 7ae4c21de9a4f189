/**
 * The trend across consignments (issue 44 §3): per lot its average HSCW, its share in the grid's best cell
 * and the grid's $/kg it earned; beside it the plant's anonymous average, only where at least five
 * suppliers contributed (§2: a comparison never lets one other supplier be read off).
 */
import type { GridCells } from "../../pricing/rules.ts";
import { cellOf, type FeedbackCarcassFields, lotCompliance } from "./rules.ts";

/** Fewest suppliers a plant average may stand for. */
export const MIN_PLANT_SUPPLIERS = 5;

/** The plant's average, or null (hidden) when fewer than five suppliers make it up. */
export function anonymousAverage(group: { suppliers: number; averageKg: number | null }): number | null {
  return group.suppliers >= MIN_PLANT_SUPPLIERS && group.averageKg !== null ? group.averageKg : null;
}

export interface TrendPoint {
  averageHscwKg: number;
  shareInBest: number | null;
  /** the grid's price over the kept carcasses' weight, cents per kg; null without a grid */
  centsPerKg: number | null;
}

export function trendPoint(
  rows: readonly FeedbackCarcassFields[],
  cells: GridCells | null,
  maxDentition: number | null,
): TrendPoint {
  const kept = rows.filter((r) => r.condemned !== "whole");
  const kg = kept.reduce((s, r) => s + r.hscwKg, 0);
  let paid = 0;
  for (const c of cells ? kept : []) paid += (cellOf(cells!, c).priceCents ?? 0) * c.hscwKg;
  return {
    averageHscwKg: kept.length ? Math.round((kg / kept.length) * 10) / 10 : 0,
    shareInBest: cells ? lotCompliance(rows, cells, maxDentition).shareInBest : null,
    centsPerKg: cells && kg ? Math.round(paid / kg) : null,
  };
}
