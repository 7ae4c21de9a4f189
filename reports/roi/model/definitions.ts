/**
 * ROI report definitions (spec 3 §3 "Report definition", "Report line", "Report column"), the list's
 * items and templates.
 */
import type { LineFilter, RoiUnit, SourceCategory } from "./sources.ts";
import type { RoiLayout } from "./layout.ts";

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
