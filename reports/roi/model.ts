/**
 * ROI reports (issue 42, spec 3 §3): the shapes every part of the ROI area shares, pure and free of the
 * database, so the server, the engine, the PDF and the islands (wizard, layout designer) import one file.
 *
 * - A report DEFINITION names its periods (columns: data columns and, when `isIncludeBudgetColumns`,
 *   budget columns whose `budgetForId` names a data column) and its lines (each reads one data source's
 *   column, filtered and optionally grouped, and is credit or debit).
 * - The ENGINE (reports/roi/engine.ts) turns a definition and its data source results into the GRID:
 *   one row per line (a grouped line gives a row per group), values per column, section totals, the
 *   bottom line (total credit − total debit), a total column and the variance per budget column.
 * - A LAYOUT (the designer's, issue 42 item 4) arranges the grid's rows into credit and debit trees of
 *   sections; `defaultLayout` is credit then debit, lines in order.
 *
 * Dates are date-only numbers yyyymmdd (20261201). Amounts in dollars, rounded to the cent by
 * kernel/money.ts where they are money; other units (kg, head, %) are kept as computed.
 */

// ---------------------------------------------------------------------------------------------------
// Data sources (spec 3 §4)

/** Data source categories; ExternalSource is never offered and a request naming it answers 400. */
export const SOURCE_CATEGORY = {
  UploadData: 0,
  ProductData: 1,
  ManualInput: 2,
  ReferenceData: 3,
  ExternalSource: 4,
} as const;
export type SourceCategory = (typeof SOURCE_CATEGORY)[keyof typeof SOURCE_CATEGORY];
/** The categories a wizard offers (ExternalSource is not). */
export const OFFERED_CATEGORIES: readonly SourceCategory[] = [0, 1, 2, 3];
/** "{product}Data" is shown with the product's name: "Plant data". */
export const CATEGORY_NAMES: Readonly<Record<SourceCategory, string>> = {
  0: "Uploaded data",
  1: "Plant data",
  2: "Typed values",
  3: "Reference data",
  4: "External source",
};

/** Aggregations of a source column over a period: Sum 0, Average 1. */
export const AGGREGATION = { Sum: 0, Average: 1 } as const;
export type Aggregation = (typeof AGGREGATION)[keyof typeof AGGREGATION];

/** Metric units of spec 3 §4 plus money. */
export type RoiUnit =
  | "$"
  | "kg"
  | "#"
  | "%"
  | "score"
  | "mm"
  | "Y/N"
  | "M/F"
  | "eligible"
  | "species category";

/** A column a source's rows can be filtered on (spec 3 §3 "Filterable column"). */
export interface FilterableColumn {
  sourceColumn: string;
  displayName: string;
  /** "text", "number", "date" or "boolean" */
  dataType: "text" | "number" | "date" | "boolean";
  /** the values to choose from (value shown as label) where the column has a fixed set */
  valueOptions: { value: string; label: string }[];
  /** what the values are ("species", "grade", "supplier"); null for free values */
  definedType: string | null;
  isAllowMultipleValues: boolean;
}

/** A column a source can sum or average (its "value" columns). */
export interface ValueColumn {
  sourceColumn: string;
  displayName: string;
  unit: RoiUnit;
  aggregation: Aggregation;
}

/** A source a line can read (spec 3 §3 "Source definition"). */
export interface SourceDefinition {
  category: SourceCategory;
  /** "carcasses", "invoices", "reference:12" */
  sourceId: string;
  sourceName: string;
  displayName: string;
  /** true where the source's rows come from an uploaded file */
  importable: boolean;
  valueColumns: ValueColumn[];
  filterableColumns: FilterableColumn[];
  /** columns a line can be split by, a row per value (sourceColumn and displayName) */
  groupableColumns: { sourceColumn: string; displayName: string }[];
}

/** One filter of a line: the column's value is one of `values`. */
export interface LineFilter {
  sourceColumn: string;
  values: string[];
}

/**
 * A data source's answer for one line and one column (spec 3 §3 "Data source result"): the value, or one
 * value per group when the line is grouped. `isBudgetResult` marks a budget column's value.
 */
export interface SourceResult {
  category: SourceCategory;
  sourceId: string;
  sourceName: string;
  lineId: string;
  columnId: string;
  /** group value → value; the key "" holds an ungrouped line's value */
  values: Record<string, number>;
  isBudgetResult: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Definitions (spec 3 §3 "Report definition", "Report line", "Report column")

/** What a report is about (reportOption). */
export const REPORT_OPTIONS = [
  { id: 0, name: "Plant" },
  { id: 1, name: "By supplier" },
  { id: 2, name: "By site" },
] as const;
export type ReportOption = (typeof REPORT_OPTIONS)[number]["id"];

/** A period (a data column) or a budget column; `budgetForId` names the data column it budgets. */
export interface ReportColumn {
  id: string;
  name: string;
  /** yyyymmdd, inclusive */
  startDate: number;
  /** yyyymmdd, inclusive */
  endDate: number;
  budgetForId: string | null;
}

/** How a period displays: a whole calendar year, a whole month, or a date range. */
export type RangeType = "year" | "month" | "range";

/**
 * A line's operator: 0 the source's value as it is; the others combine it with another line's value in
 * the same column (`operatorLineId`, a line earlier or later in the report; no chains through itself).
 */
export const LINE_OPERATOR = {
  Value: 0,
  AddLine: 1,
  SubtractLine: 2,
  /** this ÷ the other line (cost per head, $ per kg); — where the other is 0 */
  RatioToLine: 3,
  /** this ÷ the other line × 100 */
  PercentOfLine: 4,
} as const;
export type LineOperator = (typeof LINE_OPERATOR)[keyof typeof LINE_OPERATOR];
export const OPERATOR_NAMES: Readonly<Record<LineOperator, string>> = {
  0: "Value",
  1: "Add another line",
  2: "Subtract another line",
  3: "Ratio to another line",
  4: "Percent of another line",
};

/** A typed value of a line in one column (ManualInput lines, typed budgets). */
export interface LineValue {
  reportColumnId: string;
  value: number;
}

/** Where a line's budget comes from: typed per budget column, or a reference data table's column. */
export type LineBudget =
  | { kind: "none" }
  | { kind: "typed"; values: LineValue[] }
  | { kind: "reference"; referenceDataId: number; sourceColumn: string };

/** A report line (spec 3 §3 "Report line"). */
export interface ReportLine {
  lineId: string;
  /** the source's label the line was built from ("Plant data · HSCW kg") */
  lineName: string;
  category: SourceCategory;
  sourceId: string;
  /** the value column read (a ValueColumn's sourceColumn; "" for ManualInput) */
  sourceColumn: string;
  filters: LineFilter[];
  /** split into a row per value of this groupable column; null for one row */
  groupBy: string | null;
  /** appended to each group's name ("Smith Pastoral — HSCW") */
  groupSuffix: string;
  displayName: string;
  /** 0 an ordinary line; 1 hidden (only used by other lines' operators) */
  sectionOption: 0 | 1;
  operator: LineOperator;
  operatorLineId: string | null;
  isDebit: boolean;
  unit: RoiUnit;
  /** ManualInput: the typed value per data column */
  values: LineValue[];
  budget: LineBudget;
}

/** A saved report definition (spec 3 §3 "Report definition"). */
export interface ReportDefinition {
  id: number;
  name: string;
  reportOption: ReportOption;
  customCreditLabel: string;
  customDebitLabel: string;
  speciesId: number | null;
  isIncludeBudgetColumns: boolean;
  startDate: number;
  endDate: number;
  columns: ReportColumn[];
  reportDataLines: ReportLine[];
  isLayoutSaved: boolean;
  /** ISO instant; null while not published */
  publishedDateUtc: string | null;
  ownerId: number;
  ownerName: string;
  roiTemplateId: number | null;
  /** bumped by every save; a save naming an older one answers 409 */
  version: number;
  lastModified: string;
}

/** What the wizard saves (the server adds id, owner, version and the stamps). */
export type ReportDefinitionInput = Omit<
  ReportDefinition,
  "id" | "ownerId" | "ownerName" | "version" | "lastModified" | "isLayoutSaved" | "publishedDateUtc"
>;

/** A report list row (spec 3 §3 "Report list item"). */
export interface ReportListItem {
  id: number;
  name: string;
  reportOptionName: string;
  ownerId: number;
  ownerName: string;
  lastModified: string;
  isDeleteAllowed: boolean;
  isPublished: boolean;
  isFavourite: boolean;
  /** "Jan 2026 – Dec 2026" */
  columnRanges: string;
  dataColumnCount: number;
  budgetColumnCount: number;
  isHasBudgetColumns: boolean;
  columns: (ReportColumn & { rangeType: RangeType })[];
}

/** A template (spec 3 §3 "Template"): a definition without its dates' facts, to start reports from. */
export interface RoiTemplate {
  id: number;
  name: string;
  reportOption: ReportOption;
  customCreditLabel: string;
  customDebitLabel: string;
  columns: ReportColumn[];
  reportDataLines: ReportLine[];
  /** the layouts saved with the template (the designer's shape, item 4) */
  layouts: RoiLayout[];
  roiTemplateId: number | null;
}

// ---------------------------------------------------------------------------------------------------
// The grid the engine answers (spec 3 §3 "Report grid model")

export type GridColumnKind = "data" | "budget" | "variance" | "total";

export interface GridColumn {
  id: string;
  kind: GridColumnKind;
  /** "Dec 2026", "Budget Dec 2026", "Variance Dec 2026", "Total" */
  name: string;
  rangeType: RangeType | null;
  /** budget and variance columns: the data column they compare with */
  budgetForId: string | null;
  /** variance columns: the budget column */
  varianceOfId: string | null;
}

/** A column's value; null where there is none (no data, a ratio to zero). */
export interface GridValue {
  columnId: string;
  value: number | null;
}

/** The variance of a row against one budget column. */
export interface GridVariance {
  /** the variance column's id */
  columnId: string;
  budgetColumnId: string;
  /** actual − budget (null where either is missing) */
  amount: number | null;
  /** amount ÷ |budget| × 100 (null where the budget is 0 or missing) */
  percent: number | null;
  /** credit: actual ≥ budget; debit: actual ≤ budget (a higher debit than budget is unfavourable) */
  isFavourable: boolean | null;
}

/** One row: a line, or one group of a grouped line (`key` is "lineId" or "lineId|group"). */
export interface GridRow {
  key: string;
  lineId: string;
  group: string | null;
  displayName: string;
  isDebit: boolean;
  /** sectionOption 1: computed for other lines, not shown and not in totals */
  isHidden: boolean;
  unit: RoiUnit;
  /** data, budget and total columns */
  values: GridValue[];
  variances: GridVariance[];
}

/** A section's totals (all credit rows, all debit rows, or the bottom line). */
export interface GridTotal {
  label: string;
  values: GridValue[];
  variances: GridVariance[];
}

export interface RoiGrid {
  definitionId: number;
  version: number;
  name: string;
  creditLabel: string;
  debitLabel: string;
  /** data columns, then each budget column after its data column, then variance columns, then total */
  columns: GridColumn[];
  rows: GridRow[];
  creditTotal: GridTotal;
  debitTotal: GridTotal;
  /** total credit − total debit */
  bottomLine: GridTotal;
  /** when the facts were read (ISO) */
  computedAt: string;
}

// ---------------------------------------------------------------------------------------------------
// Layouts (the designer's shapes, spec 3 §3 "Layout", "Layout node", "Section options", defaults)

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
