/**
 * A report's grid (issue 42 item 3): its sources are read (one query per distinct source, filter and
 * group, summed into periods here), the pure engine (reports/roi/engine.ts) makes the grid, and the answer
 * is kept per tenant and report until the report's version, the tenant's facts or its tables change.
 * Carcass data complete, carcass records received and invoices published or unpublished bump the facts'
 * stamp on every instance as the bus brings the event (mod.ts `kept`); the tables are stamped from their
 * own rows at each read (`tablesStamp`), so a change made through another instance is never missed.
 */
import { computeGrid, splitColumns } from "../../../reports/roi/engine.ts";
import { toIsoDate } from "../../../reports/roi/dates.ts";
import type {
  ReportColumn,
  ReportDefinition,
  ReportLine,
  RoiGrid,
  SourceResult,
} from "../../../reports/roi/model.ts";
import type { AreaContext } from "../context.ts";
import type { Databases } from "../../../db/client.ts";
import { type DayFacts, isAveraged, productFacts } from "./sources/product.ts";
import { type DataTable, tableIdOf, tableValues } from "./sources/tables.ts";
import { loadTables, tablesStamp } from "./reference/tables.ts";

/**
 * The facts' stamps of each instance's databases (the tests run many apps in one process, and two of
 * them may share files as two instances would): per tenant, and one for all its tenants at once.
 */
const stamps = new WeakMap<Databases, { all: number; tenants: Map<number, number> }>();
const cache = new Map<string, { version: number; stamp: string; grid: RoiGrid }>();
/** The tenant database a grid was read from is part of its key (tenant ids repeat across apps). */
const databases = new WeakMap<object, number>();
let lastDatabase = 0;
const databaseOf = (db: object) => {
  if (!databases.has(db)) databases.set(db, ++lastDatabase);
  return databases.get(db)!;
};
const MAX_CACHED = 500;

const stampsOf = (app: Databases) => {
  if (!stamps.has(app)) stamps.set(app, { all: 0, tenants: new Map() });
  return stamps.get(app)!;
};

/** The tenant's facts changed (null: any tenant's may have): this instance's grids of it are stale. */
export function markResultsStale(app: Databases, tenantId: number | null): void {
  const of = stampsOf(app);
  if (tenantId === null) of.all++;
  else of.tenants.set(tenantId, (of.tenants.get(tenantId) ?? 0) + 1);
}

/** The grid of a definition, from the cache while its version and the tenant's facts are unchanged. */
export async function gridOf(ctx: AreaContext, def: ReportDefinition): Promise<RoiGrid> {
  const key = `${databaseOf(ctx.db)}:${ctx.tenantId}:${def.id}`;
  const facts = stampsOf(ctx.app.db);
  const stamp = `${facts.all}:${facts.tenants.get(ctx.tenantId) ?? 0}:${await tablesStamp(ctx)}`;
  const kept = cache.get(key);
  if (kept && kept.version === def.version && kept.stamp === stamp) return kept.grid;
  const grid = computeGrid(def, await sourceResults(ctx, def), new Date().toISOString());
  cache.delete(key);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, { version: def.version, stamp, grid });
  return grid;
}

/** Every line's source values per column (data and budget columns), as the engine reads them. */
export async function sourceResults(ctx: AreaContext, def: ReportDefinition): Promise<SourceResult[]> {
  const { data, budgets } = splitColumns(def);
  const all = [...data, ...budgets];
  if (!all.length) return [];
  const needsTables = def.reportDataLines.some((l) =>
    l.category === 0 || l.category === 3 || l.budget.kind === "reference"
  );
  const tables = needsTables ? await loadTables(ctx) : new Map<number, DataTable>();
  const from = toIsoDate(Math.min(...all.map((c) => c.startDate)));
  const to = toIsoDate(Math.max(...all.map((c) => c.endDate)));
  const facts = new Map<string, Promise<DayFacts[] | null>>();
  const results: SourceResult[] = [];

  await Promise.all(def.reportDataLines.map(async (line) => {
    if (line.category === 1 && line.sourceColumn) {
      const q = {
        sourceId: line.sourceId,
        from,
        to,
        speciesId: def.speciesId,
        filters: line.filters,
        groupBy: line.groupBy,
      };
      const key = JSON.stringify(q);
      if (!facts.has(key)) facts.set(key, productFacts(ctx, q));
      const days = await facts.get(key)!;
      if (days) {
        for (const col of data) results.push(result(line, col, periodValues(days, col, line), false));
      }
    }
    const table = (line.category === 0 || line.category === 3)
      ? tables.get(tableIdOf(line.sourceId) ?? 0)
      : undefined;
    if (table && line.sourceColumn) {
      for (const col of data) {
        const values = tableValues(table, {
          column: line.sourceColumn,
          start: col.startDate,
          end: col.endDate,
          filters: line.filters,
          groupBy: line.groupBy,
        });
        results.push(result(line, col, values, false));
      }
    }
    if (line.budget.kind === "reference") {
      const budgetTable = tables.get(line.budget.referenceDataId);
      if (budgetTable) {
        for (const col of budgets) {
          const values = tableValues(budgetTable, {
            column: line.budget.sourceColumn,
            start: col.startDate,
            end: col.endDate,
            filters: [],
            groupBy: null,
          });
          results.push(result(line, col, values, true));
        }
      }
    }
  }));
  return results;
}

function result(
  line: ReportLine,
  col: ReportColumn,
  values: Record<string, number>,
  isBudgetResult: boolean,
): SourceResult {
  return {
    category: line.category,
    sourceId: line.sourceId,
    sourceName: line.lineName,
    lineId: line.lineId,
    columnId: col.id,
    values,
    isBudgetResult,
  };
}

/** A line's value per group over a period's days (an average column divides by the period's rows). */
function periodValues(
  days: readonly DayFacts[],
  col: ReportColumn,
  line: ReportLine,
): Record<string, number> {
  const start = toIsoDate(col.startDate), end = toIsoDate(col.endDate);
  const sums: Record<string, number> = {}, counts: Record<string, number> = {};
  for (const d of days) {
    if (d.day < start || d.day > end) continue;
    sums[d.group] = (sums[d.group] ?? 0) + (d.sums[line.sourceColumn] ?? 0);
    counts[d.group] = (counts[d.group] ?? 0) + d.count;
  }
  if (isAveraged(line.sourceId, line.sourceColumn)) {
    for (const g of Object.keys(sums)) sums[g] = counts[g] ? sums[g] / counts[g] : 0;
  }
  return sums;
}
