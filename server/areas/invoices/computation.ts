/**
 * An invoice's computation as types: what it is computed from (InvoiceInputs) and what comes out
 * (InvoiceComputation, with its lines). rules.ts computes it; document.ts carries it on the document;
 * both import these from here, so neither imports the other. Pure types (the answers' schemas are loose
 * objects, which only type aliases satisfy, so the documents' types are aliases, not interfaces).
 */
import type { CarcassForPricing, CarcassLine, DefectRule, PricingBasis } from "./pricing.ts";
import type { LevyLine, LevyRule } from "./levies.ts";
import type { UnruledDefect } from "./unruledDefects.ts";

export interface AdditionalLineInput {
  id?: number;
  description: string;
  quantity: number | null;
  pricePerUnitCents: number | null;
  isApplyGst: boolean;
}

export interface HeadCountsOnInvoice {
  ordered: number;
  delivered: number;
  deadOnArrival: number;
  unfitPreKillFloor: number;
  sentToKillFloor: number;
  processed: number;
  condemned: number;
  /** head of the invoice's mobs with no carcass record yet */
  awaitingCarcassData: number;
}

export interface SkinInput {
  /** the skin or hide price that applies on the day (null: none set) */
  price: { name: string; grades: readonly { grade: string; centsPerPiece: number }[] } | null;
  /** pieces counted by grade (null: not recorded) */
  counts: Readonly<Record<string, number>> | null;
}

export interface InvoiceInputs {
  speciesId: number;
  isGstExempt: boolean;
  carcasses: readonly CarcassForPricing[];
  basis: PricingBasis;
  defectRules: readonly DefectRule[];
  levies: readonly LevyRule[];
  leviesRemoved: boolean;
  skins: SkinInput;
  additionalLines: readonly AdditionalLineInput[];
  adjustments: ReadonlyMap<string, number>;
  headCounts: HeadCountsOnInvoice;
}

export type PricedLine = {
  totalCents: number;
  isApplyGst: boolean;
  gstCents: number;
};

export type InvoiceCarcassLine = Omit<CarcassLine, "carcassValues"> & PricedLine;

export type SkinLine = PricedLine & { grade: string; count: number; centsPerPiece: number };

export type AdditionalLine = AdditionalLineInput & PricedLine & {
  quantity: number;
  pricePerUnitCents: number;
};

export interface CarcassSummary {
  defectCategory: string;
  count: number;
  totalWeightInKilograms: number;
  averageWeightInKilograms: number;
  totalCents: number;
  /** cents per kg over the category's weight (0 for per-head lines) */
  averageCentsPerKg: number;
}

export type InvoiceComputation = {
  carcassLines: InvoiceCarcassLine[];
  skinLines: SkinLine[];
  additionalLines: AdditionalLine[];
  levyLines: LevyLine[];
  carcassSummaries: CarcassSummary[];
  headCounts: HeadCountsOnInvoice;
  carcassCount: number;
  totalWeightInKilograms: number;
  averageWeightInKilograms: number;
  totalSkinCount: number;
  carcassCents: number;
  skinCents: number;
  additionalCents: number;
  subTotalCents: number;
  taxCents: number;
  taxRate: number;
  levyCents: number;
  totalCents: number;
  isApplyGst: boolean;
  isLeviesRemovable: boolean;
  hasPriceInfo: boolean;
  hasSkinPriceInfo: boolean;
  hasInvalidCarcassData: boolean;
  invalidCarcasses: { bodyNumber: number; message: string }[];
  isPublishable: boolean;
  unableToPublishReasons: string[];
  /** codes of the carcasses no rule prices (a warning: they do not stop a publish) */
  unruledDefects: UnruledDefect[];
};
