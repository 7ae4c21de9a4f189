/**
 * Pricing rules (spec 2 §3 "Pricing grid group", §5 "Pricing options", "Pricing display label"):
 * which grid groups an order may be priced with and how they read, the best price of a group for an
 * order, and the grid cell matrix (carcass weight bands × fat scores, cents per kg): its checks, its
 * best price and the text form people paste from a spreadsheet.
 *
 * Pure: no I/O and no imports. The order form and the grid editor islands use it in the browser.
 */

// ---------- groups offered to an order ----------

/** Dates are the plant's local `yyyy-MM-dd`, so string order is date order. */
type IsoDate = string;

export interface GridForPricing {
  speciesCategoryId: number;
  /** $/kg */
  bestPrice: number | null;
  /** 1 is tried first */
  priority: number;
}

interface GroupFields {
  id: number;
  name: string;
  speciesId: number;
  startDate: IsoDate;
  /** null = onwards */
  endDate: IsoDate | null;
  isServiceKill: boolean;
  isDefaultGroup: boolean;
}

/** A group with its grids, as the brief's `grids` or as the API answers it (`pricingGrids`). */
export type GroupForPricing =
  & GroupFields
  & ({ grids: readonly GridForPricing[] } | { pricingGrids: readonly GridForPricing[] });

export interface OrderForPricing {
  speciesId: number;
  speciesCategoryId: number | null;
  deliveryDate: IsoDate | null;
  productionDate: IsoDate | null;
}

export interface PricingOption {
  id: number;
  label: string;
  disabled: boolean;
}

export function gridsOf(group: GroupForPricing): readonly GridForPricing[] {
  return "grids" in group ? group.grids : group.pricingGrids;
}

/** Whether `date` falls within start..end, both days included; a null end means onwards. */
export function isWithinPeriod(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  date: IsoDate | null | undefined,
): boolean {
  if (!date) return false;
  return date >= period.startDate && (period.endDate === null || date <= period.endDate);
}

/**
 * The grid of a group that prices a species category: of several, the lowest priority number wins.
 * With no category there is no grid (the buyer has not said what is bought).
 */
export function gridFor<G extends GridForPricing>(
  grids: readonly G[],
  speciesCategoryId: number | null,
): G | null {
  if (speciesCategoryId === null) return null;
  let best: G | null = null;
  for (const g of grids) {
    if (g.speciesCategoryId === speciesCategoryId && (!best || g.priority < best.priority)) best = g;
  }
  return best;
}

/** Best price ($/kg) of a group for an order: that of the grid for the order's species category. */
export function bestPriceFor(group: GroupForPricing, speciesCategoryId: number | null): number | null {
  return gridFor(gridsOf(group), speciesCategoryId)?.bestPrice ?? null;
}

/**
 * The pricing grid groups an order may choose (spec 2 §5):
 * - same species only; default groups are never offered (they are the fallback, not a choice);
 * - a group is offered when the delivery date or the production date falls within its period;
 * - it is enabled when it has a grid for the order's species category (an order without a category:
 *   when it has any grid); otherwise it is shown disabled if it is valid on the delivery date, and
 *   left out when only the production date falls within it.
 *
 * Order: enabled before disabled; then the latest start first (the newest, usually narrowest period
 * is what the buyer means); then by name and id, so the list is stable.
 */
export function pricingOptions(
  order: OrderForPricing,
  groups: readonly GroupForPricing[],
): PricingOption[] {
  const offered: { group: GroupForPricing; option: PricingOption }[] = [];
  for (const group of groups) {
    if (group.isDefaultGroup || group.speciesId !== order.speciesId) continue;
    const onDelivery = isWithinPeriod(group, order.deliveryDate);
    const onProduction = isWithinPeriod(group, order.productionDate);
    if (!onDelivery && !onProduction) continue;
    const grids = gridsOf(group);
    const hasGrid = order.speciesCategoryId === null
      ? grids.length > 0
      : gridFor(grids, order.speciesCategoryId) !== null;
    if (!hasGrid && !onDelivery) continue;
    const label = pricingLabel(group, bestPriceFor(group, order.speciesCategoryId));
    offered.push({ group, option: { id: group.id, label, disabled: !hasGrid } });
  }
  offered.sort((a, b) =>
    Number(a.option.disabled) - Number(b.option.disabled) ||
    compare(b.group.startDate, a.group.startDate) ||
    compare(a.group.name.toLowerCase(), b.group.name.toLowerCase()) ||
    a.group.id - b.group.id
  );
  return offered.map((o) => o.option);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------- labels ----------

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1 Nov 2026" */
export function formatDay(date: IsoDate): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "1 Nov 2026 – 30 Nov 2026", or "from 1 Nov 2026" when open-ended. */
export function formatPeriod(period: { startDate: IsoDate; endDate: IsoDate | null }): string {
  return period.endDate === null
    ? `from ${formatDay(period.startDate)}`
    : `${formatDay(period.startDate)} – ${formatDay(period.endDate)}`;
}

/** "$8.45" (spec 2 §9: $ and two decimals), rounding half up on the cent. */
export function formatDollars(amount: number): string {
  return `$${(Math.round((amount + Number.EPSILON) * 100) / 100).toFixed(2)}`;
}

/**
 * The label of a group as an order shows it (spec 2 §5): "name, period: $best", the price part
 * left out for a service kill (the owner pays a kill fee; there is no purchase price) and when there
 * is no best price.
 */
export function pricingLabel(
  group: { name: string; startDate: IsoDate; endDate: IsoDate | null; isServiceKill: boolean },
  bestPrice: number | null | undefined,
): string {
  const base = `${group.name}, ${formatPeriod(group)}`;
  if (group.isServiceKill || bestPrice === null || bestPrice === undefined) return base;
  return `${base}: ${formatDollars(bestPrice)}`;
}

export type PeriodStatus = "current" | "upcoming" | "past";

/** Where a group's period stands on `today`. */
export function periodStatus(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): PeriodStatus {
  if (period.startDate > today) return "upcoming";
  if (period.endDate !== null && period.endDate < today) return "past";
  return "current";
}

/** Full month names, for period names such as "November 2026". */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date): IsoDate => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The period after a group's, offered when it is copied: whole calendar months follow on as whole
 * months (November's grid becomes December's), other periods keep their length from the day after;
 * an open-ended group's copy starts today.
 */
export function nextPeriod(
  period: { startDate: IsoDate; endDate: IsoDate | null },
  today: IsoDate,
): { startDate: IsoDate; endDate: IsoDate | null } {
  if (period.endDate === null) return { startDate: today, endDate: null };
  const start = utc(period.startDate), end = utc(period.endDate);
  const dayAfter = new Date(end.getTime() + DAY_MS);
  if (start.getUTCDate() === 1 && dayAfter.getUTCDate() === 1) {
    const months = (dayAfter.getUTCFullYear() - start.getUTCFullYear()) * 12 +
      dayAfter.getUTCMonth() - start.getUTCMonth();
    const lastDay = new Date(Date.UTC(dayAfter.getUTCFullYear(), dayAfter.getUTCMonth() + months, 0));
    return { startDate: iso(dayAfter), endDate: iso(lastDay) };
  }
  return {
    startDate: iso(dayAfter),
    endDate: iso(new Date(dayAfter.getTime() + end.getTime() - start.getTime())),
  };
}

/** A copy's name: "November 2026 lambs" → "December 2026 lambs" when it names the month, else "… (copy)". */
export function nextGroupName(name: string, from: IsoDate, to: IsoDate): string {
  const month = (date: IsoDate) => `${MONTH_NAMES[utc(date).getUTCMonth()]} ${date.slice(0, 4)}`;
  return name.includes(month(from)) && month(from) !== month(to)
    ? name.replace(month(from), month(to))
    : `${name} (copy)`;
}

// ---------- the cell matrix ----------

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

/** "0–16", "16.1–18", "28.1+" */
export function bandLabel(band: { fromKg: number; toKg: number | null }): string {
  return band.toKg === null ? `${band.fromKg}+` : `${band.fromKg}–${band.toKg}`;
}

// ---------- the text form of a matrix ----------

/**
 * The matrix as text, the way a spreadsheet pastes it (tab-separated) or a person types it
 * (comma-separated):
 *
 *     kg      1    2    3    4    5
 *     0-16    -    780  800  760  -
 *     16.1-18 820  880  900  860  780
 *     28.1+   760  820  840  800  720
 *
 * The first line names the fat scores (after a label cell, e.g. "kg"; "FS2" or "Fat 2" also read as 2);
 * every other line is a weight band ("16.1-18", or "28.1+" for the heaviest, open-ended band) and its
 * prices in cents per kg, one per fat score. Blank or "-" is not bought. Blank lines are ignored.
 */
export function gridToText(cells: GridCells): string {
  const header = ["kg", ...cells.fatScores.map(String)].join("\t");
  const rows = cells.weightBands.map((band, i) =>
    [
      band.toKg === null ? `${band.fromKg}+` : `${band.fromKg}-${band.toKg}`,
      ...cells.fatScores.map((_, j) => {
        const p = cells.prices[i]?.[j];
        return p === null || p === undefined ? "-" : String(p);
      }),
    ].join("\t")
  );
  return [header, ...rows].join("\n");
}

export type ParsedGrid = { ok: true; cells: GridCells } | { ok: false; errors: string[] };

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const BAND_RANGE = new RegExp(`^(${NUMBER})\\s*(?:-|–|—|to)\\s*(${NUMBER})$`, "i");
const BAND_OPEN = new RegExp(`^(${NUMBER})\\s*(?:\\+|and over|or more)$`, "i");
const FAT_SCORE = /^(?:fs|fat(?:\s*score)?)?\s*(\d+)$/i;
const NOT_BOUGHT = new Set(["", "-", "–", "—", "x", "n/a", "na", "nb"]);

/** One line's cells: tabs when the line has one (a spreadsheet paste), else commas or semicolons, else spaces. */
function splitLine(line: string): string[] {
  if (line.includes("\t")) return line.split("\t").map((c) => c.trim());
  if (/[,;]/.test(line)) return line.split(/[,;]/).map((c) => c.trim());
  return line.trim().split(/\s+/);
}

function parseBand(cell: string): { fromKg: number; toKg: number | null } | null {
  const text = cell.replace(/\s*kg$/i, "").trim();
  const range = BAND_RANGE.exec(text);
  if (range) return { fromKg: Number(range[1]), toKg: Number(range[2]) };
  const open = BAND_OPEN.exec(text);
  return open ? { fromKg: Number(open[1]), toKg: null } : null;
}

/** Reads the text form into a matrix, or says line by line what is wrong with it. */
export function parseGridText(text: string): ParsedGrid {
  const lines = text.split(/\r?\n/).map((line, i) => ({ line, number: i + 1 }))
    .filter((l) => l.line.trim() !== "");
  const errors: string[] = [];
  if (lines.length < 2) {
    return { ok: false, errors: ["Give a header line of fat scores and at least one weight band line."] };
  }
  const [head, ...body] = lines;
  const headCells = splitLine(head.line);
  // the corner cell is a label ("kg", "HSCW", blank); without one the line starts with a fat score
  const fatCells = FAT_SCORE.test(headCells[0]) ? headCells : headCells.slice(1);
  while (fatCells.length && fatCells[fatCells.length - 1] === "") fatCells.pop();
  const fatScores: number[] = [];
  for (const cell of fatCells) {
    const m = FAT_SCORE.exec(cell);
    if (!m) {
      errors.push(`Line ${head.number}: “${cell}” is not a fat score (use whole numbers such as 1 2 3 4 5).`);
    } else fatScores.push(Number(m[1]));
  }
  if (!fatCells.length) errors.push(`Line ${head.number}: list the fat scores after a label such as “kg”.`);

  const weightBands: GridCells["weightBands"] = [];
  const prices: GridCells["prices"] = [];
  for (const { line, number } of body) {
    const [bandCell, ...priceCells] = splitLine(line);
    const band = parseBand(bandCell);
    if (!band) {
      errors.push(
        `Line ${number}: “${bandCell}” is not a weight band (write 16.1-18, or 28.1+ for the last).`,
      );
      continue;
    }
    // a spreadsheet drops trailing empty cells: missing prices at the end are "not bought"
    while (priceCells.length > fatCells.length && priceCells[priceCells.length - 1] === "") priceCells.pop();
    if (priceCells.length > fatCells.length) {
      errors.push(`Line ${number}: ${priceCells.length} prices for ${fatCells.length} fat scores.`);
      continue;
    }
    const row: (number | null)[] = [];
    for (const raw of [...priceCells, ...Array(fatCells.length - priceCells.length).fill("")]) {
      const cell = raw.replace(/\s*c$/i, "").trim();
      if (NOT_BOUGHT.has(cell.toLowerCase())) row.push(null);
      else if (cell.startsWith("$")) {
        errors.push(`Line ${number}: “${raw}”: prices are cents per kg (800 = $8.00/kg), without $.`);
      } else if (!new RegExp(`^${NUMBER}$`).test(cell)) {
        errors.push(`Line ${number}: “${raw}” is not a price in cents per kg.`);
      } else row.push(Number(cell));
    }
    weightBands.push(band);
    prices.push(row);
  }
  if (errors.length) return { ok: false, errors };
  const cells = { weightBands, fatScores, prices };
  const problems = gridCellProblems(cells);
  if (problems.length) return { ok: false, errors: problems.map((p) => p.message) };
  return { ok: true, cells };
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
