/**
 * The platform's support desk (super only): the problems users of every organisation reported (each
 * organisation keeps its own in its database), one list, open ones first and newest first, a page at a
 * time; marking one handled is the support area's own markHandled working in that organisation. And
 * the support files (manuals, videos, release documents) the help content links to, from the blob store.
 */
import { asc, count, desc, isNull, sql } from "drizzle-orm";
import { tenants } from "../../../../db/control/schema.ts";
import { problemReports } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { markHandled, problemReportView } from "../../support/operations.ts";
import { recordSuperAction } from "../writes.ts";
import { findTenant, tenantContext } from "../tenantContext.ts";
import { mergeReports, type ReportRow, supportFileOf } from "./rules.ts";
import { type AllProblemReportsQuery, REPORT_PAGE_SIZE, type TenantProblemReport } from "./schemas.ts";

/** The most support files the screen lists (the store's listing says when there are more). */
export const SUPPORT_FILE_LIMIT = 500;
const SUPPORT_PREFIX = "support/";

/**
 * Reports of one or every organisation, open ones first, then newest first. Each organisation's
 * database answers its first `startIndex + pageSize` in that order and its count; the lists are merged
 * and the page cut from them, so the page is exact whichever organisations the rows come from.
 */
export async function allProblemReports(ctx: AreaContext, query: AllProblemReportsQuery) {
  const offset = query.startIndex ?? 0;
  const limit = query.pageSize ?? REPORT_PAGE_SIZE.default;
  const all = query.all === "true";
  const orgs = query.tenantId
    ? [await findTenant(ctx, query.tenantId)]
    : await ctx.app.db.control.select().from(tenants).orderBy(asc(tenants.name));
  const perTenant = await Promise.all(orgs.map(async (org) => {
    const db = await ctx.app.db.tenantDb(org.id);
    const where = all ? undefined : isNull(problemReports.handledAt);
    const [rows, [{ n }], [{ open }]] = await Promise.all([
      db.select().from(problemReports).where(where)
        .orderBy(sql`${problemReports.handledAt} IS NOT NULL`, desc(problemReports.createdAt))
        .limit(offset + limit),
      db.select({ n: count() }).from(problemReports).where(where),
      db.select({ open: count() }).from(problemReports).where(isNull(problemReports.handledAt)),
    ]);
    const reports: ReportRow<TenantProblemReport>[] = rows.map((r) => ({
      tenantId: org.id,
      tenantName: org.name,
      ...problemReportView(r),
    }));
    return { reports, total: n, open };
  }));
  return {
    rows: mergeReports(perTenant.map((t) => t.reports)).slice(offset, offset + limit),
    total: perTenant.reduce((sum, t) => sum + t.total, 0),
    open: perTenant.reduce((sum, t) => sum + t.open, 0),
  };
}

/** Marks one organisation's report handled, by that organisation's own support rules; audited. */
export async function markReportHandled(
  ctx: AreaContext,
  input: { tenantId: number; id: number },
): Promise<TenantProblemReport> {
  const there = await tenantContext(ctx, input.tenantId);
  const done = await markHandled(there, input.id);
  await recordSuperAction(ctx, {
    tenantId: input.tenantId,
    action: "MarkProblemReportHandled",
    detail: { reportId: input.id, page: done.page },
  });
  return { ...done, tenantId: there.tenant.id, tenantName: there.tenant.name };
}

/** The support files in the store, by reference, with the link a help-content author pastes. */
export async function supportFiles(ctx: AreaContext) {
  const { items, truncated } = await ctx.app.storage.list(SUPPORT_PREFIX, SUPPORT_FILE_LIMIT);
  return {
    truncated,
    items: items.map((i) => supportFileOf(i.key, i.size, i.lastModified.toISOString())),
  };
}
