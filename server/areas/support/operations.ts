/**
 * Problems users report from any page (spec 1 §7 ReportBug): kept in the organisation's database with
 * who, where, what and which browser; its support staff (support, test and super roles) read them,
 * open ones first, and mark them handled (the super user's support desk marks them through
 * `markHandled` in that organisation's context).
 */
import { asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { problemReports } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import type { In } from "../areaApi.ts";
import { ApiError } from "../../http/errors.ts";
import { displayName } from "../audit.ts";
import { deviceName } from "../../auth/device.ts";
import type { ProblemReport, ReportProblemBody } from "./schemas.ts";

/** The most reports a list shows of each kind (open, handled). */
export const PROBLEM_LIST_LIMIT = 200;

type Row = typeof problemReports.$inferSelect;
/** A stored report as the API shows it (the super user's support desk shows the same). */
export const problemReportView = (r: Row): In<typeof ProblemReport> => ({
  id: r.id,
  userName: r.userName,
  page: r.page,
  message: r.message,
  device: deviceName(r.userAgent),
  createdAt: r.createdAt,
  handledAt: r.handledAt,
  handledBy: r.handledBy,
});

/** Keeps a problem the caller met, with their browser (`userAgent`, cut to 300 characters). */
export async function reportProblem(
  ctx: AreaContext,
  input: In<typeof ReportProblemBody>,
  userAgent: string,
) {
  const [row] = await ctx.write((tx) =>
    tx.insert(problemReports).values({
      userId: ctx.caller.user.id,
      userName: displayName(ctx.caller),
      page: input.page,
      message: input.message,
      userAgent: userAgent.slice(0, 300),
      createdAt: new Date().toISOString(),
    }).returning()
  );
  return problemReportView(row);
}

/** Open reports, oldest first; with `all`, the handled ones too (newest first). */
export async function listProblems(ctx: AreaContext, all = false) {
  const open = await ctx.db.select().from(problemReports).where(isNull(problemReports.handledAt))
    .orderBy(asc(problemReports.createdAt)).limit(PROBLEM_LIST_LIMIT);
  const handled = all
    ? await ctx.db.select().from(problemReports).where(isNotNull(problemReports.handledAt))
      .orderBy(desc(problemReports.handledAt)).limit(PROBLEM_LIST_LIMIT)
    : [];
  return [...open, ...handled].map(problemReportView);
}

/** Marks a report handled by the caller: 404 when there is none, 409 when someone already did. */
export async function markHandled(ctx: AreaContext, id: number) {
  const done = await ctx.write(async (tx) => {
    const [row] = await tx.select().from(problemReports).where(eq(problemReports.id, id));
    if (!row) throw ApiError.notFound("That report does not exist.");
    if (row.handledAt) throw ApiError.conflict(`${row.handledBy ?? "Someone"} has already handled it.`);
    const [handled] = await tx.update(problemReports)
      .set({ handledAt: new Date().toISOString(), handledBy: displayName(ctx.caller) })
      .where(eq(problemReports.id, id)).returning();
    return handled;
  });
  return problemReportView(done);
}
