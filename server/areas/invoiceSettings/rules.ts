/**
 * Invoicing settings' vocabulary (docs/decisions.md "Invoices and skins"): the levy types a plant keeps,
 * the price rules of a defect detail, and how they read. Pure; the settings islands bundle it.
 */
import type { DefectPriceRule } from "../invoices/pricing.ts";

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
