/**
 * Uploaded tables as ROI sources: UploadData (category 0) and ReferenceData (3: market prices, budgets,
 * cost per head). A table's rows are kept parsed (roi_data_tables); a line sums a numeric column over the
 * rows whose date (the `reportDateFilter` column) falls in the period, or over every row when the table
 * has no date column. Pure helpers here; the reads are in ../reference/operations.ts.
 */
import type { LineFilter, SourceDefinition } from "../../../../reports/roi/model.ts";

export interface DataTable {
  id: number;
  category: number;
  name: string;
  reportDateFilter: string | null;
  columnNames: string[];
  rows: Record<string, string>[];
}

export const tableSourceId = (id: number) => `table:${id}`;
export const tableIdOf = (sourceId: string) =>
  /^table:(\d+)$/.exec(sourceId) ? Number(sourceId.slice(6)) : null;

/** A cell as a number ("$1,234.50" → 1234.5); null when it is not one. */
export function cellNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const cleaned = text.replace(/[$,\s]/g, "");
  if (!cleaned || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A cell as a date number: 20261201, 2026-12-01, 2026-12 (the month's first day) or 1/12/2026. */
export function cellDate(text: string | undefined): number | null {
  const t = (text ?? "").trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(t))) return Number(t);
  if ((m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t))) return Number(m[1] + m[2] + m[3]);
  if ((m = /^(\d{4})-(\d{2})$/.exec(t))) return Number(`${m[1]}${m[2]}01`);
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) {
    return Number(m[3] + m[2].padStart(2, "0") + m[1].padStart(2, "0"));
  }
  return null;
}

/** The numeric columns of a table (every non-empty cell a number), the date column excepted. */
export function numericColumns(
  table: Pick<DataTable, "columnNames" | "rows" | "reportDateFilter">,
): string[] {
  return table.columnNames.filter((name) =>
    name !== table.reportDateFilter &&
    table.rows.some((r) => (r[name] ?? "").trim() !== "") &&
    table.rows.every((r) => (r[name] ?? "").trim() === "" || cellNumber(r[name]) !== null)
  );
}

/** The table as a source a line can read. */
export function tableSourceDefinition(table: DataTable): SourceDefinition {
  const numbers = new Set(numericColumns(table));
  const texts = table.columnNames.filter((n) => !numbers.has(n) && n !== table.reportDateFilter);
  return {
    category: table.category === 0 ? 0 : 3,
    sourceId: tableSourceId(table.id),
    sourceName: table.name,
    displayName: `${table.category === 0 ? "Uploaded data" : "Reference data"} · ${table.name}`,
    importable: true,
    valueColumns: [...numbers].map((n) => ({ sourceColumn: n, displayName: n, unit: "$", aggregation: 0 })),
    filterableColumns: texts.map((n) => ({
      sourceColumn: n,
      displayName: n,
      dataType: "text",
      valueOptions: [...new Set(table.rows.map((r) => r[n] ?? ""))].filter(Boolean).sort().slice(0, 200)
        .map((v) => ({ value: v, label: v })),
      definedType: null,
      isAllowMultipleValues: true,
    })),
    groupableColumns: texts.map((n) => ({ sourceColumn: n, displayName: n })),
  };
}

/** The sum of `column` per group over the rows in [start, end] that pass the filters. */
export function tableValues(
  table: DataTable,
  q: { column: string; start: number; end: number; filters: LineFilter[]; groupBy: string | null },
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of table.rows) {
    if (table.reportDateFilter) {
      const day = cellDate(row[table.reportDateFilter]);
      if (day === null || day < q.start || day > q.end) continue;
    }
    if (q.filters.some((f) => f.values.length && !f.values.includes(row[f.sourceColumn] ?? ""))) continue;
    const value = cellNumber(row[q.column]);
    if (value === null) continue;
    const group = q.groupBy ? row[q.groupBy] ?? "" : "";
    out[group] = (out[group] ?? 0) + value;
  }
  return out;
}
