/**
 * With the organisation's "Email remittances when published" setting on, each published invoice's
 * remittance goes to its supplier (operations/emailRemittance.ts) by itself. The publish writes a queued
 * row in its own transaction (db/tenant/invoices.ts remittanceMailings), so a restart between the publish
 * and the send loses none; the publishing instance sends it at once after the commit, in the background
 * (a publish never waits for the mail server nor fails with it), and every instance sweeps each tenant's
 * queue every minute and at start. A row is claimed before it is sent, so two instances never send it
 * twice; a mail server that does not take it is tried again later (RETRY_AFTER_MINUTES), then given up,
 * each attempt recorded on the invoice as a manual send is. A remittance refused in words (the supplier
 * has no address, the invoice is no longer published) leaves the queue: the editor says why and offers
 * the button.
 */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { remittanceMailings } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import { isTenantSettingEnabled } from "../../access/mod.ts";
import { tenantIdsOf } from "../../auth/userModel.ts";
import { serverNow } from "../../clock.ts";
import type { AppServices } from "../../env.ts";
import { ApiError } from "../../http/errors.ts";
import { log } from "../../ops/log.ts";
import { type AreaContext, areaContext, type TenantTx } from "../context.ts";
import type { BackgroundWork } from "../area.ts";
import { emailRemittance } from "./operations/emailRemittance.ts";
import { MAX_TRIES, RETRY_AFTER_MINUTES } from "./queries/remittanceEmails.ts";

/**
 * How long an instance holds a row it is sending: a send cut short by a restart is free again after it.
 * Longer than the mail sender can take over one send (nodemailer: 2 min to connect, 10 min of a silent
 * socket), so a slow mail server never lets a second instance send the same remittance again.
 */
const CLAIM_MS = 15 * 60_000;
/** Rows sent per tenant per sweep: a large publish goes out over a few minutes, not in one burst. */
const BATCH = 50;

/** Queues the published invoices' remittances, in the publish's unit, when the organisation asks for it. */
export async function queueRemittanceMails(ctx: AreaContext, tx: TenantTx, invoiceIds: number[]) {
  if (!invoiceIds.length || !isTenantSettingEnabled(ctx.caller.subject, "emailRemittancesOnPublish")) {
    return false;
  }
  const now = serverNow().toISOString();
  await tx.insert(remittanceMailings).values(invoiceIds.map((invoiceId) => ({
    invoiceId,
    requestedBy: ctx.caller.user.id,
    nextAttemptAt: now,
    createdAt: now,
  }))).onConflictDoNothing();
  return true;
}

/** One send at a time on this instance: a publish's kick and the minute's sweep never overlap. */
let queue: Promise<unknown> = Promise.resolve();
const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
  const turn = queue.then(work);
  queue = turn.catch(() => undefined);
  return turn;
};

/** After a publish's commit: its tenant's due remittances are sent now, in the background. */
export function sendQueuedSoon(app: AppServices, tenantId: number): void {
  void inTurn(() => sendDueRemittances(app, tenantId)).catch((error) =>
    log("error", "remittanceMail.failed", { tenantId, reason: String(error?.message ?? error) })
  );
}

/** Sends a tenant's due remittances (at most BATCH); answers how many were tried. */
export async function sendDueRemittances(app: AppServices, tenantId: number): Promise<number> {
  const db = await app.db.tenantDb(tenantId);
  const now = serverNow();
  const due = await db.select().from(remittanceMailings)
    .where(and(lte(remittanceMailings.nextAttemptAt, now.toISOString()), free(now)))
    .orderBy(asc(remittanceMailings.nextAttemptAt), asc(remittanceMailings.id)).limit(BATCH);
  let tried = 0;
  for (const mailing of due) {
    const [claimed] = await db.update(remittanceMailings)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where(and(eq(remittanceMailings.id, mailing.id), free(now)))
      .returning({ id: remittanceMailings.id });
    if (!claimed) continue; // another instance has it
    await sendOne(app, tenantId, db, mailing, now);
    tried++;
  }
  return tried;
}

/** Not held by an instance (or held by one that stopped before it was done). */
function free(now: Date) {
  return or(isNull(remittanceMailings.claimedUntil), lte(remittanceMailings.claimedUntil, now.toISOString()));
}

type Mailing = typeof remittanceMailings.$inferSelect;

async function sendOne(app: AppServices, tenantId: number, db: TenantDb, mailing: Mailing, now: Date) {
  const caller = await app.callers.ofUser(mailing.requestedBy, tenantId, "remittance-mail");
  if (!caller) {
    // the publisher can no longer act here: the editor still offers the button to whoever can
    log("warn", "remittanceMail.noCaller", { tenantId, invoiceId: mailing.invoiceId });
    return await db.delete(remittanceMailings).where(eq(remittanceMailings.id, mailing.id));
  }
  const ctx = await areaContext(app, caller);
  try {
    // a sent mail takes its row off the queue in the same unit as its audit row (emailRemittance.ts)
    await emailRemittance(ctx, { id: mailing.invoiceId });
  } catch (error) {
    const attempts = mailing.attempts + 1;
    const again = error instanceof ApiError && error.status === 503 && attempts < MAX_TRIES;
    // unpublished meanwhile: there is nothing to send, nor anyone to tell
    const unwanted = error instanceof ApiError && error.status === 409;
    if (!again) return await giveUp(ctx, mailing, !unwanted);
    await ctx.write(async (tx) => {
      await tx.update(remittanceMailings).set({
        attempts,
        nextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MINUTES[attempts - 1] * 60_000).toISOString(),
        claimedUntil: null,
        lastError: error.message,
      }).where(eq(remittanceMailings.id, mailing.id));
    });
  }
}

/** Every tenant's due remittances (the sweep every instance runs each minute and at start). */
export async function sendAllDueRemittances(app: AppServices): Promise<void> {
  for (const tenantId of await tenantIdsOf(app.db.control)) {
    await inTurn(() => sendDueRemittances(app, tenantId)).catch((error) =>
      log("error", "remittanceMail.failed", { tenantId, reason: String(error?.message ?? error) })
    );
  }
}

/** The area's background work (Area.background). */
export const remittanceMailSweep: BackgroundWork = {
  name: "remittance emails",
  everyMs: 60_000,
  run: sendAllDueRemittances,
};

/**
 * Off the queue unsent: the mail server would not take it after the last try, refused the address, or the
 * supplier has none; the invoicing users are told (notifications react to remittanceNotEmailed).
 */
function giveUp(ctx: AreaContext, mailing: Mailing, tell: boolean) {
  return ctx.write(async (tx, unit) => {
    await tx.delete(remittanceMailings).where(eq(remittanceMailings.id, mailing.id));
    if (tell) unit.announce("remittanceNotEmailed", { invoiceIds: [mailing.invoiceId] });
  });
}
