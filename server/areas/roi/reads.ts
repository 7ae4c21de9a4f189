/**
 * What the ROI area lets other areas (and its own sub-areas: the layout designer, the analysis menu) read.
 * The shapes are reports/roi/model.ts.
 *
 * - getDefinition(ctx, id): the saved report definition (404 in words when there is none).
 * - reportResult(ctx, id): its grid (RoiGrid): one row per line (a grouped line a row per group), values
 *   per column (data, budget, total), variances per budget column, credit and debit totals and the
 *   bottom line. Cached per report version and the tenant's facts (results.ts).
 * - listDefinitions(ctx): every report's definition, newest change first.
 * - favouriteReportIds(ctx): the caller's favourite ROI reports.
 * The one write another part may need: setLayoutSaved (writes.ts).
 */
import { desc, eq } from "drizzle-orm";
import { roiFavourites, roiReports } from "../../../db/tenant/schema.ts";
import type { ReportDefinition, RoiGrid } from "../../../reports/roi/model.ts";
import type { AreaContext } from "../context.ts";
import { findReport, toDefinition } from "./definitions/store.ts";
import { gridOf } from "./results.ts";

export async function getDefinition(ctx: AreaContext, id: number): Promise<ReportDefinition> {
  return toDefinition(await findReport(ctx.db, id));
}

export async function reportResult(ctx: AreaContext, id: number): Promise<RoiGrid> {
  return gridOf(ctx, await getDefinition(ctx, id));
}

export async function listDefinitions(ctx: AreaContext): Promise<ReportDefinition[]> {
  const rows = await ctx.db.select().from(roiReports).orderBy(desc(roiReports.lastModified));
  return rows.map(toDefinition);
}

export async function favouriteReportIds(ctx: AreaContext): Promise<number[]> {
  const rows = await ctx.db.select({ id: roiFavourites.reportId }).from(roiFavourites)
    .where(eq(roiFavourites.userId, ctx.caller.user.id));
  return rows.map((r) => r.id);
}
