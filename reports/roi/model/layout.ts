/** ROI layouts (spec 3 §3 "Layout", "Layout node", "Section options", defaults; §9 style). */

export interface SectionOptions {
  isIncludeTotals: boolean;
  isHideItems: boolean;
  isForceBold: boolean;
  isItalic: boolean;
  fontAdjust: number;
  isHeadingWithoutContent: boolean;
}

export const DEFAULT_SECTION_OPTIONS: SectionOptions = {
  isIncludeTotals: true,
  isHideItems: false,
  isForceBold: false,
  isItalic: false,
  fontAdjust: 0,
  isHeadingWithoutContent: false,
};

/** A section (isSection, children) or a placed line (lineId; a grouped line places all its groups). */
export interface LayoutNode {
  name: string;
  displayName: string;
  lineId: string | null;
  isSection: boolean;
  isDebit: boolean;
  options: SectionOptions;
  children: LayoutNode[];
}

export interface LayoutSettings {
  isTotalCreditDebit: boolean;
  isIncludeBottomLine: boolean;
  isIncludeTotalColumn: boolean;
  useSubTotalLabels: boolean;
  useVarianceColumns: boolean;
  isVarianceAsPercent: boolean;
  isHideBudgetColumns: boolean;
  isDebitSectionNegative: boolean;
  isShadeTotalRows: boolean;
  isNegativesRed: boolean;
  isUseTotalsLines: boolean;
  isUseVarianceColumnLines: boolean;
  isUseColumnLines: boolean;
  isUseRowLines: boolean;
  fontAdjust: number;
}

/** The fifteen defaults of spec 3 §3. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  isTotalCreditDebit: true,
  isIncludeBottomLine: true,
  isIncludeTotalColumn: false,
  useSubTotalLabels: false,
  useVarianceColumns: false,
  isVarianceAsPercent: false,
  isHideBudgetColumns: false,
  isDebitSectionNegative: false,
  isShadeTotalRows: false,
  isNegativesRed: false,
  isUseTotalsLines: true,
  isUseVarianceColumnLines: true,
  isUseColumnLines: false,
  isUseRowLines: false,
  fontAdjust: 0,
};

export interface RoiLayout {
  id: number;
  /** 'default layout' first */
  name: string;
  creditLayoutSection: LayoutNode;
  debitLayoutSection: LayoutNode;
  layoutSettings: LayoutSettings;
}

/** Spec 3 §9: base font 16, +2 for level 0, +1 for level 1; negatives #b94a48; labels Credit and Debit. */
export const ROI_STYLE = {
  baseFont: 16,
  levelFont: [2, 1] as readonly number[],
  negativeColour: "#b94a48",
  creditLabel: "Credit",
  debitLabel: "Debit",
} as const;
