/** The grid the ROI engine answers (spec 3 §3 "Report grid model"). */
import type { RoiUnit } from "./sources.ts";
import type { RangeType } from "./definitions.ts";

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
