/**
 * Plant Analysis By Run (spec 3 §2.1 analysisByRun): each boning run of the filter with its head, average
 * HSCW and fat, yield against standard and (with yieldRevenue) $/head, worst variance first; day against
 * night shift over the same filter; one run's product codes against standard and its mass balance. All
 * figures come from the engine (grouped by run, by shift, by product code).
 */
import { eq, inArray } from "drizzle-orm";
import { boningRuns, stockMobs, suppliers } from "../../../../../db/tenant/schema.ts";
import { daysBetween } from "../../../../../kernel/dates.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { AreaContext } from "../../../context.ts";
import { resolveFilter } from "../../access.ts";
import { yieldFigures } from "../../engine.ts";
import { yieldReference } from "../../reference.ts";
import { massBalance, MAX_YIELD_DAYS, type Shift, SHIFTS } from "../../rules.ts";
import type { YieldFilter } from "../../schemas.ts";
import type { RunAnalysis, RunDetail, RunRow } from "../schemas.ts";

/** carcasses, average HSCW, average fat, yield, standard, variance, $/head, $/head variance */
export const RUN_METRICS = [1, 3, 4, 16, 17, 18, 27, 29] as const;
const SHIFT_METRICS = [45, 1, 3, 16, 17, 18, 27] as const;
const CODE_METRICS = [5, 9, 10, 11, 16, 17, 18, 23, 25] as const;

/** A value the engine left out (a revenue figure without the module) stays out of the answer. */
function revenueFields<K extends string>(values: Record<number, number | null>, pairs: [K, number][]) {
  const out: Partial<Record<K, number>> = {};
  for (const [name, key] of pairs) if (key in values) out[name] = values[key] ?? undefined;
  return out;
}

function assertBounded(filter: YieldFilter) {
  if (filter.toDate >= filter.fromDate && daysBetween(filter.fromDate, filter.toDate) >= MAX_YIELD_DAYS) {
    throw ApiError.validation([{ field: "toDate", message: `Choose at most ${MAX_YIELD_DAYS} days` }]);
  }
}

type RunRecord = typeof boningRuns.$inferSelect;

/** The runs' words: plant, room, supplier, lot. */
async function describeRuns(ctx: AreaContext, runs: RunRecord[], rooms: Map<number, string>) {
  const supplierIds = [...new Set(runs.flatMap((r) => (r.supplierId ? [r.supplierId] : [])))];
  const mobIds = [...new Set(runs.flatMap((r) => (r.stockMobId ? [r.stockMobId] : [])))];
  const [names, mobs] = await Promise.all([
    supplierIds.length
      ? ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers)
        .where(inArray(suppliers.id, supplierIds))
      : [],
    mobIds.length
      ? ctx.db.select({
        id: stockMobs.id,
        lot: stockMobs.agendaLotReference,
        suffix: stockMobs.agendaLotReferenceSuffix,
      }).from(stockMobs).where(inArray(stockMobs.id, mobIds))
      : [],
  ]);
  const supplierOf = new Map(names.map((s) => [s.id, s.name]));
  const lotOf = new Map(mobs.map((m) => [m.id, m.lot ? `${m.lot}${m.suffix ?? ""}` : null]));
  return (r: RunRecord) => ({
    runId: r.id,
    date: r.productionDate,
    plantId: r.tenantSiteId,
    plant: ctx.scope.siteName(r.tenantSiteId),
    boningRoomId: r.boningRoomId,
    boningRoom: rooms.get(r.boningRoomId) ?? `Room ${r.boningRoomId}`,
    shift: r.shift as Shift,
    runNumber: r.runNumber,
    supplier: r.supplierId ? supplierOf.get(r.supplierId) ?? null : null,
    lot: r.stockMobId ? lotOf.get(r.stockMobId) ?? null : null,
  });
}

function runFigures(values: Record<number, number | null>) {
  return {
    head: values[1] ?? 0,
    averageHscwKg: values[3] ?? null,
    averageFatMm: values[4] ?? null,
    yieldPercent: values[16] ?? null,
    standardPercent: values[17] ?? null,
    variancePp: values[18] ?? null,
    ...revenueFields(values, [["revenuePerHead", 27], ["revenueVariancePerHead", 29]]),
  };
}

/** Every run of the filter, worst yield variance first, and day against night shift. */
export async function runAnalysis(ctx: AreaContext, asked: YieldFilter): Promise<RunAnalysis> {
  assertBounded(asked);
  const filter = await resolveFilter(ctx, asked);
  const reference = await yieldReference(ctx, filter.speciesId);
  const [byRun, byShift] = await Promise.all([
    yieldFigures(ctx, filter, ["run"], RUN_METRICS, { reference }),
    yieldFigures(ctx, filter, ["shift"], SHIFT_METRICS, { reference }),
  ]);
  const ids = byRun.rows.map((r) => Number(r.key.run));
  const records = ids.length ? await ctx.db.select().from(boningRuns).where(inArray(boningRuns.id, ids)) : [];
  const describe = await describeRuns(ctx, records, new Map(reference.rooms.map((r) => [r.id, r.name])));
  const recordOf = new Map(records.map((r) => [r.id, r]));
  const runs: RunRow[] = byRun.rows.flatMap((row) => {
    const record = recordOf.get(Number(row.key.run));
    return record ? [{ ...describe(record), ...runFigures(row.values) }] : [];
  });
  // worst first; a run without a standard goes last
  runs.sort((a, b) =>
    (a.variancePp ?? Infinity) - (b.variancePp ?? Infinity) || b.date.localeCompare(a.date) ||
    a.runId - b.runId
  );
  const shifts = SHIFTS.flatMap((shift) => {
    const row = byShift.rows.find((r) => r.key.shift === shift);
    if (!row) return [];
    const v = row.values;
    return [{
      shift,
      runs: v[45] ?? 0,
      head: v[1] ?? 0,
      averageHscwKg: v[3] ?? null,
      yieldPercent: v[16] ?? null,
      standardPercent: v[17] ?? null,
      variancePp: v[18] ?? null,
      ...revenueFields(v, [["revenuePerHead", 27]]),
    }];
  });
  return {
    speciesId: filter.speciesId,
    fromDate: filter.fromDate,
    toDate: filter.toDate,
    plantIds: filter.plantIds,
    runs,
    shifts,
  };
}

/** One run: its figures, its product codes against standard, and the mass balance of what it boned. */
export async function runDetail(ctx: AreaContext, id: number): Promise<RunDetail> {
  const [record] = await ctx.db.select().from(boningRuns).where(eq(boningRuns.id, id));
  if (!record || !ctx.scope.hasSpecies(record.speciesId) || !ctx.scope.hasSite(record.tenantSiteId)) {
    throw ApiError.notFound("That boning run does not exist.");
  }
  // a plant outside the caller's yield visibility is refused in words (403)
  const filter = await resolveFilter(ctx, {
    speciesId: record.speciesId,
    fromDate: record.productionDate,
    toDate: record.productionDate,
    plantIds: [record.tenantSiteId],
    runIds: [record.id],
  });
  const reference = await yieldReference(ctx, record.speciesId);
  const [run, codes, balance] = await Promise.all([
    yieldFigures(ctx, filter, ["run"], RUN_METRICS, { reference }),
    yieldFigures(ctx, filter, ["productCode"], CODE_METRICS, { reference }),
    yieldFigures(ctx, filter, [], [2, 9, 33, 35, 37], { reference }),
  ]);
  const describe = await describeRuns(ctx, [record], new Map(reference.rooms.map((r) => [r.id, r.name])));
  const t = balance.total;
  return {
    run: { ...describe(record), ...runFigures(run.rows[0]?.values ?? {}) },
    codes: codes.rows.map((row) => {
      const code = reference.codes.find((c) => c.id === Number(row.key.productCode));
      const v = row.values;
      return {
        productCodeId: Number(row.key.productCode),
        code: code ? `${code.code} ${code.description}` : String(row.key.productCode),
        cut: reference.segment(code?.cutId)?.name ?? "",
        cartons: v[5] ?? null,
        kg: v[9] ?? null,
        expectedKg: v[10] ?? null,
        varianceKg: v[11] ?? null,
        yieldPercent: v[16] ?? null,
        standardPercent: v[17] ?? null,
        variancePp: v[18] ?? null,
        ...revenueFields(v, [["revenue", 23], ["revenueVariance", 25]]),
      };
    }),
    massBalance: massBalance(
      { product: t[9] ?? 0, bone: t[33] ?? 0, fat: t[35] ?? 0, trim: t[37] ?? 0 },
      t[2] ?? record.hscwKg,
    ),
  };
}
