import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { memberships, superAudit, tenants, users } from "../../../../db/control/schema.ts";
import type { AppServices } from "../../../env.ts";
import type { Caller, TenantRow } from "../../../auth/userModel.ts";
import { ApiError } from "../../../http/errors.ts";
import { isPerson } from "../../../auth/apiKeys.ts";
import { mailServerAddress } from "../../../mail/mailer.ts";
import { gatewayAddress } from "../../../mail/sms.ts";
import { withTimeout } from "../../../timeout.ts";
import { formatDateTime } from "../../../../kernel/format.ts";
import { serverNow, zoneOf } from "../../../http/clientClock.ts";
import type { AreaContext } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { InterchangeService } from "../../killFloor/service.ts";
import { SILENT_AFTER_MS } from "../../killFloor/rules.ts";
import { NotificationService } from "../../notifications/service.ts";
import { recordSuperAudit } from "../audit.ts";
import { findTenant, type TenantContext, tenantContext } from "../tenantContext.ts";
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
  SEND_TIMEOUT_MS,
} from "./rules.ts";
import type { TestNotificationBody } from "./schemas.ts";

/** Where the file storage check writes its probe: a prefix no area uses, so a probe never meets a file. */
export const PROBE_PREFIX = "connection-checks/";
const RUN_ACTION = "RunConnectionChecks";
/** how many recent runs are read back for the screen's "last result" column */
const RUNS_READ = 20;

type Named = { id: number; name: string };
type Outcome = { status: CheckStatus; result: string };
const ok = (result: string): Outcome => ({ status: "ok", result });
const notConfigured = (result: string): Outcome => ({ status: "notConfigured", result });

/**
 * The super user's Testing screen (spec 2 §2.3 testing, §7.6 "ping interchange"): connection checks of the
 * services the app runs on, each with a short timeout, and test sends of an email, a text and a
 * notification. Every run and every send is audited. Super only.
 */
export class SuperTestingService {
  private readonly app: AppServices;
  private readonly caller: Caller;

  constructor(private readonly ctx: AreaContext) {
    this.app = ctx.app;
    this.caller = ctx.caller;
  }

  /** What each check reaches as configured (the screen shows it before anything runs). */
  targets(tenant: Named | null): { check: CheckKey; label: string; where: string }[] {
    return CHECK_KEYS.map((check) => ({
      check,
      label: CHECKS[check].label,
      where: this.#where(check, tenant),
    }));
  }

  /** Runs the checks at once, side by side; a check that fails or hangs is a result, never an error. */
  async runChecks(input: { tenantId?: number | null; checks: CheckKey[] }) {
    const tenant = input.tenantId ? await findTenant(this.ctx, input.tenantId) : null;
    const wanted = CHECK_KEYS.filter((k) => input.checks.includes(k));
    const results = await Promise.all(wanted.map((check) => this.#run(check, tenant)));
    const tenantId = needsTenant(wanted) ? tenant!.id : null;
    await recordSuperAudit(this.app.db.control, this.caller, {
      tenantId,
      action: RUN_ACTION,
      detail: { results },
    });
    return { tenantId, results: results.map((r) => ({ ...r, label: CHECKS[r.check].label })) };
  }

  /** The newest result of each check (the organisation's own checks: on that organisation). */
  async lastResults(tenantId: number | null): Promise<Map<CheckKey, LastResult>> {
    const runs = (only?: number) =>
      this.app.db.control.select({
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

  /** The spec's "ping interchange" for any processor: the answer its own Interchange screen gets. */
  async pingInterchange(tenantId: number) {
    const ctx = await tenantContext(this.ctx, tenantId);
    if (ctx.tenant.category !== "processor") {
      throw ApiError.validation([{
        field: "tenantId",
        message: "Only a processor has a plant interchange.",
      }]);
    }
    const ping = await new InterchangeService(ctx).ping();
    await this.#audit(tenantId, "PingInterchange", { isAvailable: ping.isAvailable });
    return { tenantId, ...ping };
  }

  /** A test email through the app's one mailer (the mail server, or the Outbox without one). */
  async sendTestEmail(to: string) {
    const server = this.app.config.SMTP_URL ? mailServerAddress(this.app.config.SMTP_URL) : null;
    await this.#send(
      "SendTestEmail",
      { email: to },
      "Mail not sent",
      "The mail server did not take it",
      () =>
        this.app.mail.send({
          to,
          subject: "Test email from Abattoir Manager",
          text:
            `This is a test email sent by ${displayName(this.caller)} from the super user's Testing page ` +
            `on ${
              formatDateTime(
                serverNow().toISOString(),
                zoneOf(this.caller, undefined, this.app.config.TIME_ZONE),
              )
            }. Nothing needs doing.`,
        }),
    );
    return {
      to,
      via: server ? "mailServer" as const : "outbox" as const,
      result: server
        ? `Sent to ${to} through the mail server at ${server}.`
        : `No mail server is configured: the email to ${to} is in the Outbox.`,
    };
  }

  /** A test text through the app's one SMS sender (the gateway, or the Outbox without one). */
  async sendTestText(to: string) {
    const gateway = this.app.config.SMS_URL ? gatewayAddress(this.app.config.SMS_URL) : null;
    await this.#send(
      "SendTestText",
      { phone: to },
      "Text not sent",
      "The SMS gateway did not take it",
      () =>
        this.app.sms.send({
          to,
          text: `Test text from Abattoir Manager, sent by ${displayName(this.caller)}. Nothing needs doing.`,
        }),
    );
    return {
      to,
      via: gateway ? "smsGateway" as const : "outbox" as const,
      result: gateway
        ? `Sent to ${to} through the SMS gateway at ${gateway}.`
        : `No SMS gateway is configured: the text to ${to} is in the Outbox.`,
    };
  }

  /** A personal notification to one user of an organisation: it shows on their notifications page. */
  async sendTestNotification(input: z.output<typeof TestNotificationBody>) {
    const ctx = await tenantContext(this.ctx, input.tenantId);
    const [member] = await this.app.db.control.select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.tenantId, input.tenantId), eq(memberships.userId, input.userId), isPerson()));
    if (!member) {
      throw ApiError.validation([{ field: "userId", message: `Choose a user of ${ctx.tenant.name}.` }]);
    }
    await new NotificationService(ctx).notify([input.userId], {
      type: "test",
      title: input.title,
      message: input.message,
    });
    await this.#audit(input.tenantId, "SendTestNotification", { userId: input.userId, email: member.email });
    const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
    return {
      to: name,
      via: "notifications" as const,
      result: `${name} has it on their notifications page in ${ctx.tenant.name}.`,
    };
  }

  async #run(check: CheckKey, tenant: TenantRow | null): Promise<CheckResult> {
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await withTimeout(this.#probe(check, tenant), CHECK_TIMEOUT_MS);
    } catch (error) {
      outcome = { status: "failed", result: sentence(plainFailure(error)) };
    }
    const durationMs = Math.round(performance.now() - started);
    return { check, ...outcome, durationMs, at: new Date().toISOString() };
  }

  async #probe(check: CheckKey, tenant: TenantRow | null): Promise<Outcome> {
    const { db, mail, sms, push } = this.app;
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
        await this.#storageRoundTrip();
        return ok("A probe file was written, read back and removed.");
      case "pushBus":
        return (await push.bus.probe(CHECK_TIMEOUT_MS))
          ? ok("A message went out through Redis and came back.")
          : notConfigured(
            "No Redis is configured (PUSH_REDIS_URL): events reach this server's own connections, " +
              "which is right for a single server.",
          );
      case "interchange":
        return this.#interchange(await tenantContext(this.ctx, tenant!.id));
    }
  }

  async #interchange(ctx: TenantContext): Promise<Outcome> {
    if (ctx.tenant.category !== "processor") {
      return notConfigured(`${ctx.tenant.name} is a producer: it has no plant interchange.`);
    }
    const ping = await new InterchangeService(ctx).ping();
    if (ping.isAvailable) return ok(ping.message);
    const minutes = SILENT_AFTER_MS / 60_000;
    return {
      status: "failed",
      result:
        `${ping.message} No client with interchange on has sent a heartbeat in the last ${minutes} minutes.`,
    };
  }

  /** Writes, reads back and removes a small file under PROBE_PREFIX; any step that fails throws. */
  async #storageRoundTrip() {
    const store = this.app.storage;
    const key = `${PROBE_PREFIX}${crypto.randomUUID()}.txt`;
    const text = `Connection check by ${displayName(this.caller)} at ${new Date().toISOString()}`;
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

  #where(check: CheckKey, tenant: Named | null): string {
    const { config, storage } = this.app;
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

  /** Runs a send with a time limit; audited whether it went or not, a failure answered in words (503). */
  async #send(
    action: string,
    detail: Record<string, unknown>,
    title: string,
    refused: string,
    send: () => Promise<void>,
  ) {
    try {
      await withTimeout(send(), SEND_TIMEOUT_MS);
    } catch (error) {
      const why = plainFailure(error, SEND_TIMEOUT_MS);
      await this.#audit(null, action, { ...detail, sent: false, why });
      throw new ApiError(503, `${refused}: ${why}.`, { title });
    }
    await this.#audit(null, action, { ...detail, sent: true });
  }

  #audit(tenantId: number | null, action: string, detail: Record<string, unknown>) {
    return recordSuperAudit(this.app.db.control, this.caller, { tenantId, action, detail });
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
