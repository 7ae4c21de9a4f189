/**
 * Problems users report from any page (spec 1 §7 ReportBug): kept in the organisation's database with
 * who, where, what and which browser; its support staff (support, test and super roles) read them,
 * open ones first, and mark them handled.
 */
import type { z } from "@hono/zod-openapi";
import { asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { problemReports } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { ApiError } from "../../http/errors.ts";
import { displayName } from "../audit.ts";
import { deviceName } from "../../auth/device.ts";
import type { ProblemReport, ReportProblemBody } from "./schemas.ts";

/** The most reports a list shows of each kind (open, handled). */
export const PROBLEM_LIST_LIMIT = 200;

type Row = typeof problemReports.$inferSelect;
/** A stored report as the API shows it (the super user's support desk shows the same). */
export const problemReportView = (r: Row): z.output<typeof ProblemReport> => ({
  id: r.id,
  userName: r.userName,
  page: r.page,
  message: r.message,
  device: deviceName(r.userAgent),
  createdAt: r.createdAt,
  handledAt: r.handledAt,
  handledBy: r.handledBy,
});

export class SupportService {
  constructor(private readonly ctx: AreaContext) {}

  async report(input: z.output<typeof ReportProblemBody>, userAgent: string) {
    const [row] = await this.ctx.db.insert(problemReports).values({
      userId: this.ctx.caller.user.id,
      userName: displayName(this.ctx.caller),
      page: input.page,
      message: input.message,
      userAgent: userAgent.slice(0, 300),
      createdAt: new Date().toISOString(),
    }).returning();
    return problemReportView(row);
  }

  /** Open reports, oldest first; with `all`, the handled ones too (newest first). */
  async list(all = false) {
    const db = this.ctx.db;
    const open = await db.select().from(problemReports).where(isNull(problemReports.handledAt))
      .orderBy(asc(problemReports.createdAt)).limit(PROBLEM_LIST_LIMIT);
    const handled = all
      ? await db.select().from(problemReports).where(isNotNull(problemReports.handledAt))
        .orderBy(desc(problemReports.handledAt)).limit(PROBLEM_LIST_LIMIT)
      : [];
    return [...open, ...handled].map(problemReportView);
  }

  async markHandled(id: number) {
    const [row] = await this.ctx.db.select().from(problemReports).where(eq(problemReports.id, id));
    if (!row) throw ApiError.notFound("That report does not exist.");
    if (row.handledAt) throw ApiError.conflict(`${row.handledBy ?? "Someone"} has already handled it.`);
    const [done] = await this.ctx.db.update(problemReports)
      .set({ handledAt: new Date().toISOString(), handledBy: displayName(this.ctx.caller) })
      .where(eq(problemReports.id, id)).returning();
    return problemReportView(done);
  }
}
