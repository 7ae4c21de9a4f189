/** ROI data sources (spec 3 §4): categories, aggregations, units, a source's columns and results. */

/** Data source categories; ExternalSource is never offered and a request naming it answers 400. */
export const SOURCE_CATEGORY = {
  UploadData: 0,
  ProductData: 1,
  ManualInput: 2,
  ReferenceData: 3,
  ExternalSource: 4,
} as const;
export type SourceCategory = (typeof SOURCE_CATEGORY)[keyof typeof SOURCE_CATEGORY];
const CATEGORIES: readonly SourceCategory[] = Object.values(SOURCE_CATEGORY);
/** A category number as its SourceCategory (the API's schema bounds it 0–4; anything else is a bug). */
export function sourceCategoryOf(n: number): SourceCategory {
  const category = CATEGORIES.find((c) => c === n);
  if (category === undefined) throw new RangeError(`${n} is not an ROI data source category`);
  return category;
}
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
