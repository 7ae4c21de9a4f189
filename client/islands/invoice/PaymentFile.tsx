/**
 * What the invoice screens say of the bank payment file paying an invoice (Invoice Manager › Payments):
 * the editor's note and the published list's line. While the file stands the invoice cannot go back to
 * a draft: the money may be on its way.
 */
import { formatDate } from "../../../kernel/format.ts";
import { formatCents } from "../../../kernel/money.ts";
import type { InvoiceSummary } from "../../../server/areas/invoices/rules.ts";

type PaymentFileRef = NonNullable<InvoiceSummary["paymentFile"]>;

/** "Cancel payment file 3 first": why Unpublish is not offered. */
export const cancelFileFirst = (file: PaymentFileRef) =>
  `It is in payment file ${file.id}: cancel that file on the Payments page before unpublishing it.`;

export function PaymentFileNote(
  { file, paymentsPath }: { file: PaymentFileRef; paymentsPath: string | null },
) {
  return (
    <div className="banner banner-info" role="note">
      {/* tense-free: the file may be this week's or last year's */}
      <strong>Paid by bank file:</strong> payment file {file.id}, made{" "}
      {formatDate(file.createdAt.slice(0, 10))} by {file.createdBy}, pays {formatCents(file.amountCents)}{" "}
      on the bank's processing day, {formatDate(file.processingDate)}. {paymentsPath
        ? <a className="no-print" href={paymentsPath}>See the payment files</a>
        : <span className="no-print">Only a cancelled file frees it.</span>}
    </div>
  );
}

/** The published list's line under the status. */
export function PaymentFileLine({ file }: { file: PaymentFileRef }) {
  return (
    <div
      className="muted small"
      title={`Payment file ${file.id}, processed ${formatDate(file.processingDate)}`}
    >
      in payment file {file.id}, {formatDate(file.processingDate, false)}
    </div>
  );
}
