/**
 * Levies on an invoice (docs/decisions.md "Invoices and skins"): deductions the processor collects for
 * the industry (the cattle transaction levy per head, the sheep and goat levies as a percentage of the
 * price) and the plant's own. Each levy is banded on the value of one carcass; a band charges cents per
 * head plus basis points of the value, optionally capped per head. A levy line is rounded once, from
 * the exact sum over its carcasses (BigInt: the sum of products outgrows 2^53 on a large kill).
 *
 * Pure: no I/O; the settings screens bundle it.
 */
import { formatCents } from "../../../kernel/money.ts";

export interface LevyBand {
  fromValueCents: number;
  perHeadCents: number;
  basisPoints: number;
}

export interface LevyRule {
  levyType: string;
  description: string;
  bands: readonly LevyBand[];
  maxPerHeadCents: number | null;
}

export interface LevyLine {
  levyType: string;
  description: string;
  /** head the levy was charged on */
  head: number;
  /** cents deducted (positive) */
  totalCents: number;
  /** the carcass value it was charged on (cents); absent on documents frozen before it was kept */
  valueCents?: number;
  /** the one rate every charged carcass paid, when they all paid the same (null: mixed bands, or capped) */
  basisPoints?: number | null;
  perHeadCents?: number | null;
}

/** The band a carcass value falls in (bands ascend; the last whose start is at or below the value). */
export function bandFor(bands: readonly LevyBand[], valueCents: number): LevyBand | null {
  let found: LevyBand | null = null;
  for (const b of bands) if (valueCents >= b.fromValueCents) found = b;
  return found;
}

const SCALE = 10_000n * 100n; // basis points × the hundredths a carcass value may carry

/** Round a non-negative BigInt fraction n / SCALE half up to whole cents. */
function roundScaled(n: bigint): number {
  return Number((n + SCALE / 2n) / SCALE);
}

/**
 * One levy over the paid carcasses' values (cents, exact to the hundredth): cents per head plus basis
 * points of the value by band, capped per head; carcasses not paid for (value 0) carry no levy.
 */
export function levyLine(rule: LevyRule, carcassValues: readonly number[]): LevyLine {
  let scaled = 0n;
  let head = 0;
  let valueCents = 0;
  const rates = new Set<string>();
  const cap = rule.maxPerHeadCents === null ? null : BigInt(rule.maxPerHeadCents) * SCALE;
  for (const value of carcassValues) {
    if (!(value > 0)) continue;
    const band = bandFor(rule.bands, value);
    if (!band) continue;
    let amount = BigInt(band.perHeadCents) * SCALE +
      BigInt(Math.round(value * 100)) * BigInt(band.basisPoints);
    if (cap !== null && amount > cap) {
      amount = cap;
      rates.add("capped");
    } else rates.add(`${band.basisPoints}|${band.perHeadCents}`);
    if (amount === 0n) continue;
    scaled += amount;
    valueCents += value;
    head++;
  }
  const [basisPoints, perHeadCents] = rates.size === 1 && !rates.has("capped")
    ? [...rates][0].split("|").map(Number)
    : [null, null];
  return {
    levyType: rule.levyType,
    description: rule.description,
    head,
    totalCents: roundScaled(scaled),
    valueCents: Math.round(valueCents),
    basisPoints,
    perHeadCents,
  };
}

export function levyLines(rules: readonly LevyRule[], carcassValues: readonly number[]): LevyLine[] {
  return rules.map((r) => levyLine(r, carcassValues)).filter((l) => l.head > 0);
}

/**
 * What a levy line was charged on, in words: a percentage levy (the sheep, lamb and goat transaction
 * levies) by its rate and the carcass value, a per-head levy (cattle) by its head and rate.
 * "2% of $6,250.00 carcass value", "118 head at $5.00", "118 head, $6,250.00 carcass value".
 */
export function levyBasis(l: LevyLine): string {
  const head = `${l.head.toLocaleString("en-AU")} head`;
  if (l.valueCents === undefined) return head;
  const value = `${formatCents(l.valueCents)} carcass value`;
  if (l.basisPoints && !l.perHeadCents) {
    const rate = (l.basisPoints / 100).toLocaleString("en-AU", { maximumFractionDigits: 2 });
    return `${rate}% of ${value}`;
  }
  if (l.perHeadCents && !l.basisPoints) return `${head} at ${formatCents(l.perHeadCents)}`;
  return `${head}, ${value}`;
}
