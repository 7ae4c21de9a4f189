/**
 * The ROI engine (issue 42 item 3): a report definition and its data source results → the grid. Pure and
 * synchronous; the server caches its answer per definition version and data change.
 *
 * - A line's value in a column is its source's value (ManualInput: the value typed; a grouped line: one
 *   row per group), then its operator applied with another line's value in the same column and group.
 * - A line's budget in a budget column is typed, or its reference data's result for that column.
 * - Section totals add the visible money lines ("$", not ratios or percentages: kg and head do not add to
 *   dollars); the bottom line is total credit − total debit.
 * - The total column adds the data columns (an average for %, score and mm; a ratio line divides its
 *   totals). Each budget column gets a variance (actual − budget, and as % of |budget|); a credit above
 *   budget and a debit below it are favourable.
 */
import { roundMoney } from "../../kernel/money.ts";
import { rangeTypeOf } from "./dates.ts";
import {
  type GridColumn,
  type GridRow,
  type GridTotal,
  type GridValue,
  type GridVariance,
  LINE_OPERATOR,
  type ReportColumn,
  type ReportDefinition,
  type ReportLine,
  ROI_STYLE,
  type RoiGrid,
  type SourceResult,
} from "./model.ts";

export const TOTAL_COLUMN_ID = "total";
export const varianceColumnId = (budgetColumnId: string) => `var:${budgetColumnId}`;

/** values by column id, for one line and one group */
type Cells = Map<string, number | null>;
/** a line's cells by group ("" for an ungrouped line) */
type LineCells = Map<string, Cells>;

const AVERAGED_UNITS = new Set(["%", "score", "mm"]);
const RATIO_OPERATORS = new Set<number>([LINE_OPERATOR.RatioToLine, LINE_OPERATOR.PercentOfLine]);

/** The data columns and (when the report includes them) the budget columns naming a data column. */
export function splitColumns(def: Pick<ReportDefinition, "columns" | "isIncludeBudgetColumns">) {
  const data = def.columns.filter((c) => c.budgetForId === null);
  const ids = new Set(data.map((c) => c.id));
  const budgets = def.isIncludeBudgetColumns
    ? def.columns.filter((c) => c.budgetForId !== null && ids.has(c.budgetForId))
    : [];
  return { data, budgets };
}

/** The grid's columns: each data column, its budget columns, their variance columns; then the total. */
export function gridColumns(data: readonly ReportColumn[], budgets: readonly ReportColumn[]): GridColumn[] {
  const columns: GridColumn[] = [];
  for (const d of data) {
    columns.push(column(d, "data", d.name, null, null));
    for (const b of budgets.filter((b) => b.budgetForId === d.id)) {
      columns.push(column(b, "budget", b.name, d.id, null));
    }
    for (const b of budgets.filter((b) => b.budgetForId === d.id)) {
      columns.push({
        id: varianceColumnId(b.id),
        kind: "variance",
        name: `Variance ${d.name}`,
        rangeType: rangeTypeOf(d.startDate, d.endDate),
        budgetForId: d.id,
        varianceOfId: b.id,
      });
    }
  }
  columns.push({
    id: TOTAL_COLUMN_ID,
    kind: "total",
    name: "Total",
    rangeType: null,
    budgetForId: null,
    varianceOfId: null,
  });
  return columns;
}

function column(
  c: ReportColumn,
  kind: "data" | "budget",
  name: string,
  budgetForId: string | null,
  varianceOfId: string | null,
): GridColumn {
  return { id: c.id, kind, name, rangeType: rangeTypeOf(c.startDate, c.endDate), budgetForId, varianceOfId };
}

/** The lines' ids in an order where each comes after the line its operator reads; null on a cycle. */
export function operatorOrder(lines: readonly ReportLine[]): string[] | null {
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  const done = new Set<string>(), visiting = new Set<string>(), order: string[] = [];
  const visit = (id: string): boolean => {
    if (done.has(id)) return true;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const line = byId.get(id)!;
    const other = line.operator !== LINE_OPERATOR.Value ? line.operatorLineId : null;
    if (other && byId.has(other) && !visit(other)) return false;
    visiting.delete(id);
    done.add(id);
    order.push(id);
    return true;
  };
  for (const l of lines) if (!visit(l.lineId)) return null;
  return order;
}

function combine(op: number, a: number | null, b: number | null): number | null {
  switch (op) {
    case LINE_OPERATOR.AddLine:
      return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
    case LINE_OPERATOR.SubtractLine:
      return a === null && b === null ? null : (a ?? 0) - (b ?? 0);
    case LINE_OPERATOR.RatioToLine:
      return a === null || !b ? null : a / b;
    case LINE_OPERATOR.PercentOfLine:
      return a === null || !b ? null : (a / b) * 100;
    default:
      return a;
  }
}

const sumOf = (xs: (number | null)[]) => {
  const present = xs.filter((x): x is number => x !== null);
  return present.length ? present.reduce((s, x) => s + x, 0) : null;
};

/** The source values of each line by group and column (data and budget columns). */
function sourceCells(
  lines: readonly ReportLine[],
  budgets: readonly ReportColumn[],
  data: readonly ReportColumn[],
  results: readonly SourceResult[],
): Map<string, LineCells> {
  const byLine = new Map<string, LineCells>(lines.map((l) => [l.lineId, new Map()]));
  const cell = (lineId: string, group: string) => {
    const line = byLine.get(lineId)!;
    if (!line.has(group)) line.set(group, new Map());
    return line.get(group)!;
  };
  for (const line of lines) {
    if (line.category === 2) {
      const cells = cell(line.lineId, "");
      for (const d of data) {
        cells.set(
          d.id,
          line.values.find((v) => v.reportColumnId === d.id)?.value ?? null,
        );
      }
    }
    if (line.budget.kind === "typed") {
      const cells = cell(line.lineId, "");
      for (const b of budgets) {
        cells.set(b.id, line.budget.values.find((v) => v.reportColumnId === b.id)?.value ?? null);
      }
    }
  }
  for (const r of results) {
    if (!byLine.has(r.lineId)) continue;
    for (const [group, value] of Object.entries(r.values)) cell(r.lineId, group).set(r.columnId, value);
  }
  return byLine;
}

/** Computes the grid of a definition from its sources' results. */
export function computeGrid(
  def: ReportDefinition,
  results: readonly SourceResult[],
  computedAt: string,
): RoiGrid {
  const { data, budgets } = splitColumns(def);
  const columns = gridColumns(data, budgets);
  const valueColumns = [...data, ...budgets];
  const lines = def.reportDataLines;
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  const source = sourceCells(lines, budgets, data, results);
  const resolved = new Map<string, LineCells>();
  const totals = new Map<string, Map<string, number | null>>();

  const lineTotal = (line: ReportLine, cells: Cells) => {
    const xs = data.map((d) => cells.get(d.id) ?? null);
    const sum = sumOf(xs);
    if (sum === null || !AVERAGED_UNITS.has(line.unit)) return sum;
    return sum / xs.filter((x) => x !== null).length;
  };

  for (const id of operatorOrder(lines) ?? lines.map((l) => l.lineId)) {
    const line = byId.get(id)!;
    const own = source.get(id)!;
    const other = line.operator !== LINE_OPERATOR.Value && line.operatorLineId
      ? resolved.get(line.operatorLineId)
      : undefined;
    const out: LineCells = new Map();
    const outTotals = new Map<string, number | null>();
    const ownTotals = new Map<string, number | null>();
    const groups = own.size ? [...own.keys()] : [""];
    for (const group of groups) {
      const cells = own.get(group) ?? new Map();
      ownTotals.set(group, lineTotal(line, cells));
      if (!other) {
        out.set(group, new Map(valueColumns.map((c) => [c.id, cells.get(c.id) ?? null])));
        outTotals.set(group, lineTotal(line, cells));
        continue;
      }
      const otherCells = otherGroupCells(other, group, valueColumns);
      const combined: Cells = new Map(
        valueColumns.map((
          c,
        ) => [c.id, combine(line.operator, cells.get(c.id) ?? null, otherCells.get(c.id) ?? null)]),
      );
      out.set(group, combined);
      // a ratio's total divides the totals; a sum's total adds its columns
      const otherTotal = otherGroupTotal(totals.get(line.operatorLineId!), group);
      outTotals.set(
        group,
        RATIO_OPERATORS.has(line.operator)
          ? combine(line.operator, ownTotals.get(group) ?? null, otherTotal)
          : lineTotal(line, combined),
      );
    }
    resolved.set(id, out);
    totals.set(id, outTotals);
  }

  const rows: GridRow[] = [];
  for (const line of lines) {
    const cells = resolved.get(line.lineId)!;
    const groups = [...cells.keys()].sort((a, b) => a === "" ? -1 : b === "" ? 1 : a.localeCompare(b));
    for (const group of groups) {
      const c = cells.get(group)!;
      const money = (v: number | null) => v === null ? null : line.unit === "$" ? roundMoney(v) : v;
      const values: GridValue[] = [
        ...valueColumns.map((col) => ({ columnId: col.id, value: money(c.get(col.id) ?? null) })),
        { columnId: TOTAL_COLUMN_ID, value: money(totals.get(line.lineId)!.get(group) ?? null) },
      ];
      rows.push({
        key: group ? `${line.lineId}|${group}` : line.lineId,
        lineId: line.lineId,
        group: group || null,
        displayName: group ? `${group}${line.groupSuffix ? ` ${line.groupSuffix}` : ""}` : line.displayName,
        isDebit: line.isDebit,
        isHidden: line.sectionOption === 1,
        unit: line.unit,
        values,
        variances: variancesOf(values, budgets, line.isDebit),
      });
    }
  }

  const counted = (debit: boolean) =>
    rows.filter((r) => r.isDebit === debit && !r.isHidden && r.unit === "$" && !isRatio(byId.get(r.lineId)!));
  const creditLabel = def.customCreditLabel || ROI_STYLE.creditLabel;
  const debitLabel = def.customDebitLabel || ROI_STYLE.debitLabel;
  const ids = [...valueColumns.map((c) => c.id), TOTAL_COLUMN_ID];
  const creditTotal = sectionTotal(`Total ${creditLabel.toLowerCase()}`, counted(false), ids, budgets, false);
  const debitTotal = sectionTotal(`Total ${debitLabel.toLowerCase()}`, counted(true), ids, budgets, true);
  const bottom = creditTotal.values.map((v, i) => ({
    columnId: v.columnId,
    value: v.value === null && debitTotal.values[i].value === null
      ? null
      : roundMoney((v.value ?? 0) - (debitTotal.values[i].value ?? 0)),
  }));
  return {
    definitionId: def.id,
    version: def.version,
    name: def.name,
    creditLabel,
    debitLabel,
    columns,
    rows,
    creditTotal,
    debitTotal,
    bottomLine: { label: "Bottom line", values: bottom, variances: variancesOf(bottom, budgets, false) },
    computedAt,
  };
}

const isRatio = (line: ReportLine) => RATIO_OPERATORS.has(line.operator);

/** The other line's cells for a group: the same group where it has one, else its ungrouped values, else the sum of its groups. */
function otherGroupCells(other: LineCells, group: string, columns: readonly ReportColumn[]): Cells {
  if (other.has(group)) return other.get(group)!;
  if (other.has("")) return other.get("")!;
  return new Map(columns.map((c) => [c.id, sumOf([...other.values()].map((g) => g.get(c.id) ?? null))]));
}

function otherGroupTotal(totals: Map<string, number | null> | undefined, group: string): number | null {
  if (!totals) return null;
  if (totals.has(group)) return totals.get(group) ?? null;
  if (totals.has("")) return totals.get("") ?? null;
  return sumOf([...totals.values()]);
}

function sectionTotal(
  label: string,
  rows: readonly GridRow[],
  ids: readonly string[],
  budgets: readonly ReportColumn[],
  isDebit: boolean,
): GridTotal {
  const values: GridValue[] = ids.map((columnId, i) => ({
    columnId,
    value: (() => {
      const s = sumOf(rows.map((r) => r.values[i].value));
      return s === null ? null : roundMoney(s);
    })(),
  }));
  return { label, values, variances: variancesOf(values, budgets, isDebit) };
}

/** Actual − budget per budget column, as an amount and a percent of |budget|, and whether it is favourable. */
export function variancesOf(
  values: readonly GridValue[],
  budgets: readonly ReportColumn[],
  isDebit: boolean,
): GridVariance[] {
  const at = (id: string) => values.find((v) => v.columnId === id)?.value ?? null;
  return budgets.map((b) => {
    const actual = at(b.budgetForId!), budget = at(b.id);
    const amount = actual === null || budget === null ? null : actual - budget;
    return {
      columnId: varianceColumnId(b.id),
      budgetColumnId: b.id,
      amount: amount === null ? null : Math.round(amount * 100) / 100,
      percent: amount === null || !budget ? null : Math.round((amount / Math.abs(budget)) * 10000) / 100,
      isFavourable: amount === null ? null : isDebit ? amount <= 0 : amount >= 0,
    };
  });
}
