/**
 * The plant day's money worked out by hand, as a clerk checks an invoice against the price grid: each
 * carcass's band and fat score looked up in the grid's cells, grouped into lines, each line's total the
 * line's hundredths of a kg times its cents per kg rounded once, half away from zero; GST a tenth of each
 * line. Written out here on purpose (not the app's pricing code), so a wrong line in the app shows.
 * Money in integer cents.
 */
import type { GridCells } from "../../server/areas/pricing/cells.ts";

export interface PostedCarcass {
  bodyNumber: number;
  hscwKg: number;
  fatScore: number;
}

export interface HandLine {
  band: { fromKg: number; toKg: number | null };
  fatScore: number;
  count: number;
  hundredthsKg: number;
  centsPerKg: number;
  totalCents: number;
}

/** Half away from zero, as the money rules say. */
const roundHalfAway = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5);

/** The band a weight is in: bands include both ends, a weight between one's end and the next's start is the lower. */
function bandOf(cells: GridCells, kg: number): number {
  const bands = cells.weightBands;
  for (let i = bands.length - 1; i >= 0; i--) if (kg >= bands[i].fromKg) return i;
  throw new Error(`${kg} kg is below the grid`);
}

/** The grid's carcass lines for these carcasses, in band then fat score order. */
export function handLines(cells: GridCells, carcasses: readonly PostedCarcass[]): HandLine[] {
  const lines = new Map<string, HandLine>();
  for (const c of carcasses) {
    const b = bandOf(cells, c.hscwKg);
    const f = cells.fatScores.indexOf(c.fatScore);
    const centsPerKg = cells.prices[b][f];
    if (centsPerKg === null || f < 0) throw new Error(`body ${c.bodyNumber} is off the grid`);
    const key = `${b}|${f}`;
    const line = lines.get(key) ??
      {
        band: cells.weightBands[b],
        fatScore: c.fatScore,
        count: 0,
        hundredthsKg: 0,
        centsPerKg,
        totalCents: 0,
      };
    line.count++;
    line.hundredthsKg += Math.round(c.hscwKg * 100);
    lines.set(key, line);
  }
  return [...lines.entries()].sort(([a], [b]) => {
    const [ab, af] = a.split("|").map(Number), [bb, bf] = b.split("|").map(Number);
    return ab - bb || af - bf;
  }).map(([, l]) => ({ ...l, totalCents: roundHalfAway((l.hundredthsKg * l.centsPerKg) / 100) }));
}

/** GST on a line: a tenth, half away from zero. */
export const gstOfLine = (cents: number) => roundHalfAway(cents / 10);

/** "$1,234.56" or "−$3.00" read back to cents. */
export function centsOf(text: string): number {
  const m = text.replace(/,/g, "").match(/(−|-)?\$(\d+)\.(\d\d)/);
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

/** "$12,345.67" of cents (for finding an amount in a PDF's text). */
export function dollars(cents: number): string {
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * 119 carcasses the plant's scales might weigh: spread over the grid's priced bands (from `fromBand`) and
 * fat scores, weights with one decimal as scales print them, so several lines and roundings are tested.
 */
export function carcassesOnGrid(cells: GridCells, count: number, firstBody: number): PostedCarcass[] {
  const priced: { band: number; fat: number }[] = [];
  cells.weightBands.forEach((band, b) => {
    if (band.fromKg < 16 || band.fromKg > 30) return; // lambs' usual weights
    cells.fatScores.forEach((fat, f) => {
      if (cells.prices[b][f] !== null && fat >= 2 && fat <= 4) priced.push({ band: b, fat: f });
    });
  });
  if (!priced.length) throw new Error("the grid prices no lamb weights");
  return Array.from({ length: count }, (_, i) => {
    const { band, fat } = priced[(i * 7) % priced.length];
    const b = cells.weightBands[band];
    const width = Math.max(0, Math.floor(((b.toKg ?? b.fromKg + 2) - b.fromKg) * 10));
    return {
      bodyNumber: firstBody + i,
      hscwKg: Math.round(b.fromKg * 10 + ((i * 13) % (width + 1))) / 10,
      fatScore: cells.fatScores[fat],
    };
  });
}

/** What each carcass is worth on the grid, in cents (exact: fractions of a cent kept until a levy rounds). */
export function carcassValues(cells: GridCells, carcasses: readonly PostedCarcass[]): number[] {
  return carcasses.map((c) =>
    (Math.round(c.hscwKg * 100) *
      cells.prices[bandOf(cells, c.hscwKg)][cells.fatScores.indexOf(c.fatScore)]!) /
    100
  );
}

export interface LevyBands {
  bands: { fromValueCents: number; perHeadCents: number; basisPoints: number }[];
  maxPerHeadCents: number | null;
}

/** A levy on the carcasses: each pays its value band's cents a head plus its basis points of its value; rounded once. */
export function handLevy(rule: LevyBands, values: readonly number[]): number {
  let total = 0;
  for (const v of values) {
    const band = rule.bands.filter((b) => v >= b.fromValueCents).at(-1);
    if (!band || v <= 0) continue;
    const each = band.perHeadCents + (v * band.basisPoints) / 10_000;
    total += rule.maxPerHeadCents === null ? each : Math.min(each, rule.maxPerHeadCents);
  }
  return roundHalfAway(total);
}

/** "2,494.0" of hundredths of a kg (a total weight as documents print it, to one decimal). */
export function kgText(hundredths: number): string {
  const tenths = Math.round(hundredths / 10);
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${tenths % 10}`;
}
