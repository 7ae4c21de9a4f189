/** The remittance emails of an invoice, read back from its audit trail (operations/emailRemittance.ts). */
import { auditHistory } from "../../audit.ts";
import type { AreaContext } from "../../context.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import type { RemittanceEmail } from "../views.ts";

export const EMAILED = "Remittance emailed";
export const NOT_EMAILED = "Remittance not emailed";

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
