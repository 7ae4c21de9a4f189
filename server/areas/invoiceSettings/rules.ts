/**
 * Invoicing settings' vocabulary (docs/decisions.md "Invoices and skins"): the levy types a plant keeps,
 * the price rules of a defect detail, and how they read. Pure; the settings islands bundle it.
 */
import type { DefectPriceRule, DefectRule } from "../invoices/pricing.ts";
import type { LevyBand } from "../invoices/levies.ts";
import { formatCents, toCents } from "../../../kernel/money.ts";

/**
 * Levy types: the statutory transaction and slaughter levies (the Primary Industries (Excise) Levies Act
 * and (Customs) Charges schedules; rates change each year, so each row has a start date), the plant's own
 * charges (named by the description), and the service kill fee a plant charges the owner per head.
 */
export const LEVY_TYPES = ["TransactionLevy", "SlaughterLevy", "ProcessorCharge", "ServiceKillFee"] as const;
export type LevyType = (typeof LEVY_TYPES)[number];

export const LEVY_TYPE_NAMES: Record<LevyType, string> = {
  TransactionLevy: "Transaction levy",
  SlaughterLevy: "Slaughter levy",
  ProcessorCharge: "Processor charge",
  ServiceKillFee: "Service kill fee",
};

export function levyTypeName(type: string): string {
  return LEVY_TYPE_NAMES[type as LevyType] ?? type;
}

/** A levy line's words: "Transaction levy", or "Processor charge: Effluent". */
export function levyLabel(l: { levyType: string; description: string }): string {
  return l.description ? `${levyTypeName(l.levyType)}: ${l.description}` : levyTypeName(l.levyType);
}

export const DEFECT_PRICE_RULES: readonly DefectPriceRule[] = [
  "GridPrice",
  "PercentOff",
  "CentsPerKgOff",
  "FixedPerHead",
  "NoPayment",
];

export const DEFECT_PRICE_RULE_NAMES: Record<DefectPriceRule, string> = {
  GridPrice: "Paid at the grid price",
  PercentOff: "Percentage off the grid price",
  CentsPerKgOff: "Cents per kg off the grid price",
  FixedPerHead: "Fixed amount per head",
  NoPayment: "Not paid",
};

/** Skin and hide kinds: cattle have hides, the other species skins. */
export const SKIN_KINDS = ["skin", "hide"] as const;
export type SkinKind = (typeof SKIN_KINDS)[number];
export const skinKindOf = (speciesId: number): SkinKind => speciesId === 2 ? "hide" : "skin";

/** A defect detail as stored (speciesId null: every species). */
export interface DefectDetailRow {
  code: string;
  name: string;
  speciesId: number | null;
  priceRule: string;
  amount: number;
  isArchived: boolean;
}

/**
 * The defect rules that price a species' carcasses: live ones only, by upper-case code, the species' own
 * rule beating the every-species one (invoices are computed with these; pricing matches codes upper case).
 */
export function speciesDefectRules(rows: readonly DefectDetailRow[], speciesId: number): DefectRule[] {
  const byCode = new Map<string, DefectDetailRow>();
  for (const r of rows) {
    if (r.isArchived || (r.speciesId !== null && r.speciesId !== speciesId)) continue;
    const code = r.code.toUpperCase();
    const b = byCode.get(code);
    if (!b || (b.speciesId === null && r.speciesId !== null)) byCode.set(code, r);
  }
  return [...byCode].map(([code, r]) => ({
    code,
    name: r.name,
    priceRule: r.priceRule as DefectPriceRule,
    amount: r.amount,
  }));
}

/** How a defect rule reads on the settings list: "10 % off the grid price", "Not paid". */
export function describeDefectRule(r: { priceRule: string; amount: number }): string {
  switch (r.priceRule) {
    case "GridPrice":
      return "Paid at the grid price";
    case "PercentOff":
      return `${r.amount} % off the grid price`;
    case "CentsPerKgOff":
      return `${r.amount}c a kg off the grid price`;
    case "FixedPerHead":
      return `${formatCents(r.amount)} a head`;
    case "NoPayment":
      return "Not paid";
    default:
      return r.priceRule;
  }
}

/** A band as a person types it: dollars and a percentage. */
export interface LevyBandInput {
  fromValue?: number | null;
  perHead?: number | null;
  percent?: number | null;
}

/** Bands the form sent, blank rows dropped, in cents and basis points, ascending. */
export function bandsFromInput(rows: readonly (LevyBandInput | null | undefined)[]): LevyBand[] {
  return rows
    .filter((r): r is LevyBandInput =>
      !!r && [r.fromValue, r.perHead, r.percent].some((v) => v !== null && v !== undefined)
    )
    .map((r) => ({
      fromValueCents: toCents(r.fromValue ?? 0),
      perHeadCents: toCents(r.perHead ?? 0),
      basisPoints: Math.round((r.percent ?? 0) * 100),
    }))
    .sort((a, b) => a.fromValueCents - b.fromValueCents);
}

export function bandToInput(b: LevyBand): LevyBandInput {
  return { fromValue: b.fromValueCents / 100, perHead: b.perHeadCents / 100, percent: b.basisPoints / 100 };
}

/** Where a levy's figures are wrong, in words next to the field (field names as the form's). */
export function levyProblems(l: {
  levyType: string;
  description: string;
  bands: readonly LevyBand[];
  maxPerHeadCents: number | null;
}): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (l.levyType === "ProcessorCharge" && !l.description.trim()) {
    problems.push({ field: "description", message: "Name the charge (e.g. Effluent)" });
  }
  if (!l.bands.length) {
    problems.push({ field: "bands.0.perHead", message: "Enter an amount a head or a percentage" });
  }
  if (l.bands.length && l.bands[0].fromValueCents !== 0) {
    problems.push({ field: "bands.0.fromValue", message: "The first band starts at $0.00" });
  }
  l.bands.forEach((b, i) => {
    if (i > 0 && b.fromValueCents === l.bands[i - 1].fromValueCents) {
      problems.push({ field: `bands.${i}.fromValue`, message: "Two bands start at the same value" });
    }
    if (b.perHeadCents < 0 || b.basisPoints < 0 || b.fromValueCents < 0) {
      problems.push({ field: `bands.${i}.perHead`, message: "Amounts cannot be negative" });
    }
    if (b.basisPoints > 10_000) problems.push({ field: `bands.${i}.percent`, message: "At most 100 %" });
  });
  if (l.levyType === "ServiceKillFee" && l.bands.some((b) => b.basisPoints > 0 || b.fromValueCents > 0)) {
    problems.push({ field: "bands.0.percent", message: "A service kill fee is an amount a head" });
  }
  if (l.maxPerHeadCents !== null && l.maxPerHeadCents <= 0) {
    problems.push({
      field: "maxPerHead",
      message: "A cap must be more than $0.00 (leave it blank for none)",
    });
  }
  return problems;
}

/** A levy's rate in words: "$5.00 a head", "2 % of the value from $5.00 (nothing below)". */
export function describeLevy(l: { bands: readonly LevyBand[]; maxPerHeadCents: number | null }): string {
  const part = (b: LevyBand) => {
    const bits = [
      b.perHeadCents ? `${formatCents(b.perHeadCents)} a head` : "",
      b.basisPoints ? `${b.basisPoints / 100} % of the value` : "",
    ].filter(Boolean);
    return bits.length ? bits.join(" + ") : "nothing";
  };
  const charged = l.bands.filter((b) => b.perHeadCents || b.basisPoints);
  const from = (b: LevyBand) => b.fromValueCents ? ` from ${formatCents(b.fromValueCents)}` : "";
  const text = !charged.length ? "nothing" : charged.map((b) => part(b) + from(b)).join("; ") +
    (charged[0].fromValueCents ? " (nothing below)" : "");
  return l.maxPerHeadCents === null ? text : `${text}; at most ${formatCents(l.maxPerHeadCents)} a head`;
}
