/**
 * The Testing screen's connection checks (spec 2 §2.3 testing): the services the app runs on, each with a
 * short timeout, side by side; a check that fails or hangs is a result, never an error. Every run is in
 * the super audit, which also answers each check's last result.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { superAudit, tenants } from "../../../../../db/control/schema.ts";
import type { TenantRow } from "../../../../auth/userModel.ts";
import { mailServerAddress } from "../../../../mail/mailer.ts";
import { gatewayAddress } from "../../../../mail/sms.ts";
import { withTimeout } from "../../../../timeout.ts";
import type { AreaContext } from "../../../context.ts";
import { displayName } from "../../../audit.ts";
import { SILENT_AFTER_MS } from "../../../killFloor/rules.ts";
import { pingInterchange } from "../../../killFloor/queries.ts";
import { recordSuperAction } from "../../writes.ts";
import { findTenant, type TenantContext, tenantContext } from "../../tenantContext.ts";
import {
  CHECK_KEYS,
  CHECK_TIMEOUT_MS,
  type CheckKey,
  type CheckResult,
  CHECKS,
  type CheckStatus,
  type LastResult,
  latestResults,
  needsTenant,
  plainFailure,
} from "../rules.ts";

/** Where the file storage check writes its probe: a prefix no area uses, so a probe never meets a file. */
export const PROBE_PREFIX = "connection-checks/";
const RUN_ACTION = "RunConnectionChecks";
/** how many recent runs are read back for the screen's "last result" column */
const RUNS_READ = 20;

type Named = { id: number; name: string };
type Outcome = { status: CheckStatus; result: string };
const ok = (result: string): Outcome => ({ status: "ok", result });
const notConfigured = (result: string): Outcome => ({ status: "notConfigured", result });

/** What each check reaches as configured (the screen shows it before anything runs). */
export function checkTargets(
  ctx: AreaContext,
  tenant: Named | null,
): { check: CheckKey; label: string; where: string }[] {
  return CHECK_KEYS.map((check) => ({
    check,
    label: CHECKS[check].label,
    where: whereOf(ctx, check, tenant),
  }));
}

/** Runs the checks at once, side by side; a check that fails or hangs is a result, never an error. */
export async function runChecks(ctx: AreaContext, input: { tenantId?: number | null; checks: CheckKey[] }) {
  const tenant = input.tenantId ? await findTenant(ctx, input.tenantId) : null;
  const wanted = CHECK_KEYS.filter((k) => input.checks.includes(k));
  const results = await Promise.all(wanted.map((check) => run(ctx, check, tenant)));
  const tenantId = needsTenant(wanted) ? tenant!.id : null;
  await recordSuperAction(ctx, {
    tenantId,
    action: RUN_ACTION,
    detail: { results },
  });
  return { tenantId, results: results.map((r) => ({ ...r, label: CHECKS[r.check].label })) };
}

/** The newest result of each check (the organisation's own checks: on that organisation). */
export async function lastResults(
  ctx: AreaContext,
  tenantId: number | null,
): Promise<Map<CheckKey, LastResult>> {
  const runs = (only?: number) =>
    ctx.app.db.control.select({
      at: superAudit.at,
      userName: superAudit.userName,
      tenantId: superAudit.tenantId,
      detail: superAudit.detail,
    }).from(superAudit)
      .where(and(eq(superAudit.action, RUN_ACTION), only ? eq(superAudit.tenantId, only) : undefined))
      .orderBy(desc(superAudit.id)).limit(RUNS_READ);
  const [any, own] = await Promise.all([runs(), tenantId ? runs(tenantId) : []]);
  const fromAny = latestResults(any, tenantId);
  const fromOwn = latestResults(own, tenantId);
  const last = new Map<CheckKey, LastResult>();
  for (const check of CHECK_KEYS) {
    const result = CHECKS[check].tenant ? fromOwn.get(check) ?? fromAny.get(check) : fromAny.get(check);
    if (result) last.set(check, result);
  }
  return last;
}

async function run(ctx: AreaContext, check: CheckKey, tenant: TenantRow | null): Promise<CheckResult> {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = await withTimeout(probe(ctx, check, tenant), CHECK_TIMEOUT_MS);
  } catch (error) {
    outcome = { status: "failed", result: sentence(plainFailure(error)) };
  }
  const durationMs = Math.round(performance.now() - started);
  return { check, ...outcome, durationMs, at: new Date().toISOString() };
}

async function probe(ctx: AreaContext, check: CheckKey, tenant: TenantRow | null): Promise<Outcome> {
  const { db, mail, sms, push } = ctx.app;
  switch (check) {
    case "controlDatabase": {
      const [{ n }] = await db.control.select({ n: count() }).from(tenants);
      return ok(`It answered a read: ${n} organisation${n === 1 ? "" : "s"}.`);
    }
    case "tenantDatabase": {
      const tenantDb = await db.tenantDb(tenant!.id);
      const [{ n }] = await tenantDb.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'`,
      );
      return ok(`It answered a read: ${n} tables.`);
    }
    case "mailServer":
      return (await mail.check(CHECK_TIMEOUT_MS))
        ? ok("It answered and greeted back; nothing was sent.")
        : notConfigured("No mail server is configured (SMTP_URL): mail goes to the Outbox.");
    case "smsGateway":
      return (await sms.check(CHECK_TIMEOUT_MS))
        ? ok("It answered; nothing was sent.")
        : notConfigured("No SMS gateway is configured (SMS_URL): texts go to the Outbox.");
    case "fileStorage":
      await storageRoundTrip(ctx);
      return ok("A probe file was written, read back and removed.");
    case "pushBus":
      return (await push.bus.probe(CHECK_TIMEOUT_MS))
        ? ok("A message went out through Redis and came back.")
        : notConfigured(
          "No Redis is configured (PUSH_REDIS_URL): events reach this server's own connections, " +
            "which is right for a single server.",
        );
    case "interchange":
      return interchange(await tenantContext(ctx, tenant!.id));
  }
}

async function interchange(ctx: TenantContext): Promise<Outcome> {
  if (ctx.tenant.category !== "processor") {
    return notConfigured(`${ctx.tenant.name} is a producer: it has no plant interchange.`);
  }
  const ping = await pingInterchange(ctx);
  if (ping.isAvailable) return ok(ping.message);
  const minutes = SILENT_AFTER_MS / 60_000;
  return {
    status: "failed",
    result:
      `${ping.message} No client with interchange on has sent a heartbeat in the last ${minutes} minutes.`,
  };
}

/** Writes, reads back and removes a small file under PROBE_PREFIX; any step that fails throws. */
async function storageRoundTrip(ctx: AreaContext) {
  const store = ctx.app.storage;
  const key = `${PROBE_PREFIX}${crypto.randomUUID()}.txt`;
  const text = `Connection check by ${displayName(ctx.caller)} at ${new Date().toISOString()}`;
  await store.put(key, new Blob([text]).stream(), { contentType: "text/plain", maxBytes: 1024 });
  let readProblem: unknown = null;
  try {
    const blob = await store.get(key);
    if (!blob) throw new Error("the probe file was not there when read back");
    if (await new Response(blob.body).text() !== text) throw new Error("the probe file came back changed");
  } catch (error) {
    readProblem = error;
  }
  const removed = await store.delete(key);
  if (readProblem) throw readProblem;
  if (!removed) throw new Error("the probe file was gone before it could be removed");
}

function whereOf(ctx: AreaContext, check: CheckKey, tenant: Named | null): string {
  const { config, storage } = ctx.app;
  switch (check) {
    case "controlDatabase":
      return config.DATABASE_URL
        ? `libSQL server ${hostOf(config.DATABASE_URL)}`
        : `control.db in ${config.DATA_DIR}`;
    case "tenantDatabase": {
      const id = tenant ? String(tenant.id) : "{tenant}";
      return config.TENANT_DATABASE_URL_TEMPLATE
        ? `libSQL server ${hostOf(config.TENANT_DATABASE_URL_TEMPLATE.replaceAll("{tenant}", id))}`
        : `tenants/${id}.db in ${config.DATA_DIR}`;
    }
    case "mailServer":
      return config.SMTP_URL ? mailServerAddress(config.SMTP_URL) : "None: the Outbox";
    case "smsGateway":
      return config.SMS_URL ? gatewayAddress(config.SMS_URL) : "None: the Outbox";
    case "fileStorage":
      return storage.description;
    case "pushBus":
      return config.PUSH_REDIS_URL ? `Redis ${hostOf(config.PUSH_REDIS_URL)}` : "This server only";
    case "interchange":
      return tenant ? `${tenant.name}'s interchange clients` : "Choose an organisation";
  }
}

/** "nothing is listening there" → "Nothing is listening there." */
function sentence(text: string): string {
  const s = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** The host (and port) of a URL, never its user, password or path. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url.split(":")[0];
  } catch {
    return "(not a valid URL)";
  }
}
