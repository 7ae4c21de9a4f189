/**
 * Kill feedback against the grid a lot was bought on (issue 44 §3): each carcass's grid cell (weight band ×
 * fat score), why it missed the grid's best cell, and the dollars that cost. Pure: no I/O.
 *
 * Reasons, each counted once per carcass: weight (another band than the best cell's), fat (another fat
 * score), dentition (more permanent incisors than the lot allows), pH (MSA ultimate pH 5.71 or above),
 * rib fat (MSA rib fat under 3 mm), condemned (the whole carcass). Dollars lost: per carcass, (best cell's
 * price − its cell's price) × HSCW; an unpriced cell counts at the grid's lowest price; a condemned
 * carcass loses the best price on the lot's average HSCW.
 */
import type { GridCells } from "../../pricing/rules.ts";

export const REASONS = ["weight", "fat", "dentition", "pH", "ribFat", "condemned"] as const;
export type Reason = typeof REASONS[number];

export const REASON_WORDS: Record<Reason, string> = {
  weight: "Weight outside the best band",
  fat: "Fat score outside the best cell",
  dentition: "Too many teeth",
  pH: "pH 5.71 or above",
  ribFat: "Rib fat under 3 mm",
  condemned: "Condemned",
};

/** MSA pH: 5.71 and above does not comply (graded to two decimals). Rib fat: at least 3 mm. */
export const MSA_FAIL_PH = 5.71;
export const MSA_MIN_RIB_FAT_MM = 3;

export interface FeedbackCarcassFields {
  hscwKg: number;
  fatScore: number | null;
  dentition: number | null;
  msaUltimatePh: number | null;
  msaRibFatMm: number | null;
  condemned: string;
}

export interface CellAt {
  band: number;
  fat: number;
  /** cents per kg; null when the cell is not bought */
  priceCents: number | null;
}

/** The grid's weight band of a weight (index), or -1 outside every band. */
export function bandOf(cells: GridCells, hscwKg: number): number {
  return cells.weightBands.findIndex((b) => hscwKg >= b.fromKg && (b.toKg === null || hscwKg < b.toKg));
}

/** The carcass's cell: its band and fat score column (-1 when outside the grid). */
export function cellOf(cells: GridCells, c: Pick<FeedbackCarcassFields, "hscwKg" | "fatScore">): CellAt {
  const band = bandOf(cells, c.hscwKg);
  const fat = c.fatScore === null ? -1 : cells.fatScores.indexOf(c.fatScore);
  const priceCents = band >= 0 && fat >= 0 ? cells.prices[band]?.[fat] ?? null : null;
  return { band, fat, priceCents };
}

/** The best-priced cell (the first of equals, lightest band first). */
export function bestCell(cells: GridCells): CellAt | null {
  let best: CellAt | null = null;
  cells.prices.forEach((row, band) =>
    row.forEach((price, fat) => {
      if (price !== null && (!best || price > best.priceCents!)) best = { band, fat, priceCents: price };
    })
  );
  return best;
}

function lowestPrice(cells: GridCells): number {
  const prices = cells.prices.flat().filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : 0;
}

/** Why a carcass missed the best cell (empty: it is in it and met every other test). */
export function reasonsOf(
  c: FeedbackCarcassFields,
  cells: GridCells | null,
  maxDentition: number | null = null,
): Reason[] {
  if (c.condemned === "whole") return ["condemned"];
  const reasons: Reason[] = [];
  const best = cells && bestCell(cells);
  if (cells && best) {
    const at = cellOf(cells, c);
    if (at.band !== best.band) reasons.push("weight");
    if (at.fat !== best.fat) reasons.push("fat");
  }
  if (maxDentition !== null && c.dentition !== null && c.dentition > maxDentition) reasons.push("dentition");
  if (c.msaUltimatePh !== null && Math.round(c.msaUltimatePh * 100) >= MSA_FAIL_PH * 100) reasons.push("pH");
  if (c.msaRibFatMm !== null && c.msaRibFatMm < MSA_MIN_RIB_FAT_MM) reasons.push("ribFat");
  return reasons;
}

export interface LotCompliance {
  head: number;
  inBestCell: number;
  /** share in the best cell with no other reason, 0–1 */
  shareInBest: number;
  reasons: Record<Reason, number>;
  /** whole cents */
  dollarsLostCents: number;
}

/** The compliance summary of a lot's carcasses against its grid. */
export function lotCompliance(
  rows: readonly FeedbackCarcassFields[],
  cells: GridCells | null,
  maxDentition: number | null = null,
): LotCompliance {
  const reasons = Object.fromEntries(REASONS.map((r) => [r, 0])) as Record<Reason, number>;
  const best = cells && bestCell(cells);
  const kept = rows.filter((r) => r.condemned !== "whole");
  const averageKg = kept.length ? kept.reduce((s, r) => s + r.hscwKg, 0) / kept.length : 0;
  let inBestCell = 0, lost = 0;
  for (const c of rows) {
    const why = reasonsOf(c, cells, maxDentition);
    for (const r of why) reasons[r]++;
    if (!why.length) inBestCell++;
    if (!cells || !best) continue;
    if (c.condemned === "whole") {
      lost += best.priceCents! * averageKg;
      continue;
    }
    const price = cellOf(cells, c).priceCents ?? lowestPrice(cells);
    lost += (best.priceCents! - price) * c.hscwKg;
  }
  return {
    head: rows.length,
    inBestCell,
    shareInBest: rows.length ? inBestCell / rows.length : 0,
    reasons,
    dollarsLostCents: Math.round(lost),
  };
}
