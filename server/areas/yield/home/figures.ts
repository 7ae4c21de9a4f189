/**
 * The yield home's figures (spec 3 §2.1 tabs, §7 "yield segment, variance and carcass data", "real-time
 * yields", "tenant allowed species"): each is a few asks of the one engine (server/areas/yield/engine.ts)
 * shaped for a tab, a chart or an API answer. Revenue figures come only from the engine's values, which
 * hold no revenue metric without the yieldRevenue module, so those fields are absent, never null.
 */
import { daysBetween } from "../../../../kernel/dates.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { type ResolvedFilter, resolveFilter, type YieldPlants, yieldPlants } from "../access.ts";
import { type FigureRow, type FigureValues, yieldFigures } from "../engine.ts";
import { type YieldReference, yieldReference } from "../reference.ts";
import { type BalanceLine, massBalance, MAX_YIELD_DAYS } from "../rules.ts";
import type { GroupBy, YieldFilter } from "../schemas.ts";

/** Names of the answer fields and the metric keys (server/areas/yield/metrics.ts) behind them. */
export const SEGMENT_FIELDS = {
  actualKg: 9,
  expectedKg: 10,
  yieldPercent: 16,
  standardPercent: 17,
  variancePp: 18,
  varianceKg: 11,
  revenueVariance: 25,
} as const;

export const DAY_FIELDS = {
  head: 1,
  hscwKg: 2,
  actualKg: 9,
  yieldPercent: 16,
  standardPercent: 17,
  variancePp: 18,
  varianceKg: 11,
  revenue: 23,
  dollarsPerKg: 20,
  revenueVariance: 25,
} as const;

export const VOLUME_FIELDS = {
  head: 1,
  hscwKg: 2,
  cartons: 5,
  pieces: 7,
  piecesPerCarcass: 8,
  yieldPercent: 16,
  revenue: 23,
  dollarsPerKg: 20,
} as const;

const BALANCE_KEYS = { hscw: 2, product: 9, bone: 33, fat: 35, trim: 37 } as const;

type Fields = Record<string, number>;
/** The figures only the yieldRevenue module shows: absent from an answer without it. */
export const REVENUE_FIELDS = ["revenue", "dollarsPerKg", "revenueVariance"] as const;
type RevenueField = (typeof REVENUE_FIELDS)[number];
export type Figures<F extends Fields> =
  & { [K in Exclude<keyof F, RevenueField>]: number | null }
  & { [K in Extract<keyof F, RevenueField>]?: number | null };

/** The fields whose metric the engine answered (a revenue metric it dropped stays out of the object). */
export function fieldsOf<F extends Fields>(values: FigureValues, fields: F): Figures<F> {
  const out: Record<string, number | null> = {};
  for (const [name, key] of Object.entries(fields)) {
    if (key in values) out[name] = values[key] ?? null;
  }
  return out as Figures<F>;
}

const keysOf = (fields: Fields) => Object.values(fields);

/** 400 in plain words for a range longer than the views answer. */
export function assertYieldRange(filter: Pick<YieldFilter, "fromDate" | "toDate">) {
  if (filter.toDate >= filter.fromDate && daysBetween(filter.fromDate, filter.toDate) + 1 > MAX_YIELD_DAYS) {
    throw ApiError.validation([
      { field: "toDate", message: `Choose a range of at most ${MAX_YIELD_DAYS} days` },
    ]);
  }
}

/** The filter checked (range, species, plants) with what the views share: the plants and reference. */
export interface HomeQuery {
  filter: ResolvedFilter;
  plants: YieldPlants;
  reference: YieldReference;
}

export async function homeQuery(
  ctx: AreaContext,
  filter: YieldFilter,
  known?: YieldPlants,
): Promise<HomeQuery> {
  assertYieldRange(filter);
  const plants = known ?? await yieldPlants(ctx);
  // another organisation's site is not there (404); one of theirs outside their visibility is refused (403)
  for (const id of filter.plantIds ?? []) ctx.scope.assertSite(id, "That plant");
  const resolved = await resolveFilter(ctx, filter, plants);
  // a species of theirs that no plant they see bones has no figures (spec 3 §2.1's message): not there
  if (!resolved.plantIds.length) {
    throw ApiError.notFound(`No sites are configured for ${ctx.scope.speciesName(filter.speciesId)}`);
  }
  return { filter: resolved, plants, reference: await yieldReference(ctx, filter.speciesId) };
}

// ---- segments -------------------------------------------------------------------------------------

export type SegmentLevelKey = "bodySegment" | "primal" | "cut";
export interface SegmentRow extends Figures<typeof SEGMENT_FIELDS> {
  segmentId: number | null;
  name: string;
  level: SegmentLevelKey;
  parentId: number | null;
}

/** The figures of one level of the cut hierarchy, optionally within one parent segment (a drill-down). */
export async function segmentRows(
  ctx: AreaContext,
  q: HomeQuery,
  level: SegmentLevelKey,
  parentId?: number,
): Promise<{ rows: SegmentRow[]; total: Figures<typeof SEGMENT_FIELDS> }> {
  const parent = parentId == null ? undefined : q.reference.segment(parentId);
  const filter = { ...q.filter };
  if (parent?.level === "bodySegment") filter.bodySegments = [parent.id];
  if (parent?.level === "primal") filter.primalSegments = [parent.id];
  const figures = await yieldFigures(ctx, filter, [level], keysOf(SEGMENT_FIELDS), {
    reference: q.reference,
  });
  return {
    rows: figures.rows.map((r) => {
      const id = r.key[level] == null ? null : Number(r.key[level]);
      return {
        segmentId: id,
        name: r.labels[level] ?? "",
        level,
        parentId: q.reference.segment(id)?.parentId ?? null,
        ...fieldsOf(r.values, SEGMENT_FIELDS),
      };
    }),
    total: fieldsOf(figures.total, SEGMENT_FIELDS),
  };
}

// ---- by day and plant -------------------------------------------------------------------------------

export interface DayPlant {
  date: string;
  plantId: number;
  plant: string;
}

function dayPlantOf(r: FigureRow): DayPlant {
  return { date: String(r.key.date), plantId: Number(r.key.site), plant: r.labels.site ?? "" };
}

export async function byDayAndPlant<F extends Fields>(
  ctx: AreaContext,
  q: HomeQuery,
  fields: F,
): Promise<{ rows: (DayPlant & Figures<F>)[]; total: Figures<F> }> {
  const figures = await yieldFigures(ctx, q.filter, ["date", "site"], keysOf(fields), {
    reference: q.reference,
  });
  return {
    rows: figures.rows.map((r) => ({ ...dayPlantOf(r), ...fieldsOf(r.values, fields) })),
    total: fieldsOf(figures.total, fields),
  };
}

/** Product, bone, fat, trim and unaccounted as kg and % of the HSCW boned over the whole filter. */
export async function balanceOf(ctx: AreaContext, q: HomeQuery): Promise<BalanceLine[]> {
  const { total } = await yieldFigures(ctx, q.filter, [], keysOf(BALANCE_KEYS), { reference: q.reference });
  const kg = (k: number) => total[k] ?? 0;
  return massBalance(
    {
      product: kg(BALANCE_KEYS.product),
      bone: kg(BALANCE_KEYS.bone),
      fat: kg(BALANCE_KEYS.fat),
      trim: kg(BALANCE_KEYS.trim),
    },
    kg(BALANCE_KEYS.hscw),
  );
}

// ---- the API's answers ------------------------------------------------------------------------------

const range = (q: HomeQuery) => ({
  speciesId: q.filter.speciesId,
  fromDate: q.filter.fromDate,
  toDate: q.filter.toDate,
  plantIds: q.filter.plantIds,
});

export async function segmentData(ctx: AreaContext, filter: YieldFilter) {
  const q = await homeQuery(ctx, filter);
  const [bodySegments, primals, cuts] = await Promise.all([
    segmentRows(ctx, q, "bodySegment"),
    segmentRows(ctx, q, "primal"),
    segmentRows(ctx, q, "cut"),
  ]);
  return {
    ...range(q),
    bodySegments: bodySegments.rows,
    primals: primals.rows,
    cuts: cuts.rows,
    total: bodySegments.total,
  };
}

export async function varianceData(ctx: AreaContext, filter: YieldFilter) {
  const q = await homeQuery(ctx, filter);
  const [days, primals, balance] = await Promise.all([
    byDayAndPlant(ctx, q, DAY_FIELDS),
    segmentRows(ctx, q, "primal"),
    balanceOf(ctx, q),
  ]);
  return { ...range(q), days: days.rows, byPrimal: primals.rows, massBalance: balance, total: days.total };
}

export async function carcassData(ctx: AreaContext, filter: YieldFilter) {
  const q = await homeQuery(ctx, filter);
  const days = await byDayAndPlant(ctx, q, VOLUME_FIELDS);
  return { ...range(q), days: days.rows, total: days.total };
}

export const PRESENTATIONS = ["segments", "variance", "carcass"] as const;
export type Presentation = (typeof PRESENTATIONS)[number];

/** Several presentations of one filter in one call (spec 3 §7 "yield presentation posts"). */
export async function presentations(
  ctx: AreaContext,
  body: YieldFilter & { presentations: Presentation[] },
) {
  const { presentations: wanted, ...filter } = body;
  const out: Record<string, unknown> = {};
  for (const p of new Set(wanted)) {
    out[p] = p === "segments"
      ? await segmentData(ctx, filter)
      : p === "variance"
      ? await varianceData(ctx, filter)
      : await carcassData(ctx, filter);
  }
  return out as {
    segments?: Awaited<ReturnType<typeof segmentData>>;
    variance?: Awaited<ReturnType<typeof varianceData>>;
    carcass?: Awaited<ReturnType<typeof carcassData>>;
  };
}

/** Today's figures by body segment (the live "segments today" tab). */
export async function realTimeYields(ctx: AreaContext, input: { speciesId: number; plantIds?: number[] }) {
  const q = await homeQuery(ctx, { ...input, fromDate: ctx.today, toDate: ctx.today });
  const segments = await segmentRows(ctx, q, "bodySegment");
  const volume = await yieldFigures(ctx, q.filter, [], [1, 2, 5], { reference: q.reference });
  return {
    ...range(q),
    date: ctx.today,
    segments: segments.rows,
    total: {
      ...segments.total,
      head: volume.total[1] ?? null,
      hscwKg: volume.total[2] ?? null,
      cartons: volume.total[5] ?? null,
    },
  };
}

/** The caller's species with a boning plant, and each one's plants and boning rooms. */
export async function tenantAllowedSpecies(ctx: AreaContext, known?: YieldPlants) {
  const p = known ?? await yieldPlants(ctx);
  return {
    species: p.species.map((s) => ({
      id: s.id,
      name: s.name,
      plants: p.plants.get(s.id) ?? [],
      boningRooms: p.rooms.get(s.id) ?? [],
    })),
  };
}

// ---- one day at one plant (the popup) ---------------------------------------------------------------

const RUN_FIELDS = {
  head: 1,
  hscwKg: 2,
  yieldPercent: 16,
  standardPercent: 17,
  variancePp: 18,
  revenueVariance: 25,
} as const;
const CUT_FIELDS = {
  actualKg: 9,
  expectedKg: 10,
  varianceKg: 11,
  variancePp: 18,
  revenueVariance: 25,
} as const;
export const TOP_VARIANCES = 5;

export async function dayDetail(
  ctx: AreaContext,
  input: { speciesId: number; plantId: number; date: string },
) {
  const q = await homeQuery(ctx, {
    speciesId: input.speciesId,
    fromDate: input.date,
    toDate: input.date,
    plantIds: [input.plantId],
  });
  const ask = (groupBy: GroupBy[], fields: Fields) =>
    yieldFigures(ctx, q.filter, groupBy, keysOf(fields), { reference: q.reference });
  const [runs, shifts, cuts] = await Promise.all([
    ask(["run"], RUN_FIELDS),
    ask(["shift"], RUN_FIELDS),
    ask(["cut"], CUT_FIELDS),
  ]);
  const worst = cuts.rows
    .filter((r) => r.key.cut != null && (r.values[11] ?? 0) < 0)
    .sort((a, b) => (a.values[11] ?? 0) - (b.values[11] ?? 0))
    .slice(0, TOP_VARIANCES);
  return {
    speciesId: input.speciesId,
    plantId: input.plantId,
    plant: ctx.scope.siteName(input.plantId),
    date: input.date,
    total: fieldsOf(runs.total, RUN_FIELDS),
    runs: runs.rows.map((r) => {
      const run = q.reference.runs.get(Number(r.key.run));
      return {
        runId: Number(r.key.run),
        name: r.labels.run ?? "",
        runNumber: run?.runNumber ?? 0,
        shift: run?.shift ?? "",
        boningRoom: q.reference.rooms.find((x) => x.id === run?.boningRoomId)?.name ?? "",
        ...fieldsOf(r.values, RUN_FIELDS),
      };
    }),
    shifts: shifts.rows.map((r) => ({
      shift: String(r.key.shift),
      name: r.labels.shift ?? "",
      ...fieldsOf(r.values, RUN_FIELDS),
    })),
    topVariances: worst.map((r) => ({
      cutId: Number(r.key.cut),
      name: r.labels.cut ?? "",
      ...fieldsOf(r.values, CUT_FIELDS),
    })),
  };
}
