/**
 * Kill volume targets (spec 1 §3, spec 2 §2.2 "Livestock targets", §7.3): how many head a plant means to
 * kill per week for a species, over a period, on chosen weekdays; and the next-60-days comparison of
 * ordered head with those targets (spec 1 §9).
 *
 * Reading needs the user role and the livestockSettings, livestock or buy module; changing needs
 * livestockSettings (the route rules decide, before an operation runs). Species and sites are the
 * caller's (`ctx.scope`). Each write is one unit of work (`ctx.write`: the transaction, its audit row,
 * and killVolumeTargetUpdated announced after the commit); it refuses a stale lastModified (409) and a
 * period overlapping another target of the same species and scope (400).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql, sum } from "drizzle-orm";
import { ApiError } from "../../../http/errors.ts";
import { killVolumeTargets, livestockOrders } from "../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../../context.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays } from "../../../../kernel/dates.ts";
import {
  findOverlap,
  NEXT_DAYS,
  ordersVersusTargets,
  selectedDayCount,
  targetProblems,
  targetTiming,
  typicalDailyTarget,
} from "./rules.ts";
import type {
  DeleteKillVolumeTargetBody,
  KillVolumeTarget,
  OrdersVersusTargets,
  UpsertKillVolumeTargetBody,
} from "./schemas.ts";
import { saveRow } from "../../savedRow.ts";

type TargetRow = typeof killVolumeTargets.$inferSelect;

/** The audit entity of a target's changes. */
export const TARGET_ENTITY = "killVolumeTarget";

export const ALL_SITES = "All sites";

// ---------- reads ----------

/** The caller's species' targets, by species, newest period first. */
export async function listTargets(ctx: AreaContext, speciesId?: number): Promise<KillVolumeTarget[]> {
  const ids = ctx.scope.speciesIds.filter((s) => speciesId === undefined || s === speciesId);
  if (!ids.length) return [];
  const rows = await ctx.db.select().from(killVolumeTargets)
    .where(inArray(killVolumeTargets.speciesId, ids))
    .orderBy(asc(killVolumeTargets.speciesId), desc(killVolumeTargets.startDate), asc(killVolumeTargets.id));
  return rows.map((r) => toDto(ctx, r));
}

export async function getTarget(ctx: AreaContext, id: number): Promise<KillVolumeTarget> {
  return toDto(ctx, await findTarget(ctx, ctx.db, id));
}

/**
 * Ordered head against target per day and species (GetOrdersVersusTargets): from `fromDate` (default
 * today) for `days` days (default 60: today plus 59).
 */
export async function ordersAgainstTargets(
  ctx: AreaContext,
  query: { fromDate?: string; days?: number; speciesId?: number; tenantSiteId?: number } = {},
): Promise<OrdersVersusTargets> {
  const fromDate = query.fromDate ?? ctx.today;
  const days = query.days ?? NEXT_DAYS;
  const toDate = addDays(fromDate, days - 1);
  const site = query.tenantSiteId ?? null;
  if (site !== null) checkSite(ctx, site);
  const species = ctx.scope.species.filter((s) => query.speciesId === undefined || s.id === query.speciesId);
  if (query.speciesId !== undefined && !species.length) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  const ids = species.map((s) => s.id);
  const [targets, orders] = ids.length
    ? await Promise.all([
      targetsBetween(ctx, ids, fromDate, toDate),
      orderVolumes(ctx, ids, fromDate, toDate, site),
    ])
    : [[], []];
  return {
    fromDate,
    toDate,
    days,
    tenantSiteId: site,
    series: ordersVersusTargets({ fromDate, days, species, targets, orders, tenantSiteId: site }),
  };
}

// ---------- writes ----------

/** Adds (no id) or edits a target. */
export async function saveTarget(
  ctx: AreaContext,
  body: UpsertKillVolumeTargetBody,
): Promise<KillVolumeTarget> {
  if (!ctx.scope.hasSpecies(body.speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
  if (body.tenantSiteId !== null) checkSite(ctx, body.tenantSiteId);
  const values = {
    speciesId: body.speciesId,
    tenantSiteId: body.tenantSiteId,
    // blank: as many days as are ticked (docs/decisions.md)
    daysOperatingPerWeek: body.daysOperatingPerWeek ?? selectedDayCount(body.weekDaysSelected),
    weeklyTarget: body.weeklyTarget,
    startDate: body.startDate,
    endDate: body.endDate,
    weekDaysSelected: body.weekDaysSelected,
  };
  const problems = targetProblems(values);
  if (problems.length) throw ApiError.validation(problems);

  const row = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findTarget(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "kill volume target");
    await refuseOverlap(ctx, tx, { ...values, id: body.id });
    const saved = await saveRow(unit, killVolumeTargets, { entity: TARGET_ENTITY, current, values });
    unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: saved.id });
    return saved;
  });
  return toDto(ctx, row);
}

/**
 * Removes a target entered by mistake (the audit trail keeps its last values). To stop a target from a
 * date, give it an end date instead: the past then keeps its target.
 */
export async function deleteTarget(
  ctx: AreaContext,
  body: DeleteKillVolumeTargetBody,
): Promise<{ killVolumeTargetId: number }> {
  await ctx.write(async (tx, unit) => {
    const current = await findTarget(ctx, tx, body.killVolumeTargetId);
    assertUnchanged(current, body.lastModified, "kill volume target");
    await tx.delete(killVolumeTargets).where(eq(killVolumeTargets.id, current.id));
    const { id: _, createdAt: __, lastModified: ___, ...before } = current;
    await unit.audit({ entity: TARGET_ENTITY, entityId: current.id, action: "delete", before });
    // the catalogue has one event for targets: clients re-read and find it gone
    unit.announce("killVolumeTargetUpdated", { killVolumeTargetId: current.id });
  });
  return { killVolumeTargetId: body.killVolumeTargetId };
}

// ---------- helpers ----------

function checkSite(ctx: AreaContext, siteId: number) {
  if (!ctx.scope.hasSite(siteId)) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites" }]);
  }
}

/** A target of one of the caller's species, or 404. */
async function findTarget(
  ctx: AreaContext,
  db: TenantTx | AreaContext["db"],
  id: number,
): Promise<TargetRow> {
  const [row] = await db.select().from(killVolumeTargets).where(eq(killVolumeTargets.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That kill volume target");
  return row;
}

async function refuseOverlap(ctx: AreaContext, tx: TenantTx, candidate: Parameters<typeof findOverlap>[0]) {
  const sameScope = await tx.select().from(killVolumeTargets).where(and(
    eq(killVolumeTargets.speciesId, candidate.speciesId),
    candidate.tenantSiteId === null
      ? isNull(killVolumeTargets.tenantSiteId)
      : eq(killVolumeTargets.tenantSiteId, candidate.tenantSiteId),
    candidate.id ? ne(killVolumeTargets.id, candidate.id) : undefined,
  ));
  const clash = findOverlap(candidate, sameScope);
  if (!clash) return;
  const period = clash.endDate ? `${clash.startDate} to ${clash.endDate}` : `${clash.startDate} onwards`;
  throw ApiError.validation([{
    field: "startDate",
    message: `Overlaps target #${clash.id} (${period}, ${clash.weeklyTarget} head a week) for ${
      candidate.tenantSiteId === null ? "the whole plant" : siteName(ctx, candidate.tenantSiteId)
    }: end that one first or choose other dates`,
  }]);
}

function targetsBetween(
  ctx: AreaContext,
  speciesIds: number[],
  from: string,
  to: string,
): Promise<TargetRow[]> {
  return ctx.db.select().from(killVolumeTargets).where(and(
    inArray(killVolumeTargets.speciesId, speciesIds),
    lte(killVolumeTargets.startDate, to),
    or(isNull(killVolumeTargets.endDate), gte(killVolumeTargets.endDate, from)),
  ));
}

/** Non-cancelled ordered head by kill day, species, site and status, summed in the database. */
function orderVolumes(ctx: AreaContext, speciesIds: number[], from: string, to: string, site: number | null) {
  const o = livestockOrders;
  const killDay: SQL<string> = sql`coalesce(${o.productionDate}, ${o.deliveryDate})`;
  return ctx.db.select({
    speciesId: o.speciesId,
    tenantSiteId: o.tenantSiteId,
    productionDate: o.productionDate,
    deliveryDate: o.deliveryDate,
    orderStatus: o.orderStatus,
    quantityOrdered: sum(o.quantityOrdered).mapWith(Number),
  }).from(o).where(and(
    inArray(o.speciesId, speciesIds),
    ne(o.orderStatus, ORDER_STATUS.Cancelled),
    gte(killDay, from),
    lte(killDay, to),
    site === null ? undefined : eq(o.tenantSiteId, site),
  )).groupBy(o.speciesId, o.tenantSiteId, o.productionDate, o.deliveryDate, o.orderStatus);
}

function siteName(ctx: AreaContext, siteId: number | null): string {
  return siteId === null ? ALL_SITES : ctx.scope.siteName(siteId);
}

function toDto(ctx: AreaContext, r: TargetRow): KillVolumeTarget {
  return {
    id: r.id,
    speciesId: r.speciesId,
    species: ctx.scope.speciesName(r.speciesId),
    tenantSiteId: r.tenantSiteId,
    tenantSite: siteName(ctx, r.tenantSiteId),
    daysOperatingPerWeek: r.daysOperatingPerWeek,
    weeklyTarget: r.weeklyTarget,
    dailyTarget: typicalDailyTarget(r),
    startDate: r.startDate,
    endDate: r.endDate,
    weekDaysSelected: r.weekDaysSelected,
    timing: targetTiming(r, ctx.today),
    createdAt: r.createdAt,
    lastModified: r.lastModified,
  };
}
