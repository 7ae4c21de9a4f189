/**
 * What each carcass of an invoice is paid (docs/decisions.md "Invoices and skins"): the grid cell its
 * weight and fat score fall in, or the order's off-grid price, then the defect price rules, and the
 * carcass lines they group into (defect category × weight band × fat score). Service kill carcasses are
 * charged the plant's fee per head instead.
 *
 * Pure: no I/O. Money in whole cents; weights in hundredths of a kilogram so line totals are exact
 * integer sums rounded once, half away from zero.
 */
import type { GridCells } from "../pricing/cells.ts";
import { bandLabel } from "../pricing/labels.ts";
import { toCents } from "../../../kernel/money.ts";

export interface CarcassForPricing {
  id: number;
  bodyNumber: number;
  hscwKg: number;
  fatScore: number | null;
  fatDepthMm: number | null;
  defects: readonly string[];
  condemned: "none" | "part" | "whole" | string;
}

export type OffGridPer = "PerHead" | "PerKgLive" | "PerKgCarcass";
export type OffGridType = "Fixed" | "OverGrid" | "UnderGrid";

export interface PricingBasis {
  speciesId: number;
  /** the grid of the order's grid group for its species category (null: none) */
  grid: { reference: string; cells: GridCells | null } | null;
  isServiceKill: boolean;
  /** cents per head the plant charges for a service kill (null: no fee set) */
  serviceKillFeeCents: number | null;
  /** the order's off-grid price ($ per unit) */
  offGrid: { price: number; per: OffGridPer; type: OffGridType } | null;
}

export type DefectPriceRule = "GridPrice" | "PercentOff" | "CentsPerKgOff" | "FixedPerHead" | "NoPayment";

export interface DefectRule {
  code: string;
  name: string;
  priceRule: DefectPriceRule;
  /** percent, cents per kg or cents per head by the rule */
  amount: number;
}

/** The code a whole and a part condemnation is looked up by among the defect details. */
export const CONDEMNED_CODE = "CONDEMNED";
export const PART_CONDEMNED_CODE = "PART_CONDEMNED";

/** How a carcass is paid: by kg of HSCW or per head, at a price per unit (null = no price found). */
export interface CarcassPrice {
  category: string;
  unit: "kg" | "head";
  /** where the price came from, as a line reads it */
  basis: "Grid" | "Off grid" | "Defect" | "Service kill";
  centsPerUnit: number | null;
  bandIndex: number | null;
  band: string;
  fatScore: number | null;
}

export interface CarcassProblem {
  bodyNumber: number;
  message: string;
}

/**
 * AUS-MEAT fat score from fat depth when the plant sent only the depth: the top of each score's range in
 * mm (GR for sheep, goats and deer; P8 for cattle; P2 for pigs).
 */
const FAT_SCORE_TOPS: Record<number, number[]> = {
  1: [5, 10, 15, 20],
  2: [2, 6, 12, 22, 32],
  3: [8, 12, 16],
  4: [5, 10, 15, 20],
  5: [5, 10, 15, 20],
};

export function fatScoreOf(speciesId: number, c: Pick<CarcassForPricing, "fatScore" | "fatDepthMm">) {
  if (c.fatScore !== null) return c.fatScore;
  if (c.fatDepthMm === null) return null;
  const tops = FAT_SCORE_TOPS[speciesId] ?? FAT_SCORE_TOPS[1];
  const i = tops.findIndex((top) => c.fatDepthMm! <= top);
  return i === -1 ? tops.length + 1 : i + 1;
}

/**
 * The band a weight falls in: bands are written with both ends (0–16, 16.1–18), so a weight between
 * one band's end and the next one's start (16.05) belongs to the lower band.
 */
export function bandIndexOf(cells: GridCells, kg: number): number | null {
  const bands = cells.weightBands;
  for (let i = 0; i < bands.length; i++) {
    if (kg < bands[i].fromKg) return null;
    const next = bands[i + 1];
    if (next ? kg < next.fromKg : bands[i].toKg === null || kg <= bands[i].toKg!) return i;
  }
  return null;
}

/** The grid's cents per kg for a weight and fat score: null when it falls off the grid or a cell is blank. */
export function gridCellPrice(cells: GridCells, kg: number, fatScore: number | null) {
  const bandIndex = bandIndexOf(cells, kg);
  const fatIndex = fatScore === null ? -1 : cells.fatScores.indexOf(fatScore);
  const price = bandIndex === null || fatIndex === -1 ? null : cells.prices[bandIndex]?.[fatIndex] ?? null;
  return { bandIndex, price };
}

const byCode = (rules: readonly DefectRule[]) => new Map(rules.map((r) => [r.code.toUpperCase(), r]));

/** The defect rules a carcass attracts, its condemnation first. */
function defectRulesOf(c: CarcassForPricing, rules: Map<string, DefectRule>): DefectRule[] {
  const codes = [
    ...(c.condemned === "part" ? [PART_CONDEMNED_CODE] : []),
    ...c.defects.map((d) => d.toUpperCase()),
  ];
  return codes.flatMap((code) => {
    const rule = rules.get(code);
    return rule && rule.priceRule !== "GridPrice" ? [rule] : [];
  });
}

/** The cents per kg after a defect rule; a per-head rule turns the carcass into a per-head line. */
function applyDefect(rule: DefectRule, centsPerKg: number, hundredthsKg: number) {
  switch (rule.priceRule) {
    case "PercentOff":
      return {
        unit: "kg" as const,
        cents: Math.round((centsPerKg * (100 - Math.min(100, rule.amount))) / 100),
      };
    case "CentsPerKgOff":
      return { unit: "kg" as const, cents: Math.max(0, centsPerKg - rule.amount) };
    case "FixedPerHead":
      return { unit: "head" as const, cents: rule.amount };
    case "NoPayment":
      return { unit: "head" as const, cents: 0 };
    default:
      return { unit: "kg" as const, cents: centsPerKg, hundredthsKg };
  }
}

/** What a carcass pays on its own (per kg or per head), before the off-grid per-head premium. */
export function priceCarcass(
  c: CarcassForPricing,
  basis: PricingBasis,
  defectRules: readonly DefectRule[],
  rules = byCode(defectRules),
): { price: CarcassPrice; problem?: string } {
  const none = { bandIndex: null, band: "", fatScore: null };
  if (basis.isServiceKill) {
    const fee = basis.serviceKillFeeCents;
    return {
      price: {
        category: "Service kill",
        unit: "head",
        basis: "Service kill",
        centsPerUnit: fee === null ? null : -fee,
        ...none,
      },
    };
  }
  if (c.condemned === "whole") {
    const rule = rules.get(CONDEMNED_CODE);
    const cents = rule?.priceRule === "FixedPerHead" ? rule.amount : 0;
    return {
      price: {
        category: rule?.name || "Condemned",
        unit: "head",
        basis: "Defect",
        centsPerUnit: cents,
        ...none,
      },
    };
  }
  if (!(c.hscwKg > 0)) {
    return {
      price: { category: "", unit: "kg", basis: "Grid", centsPerUnit: null, ...none },
      problem: "no carcass weight",
    };
  }
  const hundredthsKg = Math.round(c.hscwKg * 100);
  const fatScore = fatScoreOf(basis.speciesId, c);
  const cells = basis.grid?.cells ?? null;
  let bandIndex: number | null = null;
  let centsPerKg: number | null = null;
  let problem: string | undefined;
  const off = basis.offGrid;
  if (off?.type === "Fixed" && off.per !== "PerKgLive") {
    if (off.per === "PerHead") {
      return {
        price: { category: "", unit: "head", basis: "Off grid", centsPerUnit: toCents(off.price), ...none },
      };
    }
    centsPerKg = toCents(off.price);
    if (cells) bandIndex = bandIndexOf(cells, c.hscwKg);
  } else if (off?.per === "PerKgLive") {
    problem = "the order is priced per kg live weight, and live weights are not recorded";
  } else if (!cells) {
    problem = "the order has no price grid for its category";
  } else {
    if (fatScore === null) problem = "no fat score or fat depth";
    const cell = gridCellPrice(cells, c.hscwKg, fatScore);
    bandIndex = cell.bandIndex;
    centsPerKg = cell.price;
    if (centsPerKg !== null && off && off.per === "PerKgCarcass") {
      const delta = toCents(off.price);
      centsPerKg = Math.max(0, off.type === "OverGrid" ? centsPerKg + delta : centsPerKg - delta);
    }
  }
  const band = cells && bandIndex !== null ? `${bandLabel(cells.weightBands[bandIndex])} kg` : "";
  const basisName: CarcassPrice["basis"] = off?.type === "Fixed" ? "Off grid" : "Grid";
  const defects = defectRulesOf(c, rules);
  if (centsPerKg === null || !defects.length) {
    return {
      price: {
        category: "",
        unit: "kg",
        basis: basisName,
        centsPerUnit: centsPerKg,
        bandIndex,
        band,
        fatScore,
      },
      problem,
    };
  }
  // of several defects the one that pays least decides
  let worst: { rule: DefectRule; unit: "kg" | "head"; cents: number; value: number } | null = null;
  for (const rule of defects) {
    const applied = applyDefect(rule, centsPerKg, hundredthsKg);
    const value = applied.unit === "kg" ? applied.cents * hundredthsKg / 100 : applied.cents;
    if (!worst || value < worst.value) worst = { rule, ...applied, value };
  }
  const w = worst!;
  return {
    price: {
      category: w.rule.name,
      unit: w.unit,
      basis: "Defect",
      centsPerUnit: w.cents,
      bandIndex: w.unit === "kg" ? bandIndex : null,
      band: w.unit === "kg" ? band : "",
      fatScore: w.unit === "kg" ? fatScore : null,
    },
    problem,
  };
}

/** A carcass line item (spec 2 §3): carcasses of one defect category, weight band and fat score. */
export interface CarcassLine {
  /** what a pricing adjustment names: category | band | fat | unit */
  key: string;
  defectCategory: string;
  weightRange: string;
  fatDetails: string;
  bandIndex: number | null;
  fatScore: number | null;
  count: number;
  totalWeightInKilograms: number;
  unitType: "kg" | "head";
  purchasePricePerUnitType: CarcassPrice["basis"];
  /** the price found (null = none) and the adjustment added to it */
  basePricePerUnitCents: number | null;
  adjustmentCents: number;
  pricePerUnitCents: number | null;
  totalCents: number;
  bodyNumbers: number[];
  /** the per-carcass values (cents, exact) the levies on value read */
  carcassValues: number[];
}

export function lineKeyOf(p: CarcassPrice): string {
  return [p.category || "Standard", p.band || "-", p.fatScore ?? "-", p.unit].join("|");
}

/** Whole cents of hundredths of a kg at cents per kg, rounded once, half away from zero. */
export function kgLineCents(hundredthsKg: number, centsPerKg: number): number {
  const exact = hundredthsKg * centsPerKg;
  const cents = Math.floor((Math.abs(exact) + 50) / 100);
  return exact < 0 ? -cents : cents;
}

/**
 * The carcass lines of an invoice, in a stable order (category, band, fat score), with each line's
 * pricing adjustment (cents per unit, by line key) applied.
 */
export function carcassLines(
  carcasses: readonly CarcassForPricing[],
  basis: PricingBasis,
  defectRules: readonly DefectRule[],
  adjustments: ReadonlyMap<string, number> = new Map(),
): { lines: CarcassLine[]; problems: CarcassProblem[] } {
  const rules = byCode(defectRules);
  const groups = new Map<
    string,
    { price: CarcassPrice; hundredths: number; carcasses: CarcassForPricing[] }
  >();
  const problems: CarcassProblem[] = [];
  for (const c of carcasses) {
    const { price, problem } = priceCarcass(c, basis, defectRules, rules);
    if (problem) problems.push({ bodyNumber: c.bodyNumber, message: problem });
    const key = lineKeyOf(price);
    const g = groups.get(key) ?? { price, hundredths: 0, carcasses: [] };
    g.hundredths += price.unit === "kg" ? Math.round(c.hscwKg * 100) : 0;
    g.carcasses.push(c);
    groups.set(key, g);
  }
  const lines = [...groups.entries()].map(([key, g]): CarcassLine => {
    const p = g.price;
    const adjustment = adjustments.get(key) ?? 0;
    const unitPrice = p.centsPerUnit === null
      ? (adjustment ? adjustment : null)
      : p.centsPerUnit + adjustment;
    const count = g.carcasses.length;
    const totalCents = unitPrice === null
      ? 0
      : p.unit === "kg"
      ? kgLineCents(g.hundredths, unitPrice)
      : count * unitPrice;
    return {
      key,
      defectCategory: p.category,
      weightRange: p.band,
      fatDetails: p.fatScore === null ? "" : `Fat ${p.fatScore}`,
      bandIndex: p.bandIndex,
      fatScore: p.fatScore,
      count,
      totalWeightInKilograms: g.hundredths / 100,
      unitType: p.unit,
      purchasePricePerUnitType: p.basis,
      basePricePerUnitCents: p.centsPerUnit,
      adjustmentCents: adjustment,
      pricePerUnitCents: unitPrice,
      totalCents,
      bodyNumbers: g.carcasses.map((c) => c.bodyNumber),
      carcassValues: g.carcasses.map((c) =>
        unitPrice === null ? 0 : p.unit === "kg" ? (Math.round(c.hscwKg * 100) * unitPrice) / 100 : unitPrice
      ),
    };
  });
  lines.sort((a, b) =>
    (a.defectCategory === "" ? 0 : 1) - (b.defectCategory === "" ? 0 : 1) ||
    a.defectCategory.localeCompare(b.defectCategory) || (a.bandIndex ?? -1) - (b.bandIndex ?? -1) ||
    (a.fatScore ?? -1) - (b.fatScore ?? -1) || a.unitType.localeCompare(b.unitType)
  );
  return { lines, problems };
}
