/**
 * Plannable carcass groups (issue 41 item 4; spec 3 §7 "plannable carcass groups", "split group", "move
 * group", "clear cache"). A kill day's carcasses, judged against the species' specifications, are kept
 * in planning_group_cache until the kill floor or the kill agenda announce a change of the day (mod.ts
 * reactions) or the planner asks for a fresh read (isFetchFromDb); the planner's splits and moves are
 * kept as adjustments and replayed over the groups on every read.
 */
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { planningGroupAdjustments, planningGroupCache } from "../../../../db/tenant/planningSchedules.ts";
import { addDays, daysBetween } from "../../../../kernel/dates.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, Unit } from "../../context.ts";
import { carcassesOfDays, type DayKey } from "./source.ts";
import { specificationJudge } from "./specs.ts";
import {
  adjustmentProblem,
  applyAdjustments,
  baseGroups,
  type CarcassGroup,
  dayGroups,
  type GroupAdjustment,
  type PlannableCarcass,
  type PlannableCarcassDayGroup,
  REFERENCE_FAT_MM,
} from "./rules.ts";

/** The longest period one read groups (the builder shows a day; the planner a week or two). */
export const MAX_GROUP_DAYS = 14;

export type GroupsQuery = DayKey & { fromDateValue: string; toDateValue: string; isFetchFromDb?: boolean };

export function assertDayKey(ctx: AreaContext, key: DayKey) {
  ctx.scope.assertSpecies(key.speciesId, "That species");
  if (key.tenantSiteId !== 0) ctx.scope.assertSite(key.tenantSiteId, "That site");
}

function daysOf(from: string, to: string): string[] {
  if (from > to) {
    throw ApiError.validation([{ field: "toDateValue", message: "The period ends before it starts." }]);
  }
  if (daysBetween(from, to) >= MAX_GROUP_DAYS) {
    throw ApiError.validation([{
      field: "fromDateValue",
      message: `Choose at most ${MAX_GROUP_DAYS} days.`,
    }]);
  }
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
}

type Cached = typeof planningGroupCache.$inferSelect;

/** Judges the days' carcasses and keeps them (replacing what was kept). */
async function rebuild(ctx: AreaContext, key: DayKey, days: string[]): Promise<Cached[]> {
  const [source, judge] = await Promise.all([
    carcassesOfDays(ctx, key, days),
    specificationJudge(ctx, key.speciesId),
  ]);
  const builtAt = new Date().toISOString();
  const rows = days.map((day) => ({
    ...key,
    killDateValue: day,
    carcasses: (source.get(day) ?? []).map((c) =>
      [c.id, c.hscwKg, c.fatDepthMm, judge(c)] as [number, number, number | null, number[]]
    ),
    builtAt,
  }));
  try {
    await oneKeepingAtATime(ctx.db, () =>
      ctx.write(async (tx) => {
        await tx.delete(planningGroupCache).where(and(
          eq(planningGroupCache.speciesId, key.speciesId),
          eq(planningGroupCache.tenantSiteId, key.tenantSiteId),
          inArray(planningGroupCache.killDateValue, days),
        ));
        if (rows.length) await tx.insert(planningGroupCache).values(rows);
      }));
  } catch (e) {
    // keeping is only a cache: when the database stays busy past its timeout (another read keeping the
    // same days at once, on a loaded machine), the groups are answered without being kept
    if (!isBusy(e)) throw e;
  }
  return rows.map((r, i) => ({ ...r, id: -i }));
}

/**
 * The group cache writes of one database go one at a time in this process: two cold reads at once each
 * read then write the same rows, and their transactions waited on each other's locks until the busy
 * timeout (5 s) before one gave up.
 */
const keepingByDb = new WeakMap<object, Promise<unknown>>();
function oneKeepingAtATime<T>(db: object, job: () => Promise<T>): Promise<T> {
  const run = (keepingByDb.get(db) ?? Promise.resolve()).then(job, job);
  keepingByDb.set(db, run.catch(() => undefined));
  return run;
}

const isBusy = (e: unknown): boolean =>
  e instanceof Error && ((e as { code?: string }).code === "SQLITE_BUSY" || isBusy(e.cause));

async function keptDays(ctx: AreaContext, key: DayKey, days: string[]): Promise<Cached[]> {
  return await ctx.db.select().from(planningGroupCache).where(and(
    eq(planningGroupCache.speciesId, key.speciesId),
    eq(planningGroupCache.tenantSiteId, key.tenantSiteId),
    inArray(planningGroupCache.killDateValue, days),
  ));
}

async function adjustmentsOf(
  ctx: AreaContext,
  key: DayKey,
  from: string,
  to: string,
): Promise<GroupAdjustment[]> {
  const rows = await ctx.db.select().from(planningGroupAdjustments).where(and(
    eq(planningGroupAdjustments.speciesId, key.speciesId),
    eq(planningGroupAdjustments.tenantSiteId, key.tenantSiteId),
    gte(planningGroupAdjustments.killDateValue, from),
    lte(planningGroupAdjustments.killDateValue, to),
  )).orderBy(asc(planningGroupAdjustments.id));
  return rows.map((r): GroupAdjustment =>
    r.kind === "split"
      ? { kind: "split", groupId: r.groupId, by: r.splitBy === "fat" ? "fat" : "weight", at: r.splitAt ?? 0 }
      : { kind: "move", groupId: r.groupId, toDate: r.toDate ?? r.killDateValue }
  );
}

/**
 * Groups already made from the kept rows, by database, tenant, key and days: a kept read that finds the same rows
 * (ids and builtAt: a rebuild writes new ones) and the same adjustments answers them without parsing the
 * carcass lists or grouping again. Per process; the stamp comes from the database, so it is never stale.
 */
const madeGroupsByDb = new WeakMap<object, Map<string, { stamp: string; groups: CarcassGroup[] }>>();
const MADE_GROUPS_KEPT = 32;
/**
 * The made groups of one database: tenant ids and pinned build stamps repeat across control databases
 * (the tests run many apps in one process), so the database itself is part of the key.
 */
function madeGroupsOf(db: object) {
  let made = madeGroupsByDb.get(db);
  if (!made) madeGroupsByDb.set(db, made = new Map());
  return made;
}

async function keptStamp(ctx: AreaContext, key: DayKey, days: string[], adjustments: GroupAdjustment[]) {
  const rows = await ctx.db.select({
    id: planningGroupCache.id,
    day: planningGroupCache.killDateValue,
    builtAt: planningGroupCache.builtAt,
  }).from(planningGroupCache).where(and(
    eq(planningGroupCache.speciesId, key.speciesId),
    eq(planningGroupCache.tenantSiteId, key.tenantSiteId),
    inArray(planningGroupCache.killDateValue, days),
  ));
  if (rows.length !== days.length) return null;
  rows.sort((a, b) => a.day.localeCompare(b.day));
  return JSON.stringify([rows, adjustments]);
}

function remember(ctx: AreaContext, memoKey: string, stamp: string, groups: CarcassGroup[]) {
  const madeGroups = madeGroupsOf(ctx.db);
  madeGroups.delete(memoKey);
  madeGroups.set(memoKey, { stamp, groups });
  if (madeGroups.size > MADE_GROUPS_KEPT) madeGroups.delete(madeGroups.keys().next().value!);
}

/** The groups (with their carcasses) of the kill days from..to, adjustments applied. Do not change them. */
export async function carcassGroups(ctx: AreaContext, q: GroupsQuery): Promise<CarcassGroup[]> {
  assertDayKey(ctx, q);
  const days = daysOf(q.fromDateValue, q.toDateValue);
  const key = { speciesId: q.speciesId, tenantSiteId: q.tenantSiteId };
  const memoKey = JSON.stringify([ctx.tenantId, key, days]);
  const adjustments = await adjustmentsOf(ctx, key, days[0], days[days.length - 1]);
  if (!q.isFetchFromDb) {
    const stamp = await keptStamp(ctx, key, days, adjustments);
    const made = stamp && madeGroupsOf(ctx.db).get(memoKey);
    if (made && made.stamp === stamp) return made.groups;
  }
  let kept = q.isFetchFromDb ? [] : await keptDays(ctx, key, days);
  const missing = days.filter((d) => !kept.some((k) => k.killDateValue === d));
  if (missing.length) kept = [...kept, ...await rebuild(ctx, key, missing)];
  const carcasses: PlannableCarcass[] = [];
  for (const day of kept) {
    for (const [id, hscwKg, fatMm, specificationIds] of day.carcasses) {
      carcasses.push({ id, dateValue: day.killDateValue, hscwKg, fatMm, specificationIds });
    }
  }
  const fat = REFERENCE_FAT_MM[q.speciesId] ?? 12;
  const groups = applyAdjustments(baseGroups(carcasses, fat), adjustments, fat);
  if (!missing.length) {
    const stamp = await keptStamp(ctx, key, days, adjustments);
    if (stamp) remember(ctx, memoKey, stamp, groups);
  }
  return groups;
}

/** spec 3 §7 "plannable carcass groups": the production days' groups (no carcass lists). */
export async function plannableCarcassGroups(
  ctx: AreaContext,
  q: GroupsQuery,
): Promise<PlannableCarcassDayGroup[]> {
  return dayGroups(await carcassGroups(ctx, q), q.speciesId, q.tenantSiteId);
}

export type AdjustInput =
  & DayKey
  & { killDateValue: string }
  & (
    | { kind: "split"; groupId: string; by: "weight" | "fat"; at: number }
    | { kind: "move"; groupId: string; toDate: string }
  );

/** Splits or moves a group of a kill day; answers the kill day's groups as they are now. */
export async function adjustGroup(ctx: AreaContext, input: AdjustInput): Promise<PlannableCarcassDayGroup[]> {
  const q = { ...input, fromDateValue: input.killDateValue, toDateValue: input.killDateValue };
  const groups = await carcassGroups(ctx, q);
  const adjustment: GroupAdjustment = input.kind === "split"
    ? { kind: "split", groupId: input.groupId, by: input.by, at: input.at }
    : { kind: "move", groupId: input.groupId, toDate: input.toDate };
  const problem = adjustmentProblem(groups, adjustment);
  if (problem?.includes("no longer")) throw ApiError.conflict(problem);
  if (problem) {
    throw ApiError.validation([{ field: input.kind === "split" ? "at" : "toDate", message: problem }]);
  }
  await ctx.write(async (tx, unit) => {
    const [row] = await tx.insert(planningGroupAdjustments).values({
      speciesId: input.speciesId,
      tenantSiteId: input.tenantSiteId,
      killDateValue: input.killDateValue,
      kind: input.kind,
      groupId: input.groupId,
      splitBy: adjustment.kind === "split" ? adjustment.by : null,
      splitAt: adjustment.kind === "split" ? adjustment.at : null,
      toDate: adjustment.kind === "move" ? adjustment.toDate : null,
      createdAt: new Date().toISOString(),
      createdBy: ctx.caller.user.email ?? "",
    }).returning();
    await unit.audit({
      entity: "Carcass group",
      entityId: row.id,
      action: input.kind === "split" ? "Group split" : "Group moved",
      reason: input.kind === "split"
        ? `${input.groupId} split by ${adjustment.kind === "split" ? adjustment.by : ""} at ${input.at}`
        : `${input.groupId} moved to ${input.toDate}`,
    });
  });
  return dayGroups(applyAdjustments(groups, [adjustment]), input.speciesId, input.tenantSiteId);
}

/** Forgets the kept groups of the kill days (the next read judges the carcasses again); adjustments stay. */
export async function clearGroupCache(
  ctx: AreaContext,
  q: DayKey & { fromDateValue: string; toDateValue: string },
): Promise<{ cleared: number }> {
  assertDayKey(ctx, q);
  const days = daysOf(q.fromDateValue, q.toDateValue);
  const cleared = await ctx.write((_, unit) => dropKeptDays(unit, { ...q, days }));
  return { cleared };
}

/** Drops the kept groups of the days (any site when tenantSiteId is undefined); how many were dropped. */
export async function dropKeptDays(
  unit: Unit,
  q: { speciesId?: number; tenantSiteId?: number; days: string[] },
): Promise<number> {
  if (!q.days.length) return 0;
  const gone = await unit.tx.delete(planningGroupCache).where(and(
    q.speciesId === undefined ? undefined : eq(planningGroupCache.speciesId, q.speciesId),
    q.tenantSiteId === undefined ? undefined : eq(planningGroupCache.tenantSiteId, q.tenantSiteId),
    inArray(planningGroupCache.killDateValue, q.days),
  )).returning({ id: planningGroupCache.id });
  return gone.length;
}

/**
 * Drops the kept groups of a species (or of every species) from a day on (or of every day): after an
 * order's production day or a carcass type's rules change, the carcasses are judged again on the next read.
 */
export async function dropKeptFrom(unit: Unit, q: { speciesId?: number; fromDay?: string }): Promise<number> {
  const gone = await unit.tx.delete(planningGroupCache).where(and(
    q.speciesId === undefined ? undefined : eq(planningGroupCache.speciesId, q.speciesId),
    q.fromDay === undefined ? undefined : gte(planningGroupCache.killDateValue, q.fromDay),
  )).returning({ id: planningGroupCache.id });
  return gone.length;
}
