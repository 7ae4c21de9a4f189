/**
 * How an ROI report shows (issue 42 items 4 and 5; spec 3 §3 layout settings, §9): the ONE set of display
 * rules the layout designer's live preview and the display page (RoiLayoutDisplay, its PDF and CSV)
 * share. `displayReport(grid, layout)` arranges the engine's grid by a layout into rows and columns
 * already decided: font size by level (base 16, +2 level 0, +1 level 1, plus the layout's and the
 * section's adjustment), bold and italic, section totals, credit and debit totals, the bottom line,
 * debit shown negative, negatives red (#b94a48), shaded totals, totals lines, column, variance-column
 * and row lines, hidden budget columns, variance as amount or percent, the total column.
 * A renderer only maps these fields to markup (classes in client/styles/areas/roi.css) or PDF styles.
 */
import { formatFixed } from "../../kernel/money.ts";
import type {
  GridColumn,
  GridRow,
  GridValue,
  GridVariance,
  LayoutNode,
  LayoutSettings,
  RoiGrid,
  RoiLayout,
  RoiUnit,
  SectionOptions,
} from "./model.ts";
import { DEFAULT_SECTION_OPTIONS, ROI_STYLE } from "./model.ts";

export type DisplayRowKind = "side" | "section" | "line" | "sectionTotal" | "sideTotal" | "bottomLine";

export interface DisplayCell {
  columnId: string;
  value: number | null;
  text: string;
  /** shown in the negative colour (isNegativesRed and below zero) */
  isRed: boolean;
}

export interface DisplayRow {
  key: string;
  kind: DisplayRowKind;
  label: string;
  /** 0: the side (Credit, Debit, bottom line); 1: a top-level section; 2 and deeper inside */
  level: number;
  /** px */
  fontSize: number;
  isBold: boolean;
  isItalic: boolean;
  isShaded: boolean;
  /** a rule above the row (totals lines) */
  hasTotalsLine: boolean;
  /** a rule below the row (row lines) */
  hasRowLine: boolean;
  /** headings without content and hidden items' sections show no values */
  cells: DisplayCell[];
}

export interface DisplayColumn {
  id: string;
  kind: GridColumn["kind"];
  name: string;
  /** a rule on the column's left (column lines, or variance column lines before a variance column) */
  hasLineBefore: boolean;
}

export interface DisplayReport {
  title: string;
  columns: DisplayColumn[];
  rows: DisplayRow[];
  negativeColour: string;
}

/** Font size of a row at `level`: base 16, +2 at level 0, +1 at level 1, plus the adjustments. */
export function fontSizeFor(level: number, settingsAdjust: number, sectionAdjust = 0): number {
  return ROI_STYLE.baseFont + (ROI_STYLE.levelFont[level] ?? 0) + settingsAdjust + sectionAdjust;
}

/** A value as the report writes it: money whole dollars ("$1,235", "-$40"), % to one place, else grouped. */
export function formatRoiValue(value: number | null, unit: RoiUnit, asPercent = false): string {
  if (value === null || !Number.isFinite(value)) return "—";
  if (asPercent || unit === "%") return `${formatFixed(value, 1)}%`;
  if (unit === "$") {
    const text = formatFixed(value, 0);
    return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
  }
  return formatFixed(value, Number.isInteger(value) ? 0 : 1);
}

/** The columns shown under these settings, in the grid's order. */
export function visibleColumns(columns: GridColumn[], settings: LayoutSettings): DisplayColumn[] {
  const shown = columns.filter((c) =>
    (c.kind !== "budget" || !settings.isHideBudgetColumns) &&
    (c.kind !== "variance" || settings.useVarianceColumns) &&
    (c.kind !== "total" || settings.isIncludeTotalColumn)
  );
  return shown.map((c, i) => ({
    id: c.id,
    kind: c.kind,
    name: c.name,
    hasLineBefore: i > 0 &&
      (settings.isUseColumnLines || (c.kind === "variance" && settings.isUseVarianceColumnLines)),
  }));
}

/** Values summed over rows, per column (null where no row has a value); variances recomputed from the sums. */
export function sumRows(
  rows: Pick<GridRow, "values" | "isDebit">[],
  columns: GridColumn[],
  isDebit: boolean,
) {
  const values: GridValue[] = columns.filter((c) => c.kind !== "variance").map((c) => {
    let sum: number | null = null;
    for (const row of rows) {
      const v = row.values.find((x) => x.columnId === c.id)?.value;
      if (v !== null && v !== undefined) sum = (sum ?? 0) + v;
    }
    return { columnId: c.id, value: sum };
  });
  const variances = columns.filter((c) => c.kind === "variance").map((c) => varianceOf(c, values, isDebit));
  return { values, variances };
}

function varianceOf(column: GridColumn, values: GridValue[], isDebit: boolean): GridVariance {
  const actual = values.find((v) => v.columnId === column.budgetForId)?.value ?? null;
  const budget = values.find((v) => v.columnId === column.varianceOfId)?.value ?? null;
  const amount = actual === null || budget === null ? null : actual - budget;
  return {
    columnId: column.id,
    budgetColumnId: column.varianceOfId ?? "",
    amount,
    percent: amount === null || !budget ? null : (amount / Math.abs(budget)) * 100,
    isFavourable: amount === null ? null : isDebit ? amount <= 0 : amount >= 0,
  };
}

interface RowValues {
  values: GridValue[];
  variances: GridVariance[];
}

function cellsOf(
  source: RowValues,
  columns: DisplayColumn[],
  unit: RoiUnit,
  settings: LayoutSettings,
  negate: boolean,
): DisplayCell[] {
  return columns.map((c) => {
    let value: number | null;
    let asPercent = false;
    if (c.kind === "variance") {
      const v = source.variances.find((x) => x.columnId === c.id);
      asPercent = settings.isVarianceAsPercent;
      value = (asPercent ? v?.percent : v?.amount) ?? null;
      if (value !== null && negate && !asPercent) value = -value;
    } else {
      value = source.values.find((x) => x.columnId === c.id)?.value ?? null;
      if (value !== null && negate) value = -value;
    }
    if (value === 0) value = 0; // no "-0"
    return {
      columnId: c.id,
      value,
      text: formatRoiValue(value, unit, asPercent),
      isRed: settings.isNegativesRed && value !== null && value < 0,
    };
  });
}

const sideOptions = (): SectionOptions => ({ ...DEFAULT_SECTION_OPTIONS });

/**
 * The report as shown: for each side its heading, its sections and lines in layout order (a line node
 * places every row of its line: a grouped line's groups), section totals where the section asks, the
 * side total (isTotalCreditDebit) and the bottom line (isIncludeBottomLine). Hidden lines
 * (sectionOption 1) never show.
 */
export function displayReport(
  grid: RoiGrid,
  layout: Pick<RoiLayout, "creditLayoutSection" | "debitLayoutSection" | "layoutSettings">,
): DisplayReport {
  const settings = layout.layoutSettings;
  const columns = visibleColumns(grid.columns, settings);
  const rowsByLine = new Map<string, GridRow[]>();
  for (const row of grid.rows) {
    if (row.isHidden) continue;
    rowsByLine.set(row.lineId, [...(rowsByLine.get(row.lineId) ?? []), row]);
  }
  const out: DisplayRow[] = [];
  const base = (
    key: string,
    kind: DisplayRowKind,
    label: string,
    level: number,
    options: SectionOptions,
    cells: DisplayCell[],
  ): DisplayRow => {
    const isTotal = kind === "sectionTotal" || kind === "sideTotal" || kind === "bottomLine";
    return {
      key,
      kind,
      label,
      level,
      // lines keep the base size wherever they sit; headings and totals grow with their level
      fontSize: kind === "line"
        ? fontSizeFor(2, settings.fontAdjust)
        : fontSizeFor(level, settings.fontAdjust, options.fontAdjust),
      isBold: isTotal || kind === "side" || kind === "section" || options.isForceBold,
      isItalic: options.isItalic,
      isShaded: isTotal && settings.isShadeTotalRows,
      hasTotalsLine: isTotal && settings.isUseTotalsLines,
      hasRowLine: settings.isUseRowLines,
      cells,
    };
  };

  /** Emits a section's rows; answers the grid rows under it (for its total). */
  const emit = (
    node: LayoutNode,
    level: number,
    negate: boolean,
    unitOf: (rows: GridRow[]) => RoiUnit,
  ): GridRow[] => {
    if (!node.isSection) {
      const rows = node.lineId ? rowsByLine.get(node.lineId) ?? [] : [];
      for (const row of rows) {
        const label = row.group ? row.displayName : node.displayName || row.displayName;
        out.push(
          base(
            `row:${row.key}`,
            "line",
            label,
            level,
            sideOptions(),
            cellsOf(row, columns, row.unit, settings, negate),
          ),
        );
      }
      return rows;
    }
    const options = node.options ?? sideOptions();
    const headingAt = out.length;
    const inner: GridRow[] = [];
    const childrenStart = out.length + 1;
    out.push(base(`section:${node.name}`, "section", node.displayName, level, options, []));
    for (const child of node.children) inner.push(...emit(child, level + 1, negate, unitOf));
    const totals = { ...sumRows(inner, grid.columns, node.isDebit) };
    const unit = unitOf(inner);
    if (options.isHideItems) {
      // the section shows as one row carrying its totals
      out.splice(childrenStart);
      out[headingAt] = { ...out[headingAt], cells: cellsOf(totals, columns, unit, settings, negate) };
    } else if (inner.length === 0 && !options.isHeadingWithoutContent) {
      out.splice(headingAt);
    } else if (options.isIncludeTotals && inner.length > 0) {
      const label = settings.useSubTotalLabels ? `Subtotal ${node.displayName}` : `Total ${node.displayName}`;
      out.push(
        base(
          `total:${node.name}`,
          "sectionTotal",
          label,
          level,
          options,
          cellsOf(totals, columns, unit, settings, negate),
        ),
      );
    }
    return inner;
  };

  const unitOf = (rows: GridRow[]): RoiUnit => {
    const units = new Set(rows.map((r) => r.unit));
    return units.size === 1 ? [...units][0] : "$";
  };

  const sides = [
    { tree: layout.creditLayoutSection, label: grid.creditLabel, total: grid.creditTotal, negate: false },
    {
      tree: layout.debitLayoutSection,
      label: grid.debitLabel,
      total: grid.debitTotal,
      negate: settings.isDebitSectionNegative,
    },
  ];
  for (const side of sides) {
    out.push(base(`side:${side.tree.name}`, "side", side.label, 0, sideOptions(), []));
    for (const child of side.tree.children) emit(child, 1, side.negate, unitOf);
    if (settings.isTotalCreditDebit) {
      out.push(
        base(
          `sideTotal:${side.tree.name}`,
          "sideTotal",
          side.total.label || `Total ${side.label}`,
          0,
          sideOptions(),
          cellsOf(side.total, columns, "$", settings, side.negate),
        ),
      );
    }
  }
  if (settings.isIncludeBottomLine) {
    out.push(
      base(
        "bottomLine",
        "bottomLine",
        grid.bottomLine.label,
        0,
        sideOptions(),
        cellsOf(grid.bottomLine, columns, "$", settings, false),
      ),
    );
  }
  return { title: grid.name, columns, rows: out, negativeColour: ROI_STYLE.negativeColour };
}
