/** The remittance emails of an invoice, read back from its audit trail (operations/emailRemittance.ts). */
import { eq, inArray } from "drizzle-orm";
import { remittanceMailings } from "../../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import { auditHistory, latestActions } from "../../audit.ts";
import type { AreaContext } from "../../context.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import type { QueuedRemittance, RemittanceEmail, RemittanceState } from "../views.ts";

export const EMAILED = "Remittance emailed";
export const NOT_EMAILED = "Remittance not emailed";

/**
 * Minutes before each retry of a queued remittance the mail server did not take (remittanceMailing.ts):
 * six tries over about 4 h 20 min, then it is given up and the editor offers the button.
 */
export const RETRY_AFTER_MINUTES = [1, 5, 15, 60, 180] as const;
export const MAX_TRIES = RETRY_AFTER_MINUTES.length + 1;

/** The invoice's emails, newest first (from its audit trail). */
export async function remittanceEmailsOf(ctx: AreaContext, invoiceId: number): Promise<RemittanceEmail[]> {
  const history = await auditHistory(ctx.db, INVOICE_ENTITY, invoiceId);
  return history.filter((h) => h.action === EMAILED || h.action === NOT_EMAILED).map((h) => ({
    at: h.at,
    to: String((h.after as { to?: unknown } | null)?.to ?? ""),
    by: h.userName,
    sent: h.action === EMAILED,
    reason: h.reason,
  }));
}

/** The invoice's remittance waiting to be emailed by itself: when it is tried next, after how many tries. */
export async function queuedRemittanceOf(
  ctx: AreaContext,
  invoiceId: number,
): Promise<QueuedRemittance | null> {
  const [row] = await ctx.db.select({
    nextAttemptAt: remittanceMailings.nextAttemptAt,
    attempts: remittanceMailings.attempts,
  }).from(remittanceMailings).where(eq(remittanceMailings.invoiceId, invoiceId));
  return row ? { ...row, maxTries: MAX_TRIES } : null;
}

/**
 * Where each published invoice's remittance email stands, for the lists: waiting to go, else the latest
 * attempt (sent or not) and when; an invoice never emailed has none. Two reads for the whole list.
 */
export async function remittanceStatesOf(db: TenantDb, ids: number[]): Promise<Map<number, RemittanceState>> {
  const states = new Map<number, RemittanceState>();
  for (const [id, last] of await latestActions(db, INVOICE_ENTITY, ids, [EMAILED, NOT_EMAILED])) {
    states.set(Number(id), { state: last.action === EMAILED ? "sent" : "notSent", at: last.at });
  }
  if (!ids.length) return states;
  const queued = await db.select({ invoiceId: remittanceMailings.invoiceId }).from(remittanceMailings)
    .where(inArray(remittanceMailings.invoiceId, ids));
  for (const q of queued) states.set(q.invoiceId, { state: "queued", at: null });
  return states;
}
