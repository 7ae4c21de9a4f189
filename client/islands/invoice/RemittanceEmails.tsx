/**
 * What the invoice editor says of the remittance emailed to the supplier: the latest attempt (sent, or
 * why not), newest first in the invoice's read; nothing sent yet says so.
 */
import { formatDateTime } from "../../../kernel/format.ts";
import { Button } from "../../ui/Button.tsx";
import type { InvoiceView } from "../../../server/areas/invoices/rules.ts";

export function RemittanceEmailLine(
  { emails, supplierEmail, timeZone }: {
    emails: InvoiceView["remittanceEmails"];
    supplierEmail: string;
    timeZone: string;
  },
) {
  const [last] = emails;
  if (!last) {
    return (
      <p className="muted no-print" role="status">
        {supplierEmail
          ? `The remittance has not been emailed to the supplier (${supplierEmail}) yet.`
          : "The supplier has no email address: add one on the supplier to email the remittance."}
      </p>
    );
  }
  const when = formatDateTime(last.at, timeZone);
  return last.sent
    ? (
      <p className="muted no-print" role="status">
        Remittance emailed to {last.to} on {when} by {last.by}
        {emails.length > 1 ? ` (${emails.filter((e) => e.sent).length} times in all)` : ""}.
      </p>
    )
    : (
      <div className="banner banner-warning no-print" role="status">
        The remittance could not be emailed to {last.to} on {when}:{" "}
        {last.reason ?? "the mail server refused it"}.
      </div>
    );
}

/** "Email to supplier": asks first when the remittance was sent already; off without an address. */
export function EmailRemittanceButton({ email, sentBefore, disabled, send }: {
  email: string;
  sentBefore: boolean;
  disabled: boolean;
  /** sends it, asking `question` first when there is one */
  send: (question?: string) => void;
}) {
  return (
    <Button
      disabled={disabled || !email}
      title={email ? `Email the remittance PDF to ${email}` : "The supplier has no email address"}
      onClick={() =>
        send(sentBefore ? `The remittance was emailed already. Email it to ${email} again?` : undefined)}
    >
      Email to supplier
    </Button>
  );
}
