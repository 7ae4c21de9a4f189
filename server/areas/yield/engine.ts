/**
 * The one place yield figures are computed: every tab, chart, table, report and TV screen asks
 * `yieldFigures(ctx, filter, groupBy, metricKeys)`. Two bounded reads over the daily summaries (never the
 * cartons): the boning runs of the selection (head, HSCW, fat: the denominators) and the summary rows
 * grouped in SQL by what the answer needs; then the metrics of server/areas/yield/metrics.ts per group.
 *
 * Denominators: a group's HSCW is that of the runs its run-level keys (day, species, plant, shift, room,
 * run) select; a product-level key (cut, product code, …) shares its runs' HSCW. Segment filters narrow
 * the product rows only; bone, fat, trim and the unaccounted line stay those of the whole runs.
 */
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { boningRuns, yieldSummaries } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { hasYieldRevenue, type ResolvedFilter } from "./access.ts";
import { type Accumulated, figureOf, newAccumulated } from "./figures.ts";
import { type Metric, metric } from "./metrics.ts";
import { type YieldReference, yieldReference } from "./reference.ts";
import type { GroupBy } from "./schemas.ts";

export type FigureValues = Record<number, number | null>;

export interface FigureRow {
  /** the group's key values (ids, a date, a shift or a meat code) */
  key: Partial<Record<GroupBy, number | string | null>>;
  /** each key in words */
  labels: Partial<Record<GroupBy, string>>;
  values: FigureValues;
}

export interface Figures {
  metrics: Metric[];
  groupBy: GroupBy[];
  rows: FigureRow[];
  total: FigureValues;
}

const RUN_LEVEL = ["date", "species", "site", "shift", "boningRoom", "run"] as const;
type RunLevel = (typeof RUN_LEVEL)[number];
const isRunLevel = (g: GroupBy): g is RunLevel => (RUN_LEVEL as readonly string[]).includes(g);

const RUN_COLUMN = {
  date: yieldSummaries.productionDate,
  species: yieldSummaries.speciesId,
  site: yieldSummaries.tenantSiteId,
  shift: yieldSummaries.shift,
  boningRoom: yieldSummaries.boningRoomId,
  run: yieldSummaries.boningRunId,
} as const;

/** Metrics needing the split by run, by shift, or by product code within a group. */
const NEEDS_RUNS = new Set([46, 47]);
const NEEDS_SHIFT = new Set([50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Metrics counting product codes within a group (codes made, under standard, short and over kg). */
const NEEDS_CODES = new Set([59, 60, 61, 62, 63]);

export interface FigureOptions {
  /** Average: the mean of the daily values of each group (spec 3 §4 aggregations); Sum by default */
  average?: boolean;
  /** the reference data, when the caller already read it */
  reference?: YieldReference;
}

export async function yieldFigures(
  ctx: AreaContext,
  filter: ResolvedFilter,
  groupBy: readonly GroupBy[],
  metricKeys: readonly number[],
  options: FigureOptions = {},
): Promise<Figures> {
  const revenue = hasYieldRevenue(ctx);
  const metrics = metricKeys.map(metric).filter((x): x is Metric =>
    !!x && !x.dimension && (revenue || !x.revenue)
  );
  const reference = options.reference ?? await yieldReference(ctx, filter.speciesId);
  const keys = options.average && !groupBy.includes("date") ? [...groupBy, "date" as const] : [...groupBy];
  // the total from the same read (sums add up; the groups' denominators are the runs either way)
  const { groups, total: all } = await accumulate(ctx, filter, keys, metrics, reference);
  const totals = options.average ? null : all;

  let rows: FigureRow[] = [...groups.values()].map((acc) => ({
    key: acc.key,
    labels: reference.labels(acc.key, ctx),
    values: valuesOf(acc, metrics),
  }));
  if (options.average && !groupBy.includes("date")) rows = averaged(rows, groupBy, metrics, reference, ctx);
  rows.sort((a, b) => reference.compare(a.key, b.key));
  const total = totals ? valuesOf(totals, metrics) : averageOf(rows, metrics);
  return { metrics, groupBy: [...groupBy], rows, total };
}

function valuesOf(acc: Accumulated, metrics: Metric[]): FigureValues {
  return Object.fromEntries(metrics.map((x) => [x.key, figureOf(x.key, acc)]));
}

/** The mean of each metric over the rows that have it (a day without boning does not count as zero). */
function averageOf(rows: FigureRow[], metrics: Metric[]): FigureValues {
  return Object.fromEntries(metrics.map((x) => {
    const present = rows.map((r) => r.values[x.key]).filter((v): v is number => v != null);
    return [x.key, present.length ? present.reduce((s, v) => s + v, 0) / present.length : null];
  }));
}

function averaged(
  daily: FigureRow[],
  groupBy: readonly GroupBy[],
  metrics: Metric[],
  reference: YieldReference,
  ctx: AreaContext,
): FigureRow[] {
  const byGroup = new Map<string, FigureRow[]>();
  for (const row of daily) {
    const key = groupBy.map((g) => String(row.key[g])).join("|");
    byGroup.set(key, [...(byGroup.get(key) ?? []), row]);
  }
  return [...byGroup.values()].map((rows) => {
    const key = Object.fromEntries(groupBy.map((g) => [g, rows[0].key[g]]));
    return { key, labels: reference.labels(key, ctx), values: averageOf(rows, metrics) };
  });
}

function runWhere(filter: ResolvedFilter, t: typeof boningRuns | typeof yieldSummaries): SQL {
  return and(
    eq(t.speciesId, filter.speciesId),
    gte(t.productionDate, filter.fromDate),
    lte(t.productionDate, filter.toDate),
    filter.plantIds.length ? inArray(t.tenantSiteId, filter.plantIds) : sql`0`,
    filter.boningRoomIds?.length ? inArray(t.boningRoomId, filter.boningRoomIds) : undefined,
    filter.shiftTypes?.length ? inArray(t.shift, filter.shiftTypes) : undefined,
    filter.runIds?.length ? inArray("boningRunId" in t ? t.boningRunId : t.id, filter.runIds) : undefined,
  )!;
}

async function accumulate(
  ctx: AreaContext,
  filter: ResolvedFilter,
  groupBy: readonly GroupBy[],
  metrics: Metric[],
  reference: YieldReference,
): Promise<{ groups: Map<string, Accumulated>; total: Accumulated }> {
  const runKeys = groupBy.filter(isRunLevel);
  const wanted = new Set(metrics.map((x) => x.key));
  const byRun = groupBy.includes("run") || [...NEEDS_RUNS].some((k) => wanted.has(k));
  const byShift = groupBy.includes("shift") || [...NEEDS_SHIFT].some((k) => wanted.has(k));

  // the runs: denominators per run-level key
  const runs = await ctx.db.select({
    id: boningRuns.id,
    date: boningRuns.productionDate,
    species: boningRuns.speciesId,
    site: boningRuns.tenantSiteId,
    shift: boningRuns.shift,
    boningRoom: boningRuns.boningRoomId,
    runNumber: boningRuns.runNumber,
    head: boningRuns.head,
    hscwKg: boningRuns.hscwKg,
    fatMmSum: boningRuns.fatMmSum,
    fatHead: boningRuns.fatHead,
  }).from(boningRuns).where(runWhere(filter, boningRuns));
  const runKeyOf = (r: Record<string, unknown>) =>
    runKeys.map((k) => String(r[k === "run" ? "id" : k])).join("|");
  const denominators = new Map<string, Accumulated>();
  const total = newAccumulated({});
  for (const r of runs) {
    total.addRun(r);
    reference.runs.set(r.id, {
      id: r.id,
      runNumber: r.runNumber,
      boningRoomId: r.boningRoom,
      date: r.date,
      shift: r.shift,
    });
    const key = runKeyOf(r);
    let acc = denominators.get(key);
    if (!acc) denominators.set(key, acc = newAccumulated({}));
    acc.addRun(r);
  }

  // the summary rows, grouped in SQL by what is needed (a run-level column not needed reads as null)
  const grouped = new Set<RunLevel>(runKeys);
  if (byRun) grouped.add("run");
  if (byShift) grouped.add("shift");
  const keyColumn = <T extends string | number>(k: RunLevel) =>
    grouped.has(k) ? sql<T | null>`${RUN_COLUMN[k]}` : sql<T | null>`null`;
  const columns = {
    date: keyColumn<string>("date"),
    species: keyColumn<number>("species"),
    site: keyColumn<number>("site"),
    shift: keyColumn<string>("shift"),
    boningRoom: keyColumn<number>("boningRoom"),
    run: keyColumn<number>("run"),
  };
  const cutFilter = reference.cutsMatching(filter);
  const codeFilter = filter.productCodeIds?.length ? new Set(filter.productCodeIds) : null;
  // the product's detail read only when something needs it: by day and plant, a row a day, plant and
  // kind instead of one a product code (the rows read grow with the days, so fewer rows a day matter)
  const byCode = !!codeFilter || groupBy.some((g) => g === "productCode" || g === "meatCode") ||
    [...NEEDS_CODES].some((k) => wanted.has(k));
  const byCut = byCode || !!cutFilter || !groupBy.every(isRunLevel);
  const codeColumn = byCode ? sql<number>`${yieldSummaries.productCodeId}` : sql<number>`0`;
  const cutColumn = byCut ? sql<number | null>`${yieldSummaries.cutId}` : sql<number | null>`null`;
  const rows = await ctx.db.select({
    ...columns,
    productCodeId: codeColumn,
    cutId: cutColumn,
    kind: yieldSummaries.kind,
    cartons: sql<number>`sum(${yieldSummaries.cartons})`.mapWith(Number),
    pieces: sql<number>`sum(${yieldSummaries.pieces})`.mapWith(Number),
    kg: sql<number>`sum(${yieldSummaries.kg})`.mapWith(Number),
    expectedKg: sql<number>`sum(${yieldSummaries.expectedKg})`.mapWith(Number),
    revenueCents: sql<number>`sum(${yieldSummaries.revenueCents})`.mapWith(Number),
    expectedRevenueCents: sql<number>`sum(${yieldSummaries.expectedRevenueCents})`.mapWith(Number),
  }).from(yieldSummaries).where(runWhere(filter, yieldSummaries)).groupBy(
    ...[...grouped].map((k) => RUN_COLUMN[k]),
    ...(byCode ? [yieldSummaries.productCodeId] : []),
    ...(byCut ? [yieldSummaries.cutId] : []),
    yieldSummaries.kind,
  );

  const groups = new Map<string, Accumulated>();
  const groupOf = (key: Partial<Record<GroupBy, number | string | null>>) => {
    const id = groupBy.map((g) => String(key[g])).join("|");
    let acc = groups.get(id);
    if (!acc) {
      const runKey = runKeys.map((k) => String(key[k])).join("|");
      groups.set(id, acc = newAccumulated(key, denominators.get(runKey)));
    }
    return acc;
  };
  for (const row of rows) {
    const matches = row.kind === "product" &&
      (!cutFilter || (row.cutId != null && cutFilter.has(row.cutId))) &&
      (!codeFilter || codeFilter.has(row.productCodeId));
    const runKey = runKeys.map((k) => String(row[k])).join("|");
    denominators.get(runKey)?.addWeighed(row.kind, row.kg);
    total.addWeighed(row.kind, row.kg);
    if (!matches) continue;
    total.addProduct(row);
    const key: Partial<Record<GroupBy, number | string | null>> = {};
    for (const g of groupBy) key[g] = isRunLevel(g) ? row[g] : reference.keyOf(g, row);
    groupOf(key).addProduct(row);
  }
  // a group of runs that made none of the selected products still shows (its yield is 0)
  if (groupBy.every(isRunLevel)) {
    for (const runKey of denominators.keys()) {
      const parts = runKey.split("|");
      const key = Object.fromEntries(
        runKeys.map((k, i) => [k, k === "date" || k === "shift" ? parts[i] : Number(parts[i])]),
      );
      groupOf(key);
    }
  }
  return { groups, total };
}
