/**
 * What the invoice editor says of the remittance emailed to the supplier: waiting to go by itself (and
 * when it is tried again after a failure), the latest attempt (sent, or why not), or nothing sent yet.
 */
import { formatDate, formatDateTime } from "../../../kernel/format.ts";
import { todayIn } from "../../../kernel/dates.ts";
import { Button } from "../../ui/Button.tsx";
import type { InvoiceSummary, InvoiceView } from "../../../server/areas/invoices/rules.ts";

/** The editor's email fields, which change without the invoice's `lastModified` (a send changes no field). */
export const mailState = (view: InvoiceView) => ({
  remittanceEmails: view.remittanceEmails,
  remittanceQueued: view.remittanceQueued,
});

export function RemittanceEmailLine(
  { emails, queued, supplierEmail, timeZone }: {
    emails: InvoiceView["remittanceEmails"];
    queued: InvoiceView["remittanceQueued"];
    supplierEmail: string;
    timeZone: string;
  },
) {
  const [last] = emails;
  if (queued && (!last || last.sent || queued.attempts === 0)) {
    return (
      <p className="muted no-print" role="status">
        The remittance is on its way to the supplier ({supplierEmail || "no address yet"}): it is emailed by
        itself once published.
      </p>
    );
  }
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
  if (last.sent) {
    return (
      <p className="muted no-print" role="status">
        Remittance emailed to {last.to} on {when} by {last.by}
        {emails.length > 1 ? ` (${emails.filter((e) => e.sent).length} times in all)` : ""}.
      </p>
    );
  }
  const why = `The remittance could not be emailed to ${last.to} on ${when}: ${
    last.reason ?? "the mail server refused it"
  }.`;
  return (
    <div className="banner banner-warning no-print" role="status">
      {why} {queued
        ? `It is tried again by itself from ${formatDateTime(queued.nextAttemptAt, timeZone)} (try ${
          queued.attempts + 1
        } of ${queued.maxTries}), or now with Email to supplier.`
        : "Try again with Email to supplier."}
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

/** The list's word on a published invoice's remittance email: on its way, emailed on a day, or not sent. */
export function RemittanceStateLine({ email, timeZone }: {
  email: InvoiceSummary["remittanceEmail"];
  timeZone: string;
}) {
  if (!email) return null;
  if (email.state === "queued") return <div className="muted small">remittance being emailed</div>;
  const day = email.at ? formatDate(todayIn(timeZone, new Date(email.at)), false) : "";
  return email.state === "sent"
    ? <div className="muted small">remittance emailed {day}</div>
    : <div className="small remittance-not-sent">remittance not emailed ({day})</div>;
}
