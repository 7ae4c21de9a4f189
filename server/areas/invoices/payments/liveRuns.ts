/**
 * Which live payment file (a run not cancelled) pays each invoice: what the invoice lists, the editor,
 * unpublishing and the producer's remittances say of it. An invoice is in one live file at most
 * (payments/operations.ts refuses a second).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { paymentRunInvoices, paymentRuns } from "../../../../db/tenant/schema.ts";
import type { AreaContext, TenantTx } from "../../context.ts";

type Db = AreaContext["db"] | TenantTx;

/** The file paying an invoice, as the invoice screens name it. */
export interface PaymentFileRef {
  id: number;
  /** the day the bank is to process the file (yyyy-mm-dd) */
  processingDate: string;
  createdAt: string;
  createdBy: string;
  amountCents: number;
}

/** The live file of each invoice named that is in one (one query per 500 ids). */
export async function liveRunsOf(db: Db, invoiceIds: number[]): Promise<Map<number, PaymentFileRef>> {
  const files = new Map<number, PaymentFileRef>();
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const rows = await db.select({
      invoiceId: paymentRunInvoices.invoiceId,
      id: paymentRuns.id,
      processingDate: paymentRuns.processingDate,
      createdAt: paymentRuns.createdAt,
      createdBy: paymentRuns.createdBy,
      amountCents: paymentRunInvoices.amountCents,
    }).from(paymentRunInvoices).innerJoin(paymentRuns, eq(paymentRuns.id, paymentRunInvoices.paymentRunId))
      .where(and(
        inArray(paymentRunInvoices.invoiceId, invoiceIds.slice(i, i + 500)),
        ne(paymentRuns.status, "cancelled"),
      ));
    for (const { invoiceId, ...file } of rows) files.set(invoiceId, file);
  }
  return files;
}

/** The live file paying one invoice, or null. */
export async function liveRunOfInvoice(db: Db, invoiceId: number): Promise<PaymentFileRef | null> {
  return (await liveRunsOf(db, [invoiceId])).get(invoiceId) ?? null;
}
