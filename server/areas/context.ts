/**
 * What every area operation works with: the caller, their tenant's database (reached only here, through
 * `Databases.tenantDb` with the session's tenant), their scope, the unit of work, the push service and
 * the plant's local date. Plus what every write shares: the stale-write check (409). Who may call is
 * decided by the route rules before an operation runs.
 */
import type { Context } from "hono";
import { and, asc, desc, gt, lt, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { NearestDays } from "../http/validation.ts";
import type { AppEnv, AppServices } from "../env.ts";
import type { Caller } from "../auth/userModel.ts";
import { requireCaller } from "../http/auth.ts";
import { addDays, periodProblem, startOfDayIn, todayIn } from "../../kernel/dates.ts";
import { zoneOf } from "../http/clientClock.ts";
import { plantToday } from "../clock.ts";
import { ApiError } from "../http/errors.ts";
import { scopeOf } from "./scope.ts";
import { runUnit } from "./unit.ts";
import type { AreaContext } from "./types.ts";

export type { AreaContext, TenantTx, Unit } from "./types.ts";

/** `today` defaults to the plant's today in the caller's organisation's zone (else TIME_ZONE). */
export async function areaContext(
  app: AppServices,
  caller: Caller,
  today = plantToday(zoneOf(caller, undefined, app.config.TIME_ZONE)),
): Promise<AreaContext> {
  const ctx: AreaContext = {
    app,
    caller,
    tenantId: caller.tenant.id,
    db: await app.db.tenantDb(caller.tenant.id),
    today,
    scope: scopeOf(caller),
    write: (work) => runUnit(ctx, work),
  };
  return ctx;
}

/** The plant's zone for this caller: the organisation's, else the configured TIME_ZONE. */
function plantZone(ctx: AreaContext): string {
  return zoneOf(ctx.caller, undefined, ctx.app.config.TIME_ZONE);
}

/** The plant's calendar day of a stored moment (UTC ISO text): a 5 am Sydney publish is that day, not UTC's. */
export function plantDayOf(ctx: AreaContext, instant: string): string {
  return todayIn(plantZone(ctx), new Date(instant));
}

/** Stored moments (UTC ISO text) that fall on the plant's days `from` to `to`, both included. */
export function momentWithinDays(ctx: AreaContext, column: SQLWrapper, from: string, to: string): SQL {
  const zone = plantZone(ctx);
  return sql`(${column} >= ${startOfDayIn(zone, from)} and ${column} < ${
    startOfDayIn(zone, addDays(to, 1))
  })`;
}

/** The area context of an API request: 401 without a session. */
export function areaContextOf(c: Context<AppEnv>): Promise<AreaContext> {
  return areaContext(c.get("app"), requireCaller(c), c.get("clock").localDate);
}

type PageCaller = { services: AppServices; caller: Caller | null; today: string };

/** The area context of a page request (its route guard has already let the caller in). */
export function pageAreaContext(context: PageCaller): Promise<AreaContext> {
  return areaContext(context.services, context.caller!, context.today);
}

/** 409 when the record changed since the client read it (the client sends back `lastModified`). */
export function assertUnchanged(
  current: { lastModified: string },
  given: string | null | undefined,
  what: string,
) {
  if (given && given !== current.lastModified) {
    throw ApiError.conflict(
      `The ${what} was changed by someone else since you opened it. Reload and try again.`,
    );
  }
}

/** 400 in words when a report's period runs backwards or is longer than a year. */
export function assertPeriod(from: string, to: string) {
  const problem = periodProblem(from, to);
  if (problem) throw ApiError.validation([problem]);
}

/** A fresh `lastModified`, strictly later than the previous one (two saves in one millisecond differ). */
export function nextModified(previous?: string | null): string {
  const now = new Date();
  if (previous && now.toISOString() <= previous) return new Date(Date.parse(previous) + 1).toISOString();
  return now.toISOString();
}

/** A filter: any of the columns contains `text` (case-insensitive; % and _ in it taken literally). */
export function anyContains(columns: SQLWrapper[], text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((col) => sql`${col} LIKE ${pattern} ESCAPE '\\'`))!;
}

/**
 * The nearest days before and after `date` on which `table` has a row matching `where` (`day` is its
 * yyyy-mm-dd column): one row each way in day order, so an index led by the day stops at the first match.
 */
export async function nearestDays(
  ctx: AreaContext,
  table: SQLiteTable,
  day: SQLiteColumn,
  where: SQL | undefined,
  date: string,
): Promise<NearestDays> {
  const first = (side: SQL, order: SQL) =>
    ctx.db.select({ day: sql<string>`${day}` }).from(table).where(and(where, side)).orderBy(order).limit(1);
  const [[before], [after]] = await Promise.all([
    first(lt(day, date), desc(day)),
    first(gt(day, date), asc(day)),
  ]);
  return { before: before?.day ?? null, after: after?.day ?? null };
}
