/** The remittance emails of an invoice, read back from its audit trail (operations/emailRemittance.ts). */
import { eq } from "drizzle-orm";
import { remittanceMailings } from "../../../../db/tenant/schema.ts";
import { auditHistory } from "../../audit.ts";
import type { AreaContext } from "../../context.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import type { QueuedRemittance, RemittanceEmail } from "../views.ts";

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
