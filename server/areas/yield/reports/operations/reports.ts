/**
 * Saved yield reports (Yield Summary Reports and Operational Yield Reports): list, read, add or change,
 * delete. A private report is its owner's alone (anybody else gets 404); the owner or an admin may change
 * or delete a shared one. Revenue columns are left out of what a caller without yieldRevenue reads, and
 * kept (not lost) when such a caller saves the report.
 */
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { yieldReports } from "../../../../../db/tenant/schema.ts";
import { isAdminUser } from "../../../../access/roles.ts";
import { ApiError } from "../../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../../context.ts";
import { hasYieldRevenue, resolveFilter } from "../../access.ts";
import { metric } from "../../metrics.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { mayChangeReport, maySeeReport, rangeWords, type ReportKind, reportRange } from "../rules.ts";
import type { YieldFilter } from "../../schemas.ts";
import type { ReportFilters, ReportListItem, UpsertYieldReportBody, YieldReport } from "../schemas.ts";

export const REPORT_ENTITY = "yieldReport";
type Row = typeof yieldReports.$inferSelect;

const isAdmin = (ctx: AreaContext) => isAdminUser(ctx.caller.subject.roleLevel);

/** The columns this caller may see of a report's. */
export function visibleColumns(ctx: AreaContext, columns: readonly number[]): number[] {
  const revenue = hasYieldRevenue(ctx);
  return columns.filter((k) => {
    const m = metric(k);
    return !!m && !m.dimension && (revenue || !m.revenue);
  });
}

export function toListItem(ctx: AreaContext, row: Row): ReportListItem {
  const filters = row.filters as ReportFilters;
  return {
    id: row.id,
    kind: row.kind as ReportKind,
    name: row.name,
    speciesId: row.speciesId,
    species: ctx.scope.speciesName(row.speciesId),
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    lastModified: row.lastModified,
    isShared: row.isShared,
    isDeleteAllowed: mayChangeReport(row.ownerId, ctx.caller.user.id, isAdmin(ctx)),
    columns: visibleColumns(ctx, row.columns),
    range: rangeWords(filters, (d) => formatDate(d)),
  };
}

export function toReport(ctx: AreaContext, row: Row): YieldReport {
  const item = toListItem(ctx, row);
  return {
    ...item,
    groupBy: row.groupBy as YieldReport["groupBy"],
    filters: row.filters as ReportFilters,
    createdAt: row.createdAt,
    isEditAllowed: item.isDeleteAllowed,
  };
}

/** The reports of a kind the caller sees: shared ones of their species and their own, newest first. */
export async function listReports(ctx: AreaContext, kind?: ReportKind): Promise<ReportListItem[]> {
  const rows = await ctx.db.select().from(yieldReports).where(and(
    kind ? eq(yieldReports.kind, kind) : undefined,
    inArray(yieldReports.speciesId, ctx.scope.speciesIds),
    or(eq(yieldReports.isShared, true), eq(yieldReports.ownerId, ctx.caller.user.id)),
  )).orderBy(desc(yieldReports.lastModified)).limit(500);
  return rows.map((r) => toListItem(ctx, r));
}

/** One report the caller may see (404 otherwise: another's private report is not there for them). */
export async function findReport(ctx: AreaContext, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(yieldReports).where(eq(yieldReports.id, id));
  if (!row || !ctx.scope.hasSpecies(row.speciesId) || !maySeeReport(row, ctx.caller.user.id)) {
    throw ApiError.notFound("That report does not exist.");
  }
  return row;
}

export async function getReport(ctx: AreaContext, id: number): Promise<YieldReport> {
  return toReport(ctx, await findReport(ctx, id));
}

/** The filters as saved: a fixed range keeps its dates, a relative one its number of days. */
function filtersOf(body: UpsertYieldReportBody): ReportFilters {
  const fixed = body.rangeKind === "fixed";
  if (fixed && (!body.fromDate || !body.toDate)) {
    throw ApiError.validation([{ field: body.fromDate ? "toDate" : "fromDate", message: "Give both dates" }]);
  }
  if (!fixed && body.relativeDays == null) {
    throw ApiError.validation([{ field: "relativeDays", message: "Give the number of days (0: today)" }]);
  }
  const list = <T>(v: T[] | undefined) => (v?.length ? v : undefined);
  return {
    plantIds: list(body.plantIds),
    boningRoomIds: list(body.boningRoomIds),
    shiftTypes: list(body.shiftTypes),
    bodySegments: list(body.bodySegments),
    primalSegments: list(body.primalSegments),
    cuts: list(body.cuts),
    ...(fixed ? { fromDate: body.fromDate, toDate: body.toDate } : { relativeDays: body.relativeDays }),
  };
}

/** The columns to save: the caller's choice, checked; revenue columns they cannot see are kept. */
function columnsOf(ctx: AreaContext, body: UpsertYieldReportBody, current: Row | null): number[] {
  const revenue = hasYieldRevenue(ctx);
  const problems = body.columns.flatMap((k, i) => {
    const m = metric(k);
    return !m || m.dimension || (m.revenue && !revenue)
      ? [{ field: `columns.${i}`, message: `${k} is not a yield figure you can choose` }]
      : [];
  });
  if (problems.length) throw ApiError.validation(problems);
  const kept = revenue ? [] : (current?.columns ?? []).filter((k) => metric(k)?.revenue);
  return [...new Set([...body.columns, ...kept])];
}

export async function saveReport(ctx: AreaContext, body: UpsertYieldReportBody): Promise<YieldReport> {
  const filters = filtersOf(body);
  // the species is theirs and every plant named is one they see (404 / 403 as the figures would)
  await resolveFilter(ctx, reportFilter(body.speciesId, filters, ctx.today));
  const row = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findReport(ctx, body.id) : null;
    if (current) {
      assertUnchanged(current, body.lastModified, "report");
      if (!mayChangeReport(current.ownerId, ctx.caller.user.id, isAdmin(ctx))) {
        throw ApiError.forbidden("Only the report's owner or an admin may change it.");
      }
      if (current.kind !== body.kind) {
        throw ApiError.validation([{ field: "kind", message: "A report keeps its kind" }]);
      }
    }
    const values = {
      kind: body.kind,
      name: body.name,
      speciesId: body.speciesId,
      filters,
      columns: columnsOf(ctx, body, current),
      groupBy: body.groupBy,
      isShared: body.isShared,
      lastModified: nextModified(current?.lastModified),
    };
    const [saved] = current
      ? await tx.update(yieldReports).set(values).where(eq(yieldReports.id, current.id)).returning()
      : await tx.insert(yieldReports).values({
        ...values,
        ownerId: ctx.caller.user.id,
        ownerName: ownerNameOf(ctx),
        createdAt: values.lastModified,
      }).returning();
    await unit.audit({
      entity: REPORT_ENTITY,
      entityId: saved.id,
      action: current ? "update" : "create",
      ...(current ? { before: current } : {}),
      after: saved,
    });
    return saved;
  });
  return toReport(ctx, row);
}

export async function deleteReport(ctx: AreaContext, body: { id: number; lastModified?: string | null }) {
  await ctx.write(async (_, unit) => {
    const current = await findReport(ctx, body.id);
    if (!mayChangeReport(current.ownerId, ctx.caller.user.id, isAdmin(ctx))) {
      throw ApiError.forbidden("Only the report's owner or an admin may delete it.");
    }
    assertUnchanged(current, body.lastModified, "report");
    await unit.tx.delete(yieldReports).where(eq(yieldReports.id, current.id));
    await unit.audit({ entity: REPORT_ENTITY, entityId: current.id, action: "delete", before: current });
  });
  return { id: body.id };
}

/** A report's saved filters as the engine's filter on `today`. */
export function reportFilter(speciesId: number, filters: ReportFilters, today: string): YieldFilter {
  const range = reportRange(filters, today);
  return {
    speciesId,
    fromDate: range.from,
    toDate: range.to,
    plantIds: filters.plantIds,
    boningRoomIds: filters.boningRoomIds,
    shiftTypes: filters.shiftTypes,
    bodySegments: filters.bodySegments,
    primalSegments: filters.primalSegments,
    cuts: filters.cuts,
  };
}

function ownerNameOf(ctx: AreaContext): string {
  const u = ctx.caller.user;
  return `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim() || u.email;
}
