/**
 * A saved report run through the engine on the plant's today: its rows grouped as saved, its columns (the
 * ones the caller may see: a revenue column is simply absent without yieldRevenue), a total, and the CSV.
 */
import type { AreaContext } from "../../../context.ts";
import { resolveFilter } from "../../access.ts";
import { yieldFigures } from "../../engine.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { csvLines } from "../rules.ts";
import { GROUP_BY_NAMES } from "../../schemas.ts";
import type { ReportFigures, ReportFilters } from "../schemas.ts";
import { findReport, reportFilter, toReport, visibleColumns } from "./reports.ts";

export async function runReport(ctx: AreaContext, id: number): Promise<ReportFigures> {
  const row = await findReport(ctx, id);
  const report = toReport(ctx, row);
  const filter = await resolveFilter(
    ctx,
    reportFilter(row.speciesId, row.filters as ReportFilters, ctx.today),
  );
  const keys = visibleColumns(ctx, row.columns);
  const figures = await yieldFigures(ctx, filter, [report.groupBy], keys);
  const text = (values: Record<number, number | null>) =>
    Object.fromEntries(figures.metrics.map((m) => [String(m.key), values[m.key] ?? null]));
  return {
    report,
    fromDate: filter.fromDate,
    toDate: filter.toDate,
    columns: figures.metrics.map((m) => ({ key: m.key, name: m.name, unit: m.unit })),
    rows: figures.rows.map((r) => ({ label: r.labels[report.groupBy] ?? "", values: text(r.values) })),
    total: text(figures.total),
  };
}

/** The report's figures as CSV: a heading row, a row per group, the total. */
export async function exportReport(ctx: AreaContext, id: number) {
  const f = await runReport(ctx, id);
  // plain numbers (2 decimals) that a spreadsheet reads; the unit is in the heading
  const cell = (_key: number, v: number | null) => (v == null ? "" : Math.round(v * 100) / 100);
  const body = csvLines([
    [`${f.report.name}: ${f.report.species}, ${formatDate(f.fromDate)} to ${formatDate(f.toDate)}`],
    [GROUP_BY_NAMES[f.report.groupBy], ...f.columns.map((c) => `${c.name} (${c.unit})`)],
    ...f.rows.map((r) => [r.label, ...f.columns.map((c) => cell(c.key, r.values[String(c.key)]))]),
    ["Total", ...f.columns.map((c) => cell(c.key, f.total[String(c.key)]))],
  ]);
  const name = f.report.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "report";
  return { body, name };
}
