/**
 * Emails a published invoice's remittance advice (its RCTI, the same PDF GetRemittancePdf answers) to the
 * supplier's contact address: under GST law the processor, who issues the RCTI, must give the supplier a
 * copy. Replies go to the organisation's accounts address (Settings › Organisation) when it has one. Each
 * attempt, sent or not, is a row of the invoice's audit trail, which the editor reads back.
 */
import { eq } from "drizzle-orm";
import { invoices, remittanceMailings, suppliers } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { mailFailure } from "../../../mail/mailer.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { formatCents } from "../../../../kernel/money.ts";
import type { AreaContext } from "../../context.ts";
import { organisationDetails } from "../../settings/operations/organisation.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import { remittancePdfOf } from "../publishing.ts";
import { invoiceDocument } from "../queries/invoice.ts";
import type { RemittanceEmail } from "../views.ts";
import { EMAILED, NOT_EMAILED, remittanceEmailsOf } from "../queries/remittanceEmails.ts";

export async function emailRemittance(ctx: AreaContext, input: { id: number }): Promise<RemittanceEmail> {
  const doc = await invoiceDocument(ctx, input.id);
  if (doc.status === "Draft" || !doc.invoiceNumber) {
    throw ApiError.conflict("A draft has no remittance to send yet: publish the invoice first.");
  }
  const [row] = await ctx.db.select({
    email: suppliers.contactEmail,
    name: suppliers.name,
    ref: invoices.publishedReportRef,
  }).from(invoices)
    .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId)).where(eq(invoices.id, input.id));
  const to = row.email.trim();
  if (!to) {
    throw ApiError.validation([{
      field: "id",
      message: `${row.name} has no email address: add one on the supplier, then send it again`,
    }]);
  }
  const organisation = await organisationDetails(ctx);
  const pdf = await remittancePdfOf(ctx, doc, row.ref);
  const c = doc.computation;
  const mail = {
    to,
    ...(organisation.accountsEmail ? { replyTo: organisation.accountsEmail } : {}),
    subject: `Remittance ${doc.invoiceNumber} from ${organisation.name}: ${formatCents(c.totalCents)}`,
    text: [
      `Hello ${row.name},`,
      "",
      `${organisation.name} attaches remittance advice ${doc.invoiceNumber}, the recipient created tax ` +
      "invoice for your livestock:",
      "",
      ...(doc.order.lotReference ? [`Lot: ${doc.order.lotReference}`] : []),
      ...(doc.productionDate ? [`Killed: ${formatDate(doc.productionDate)}`] : []),
      `Carcasses: ${formatHead(c.carcassCount)}`,
      `Total: ${formatCents(c.totalCents)}${c.taxCents ? ` (GST ${formatCents(c.taxCents)})` : ""}`,
      ...(doc.dueDate ? [`Due: ${formatDate(doc.dueDate)}`] : []),
      "",
      organisation.accountsEmail
        ? `Questions about it: reply to this email (${organisation.accountsEmail}).`
        : `Questions about it: contact ${organisation.name}.`,
    ].join("\n"),
    attachments: [{ filename: `${pdf.name}.pdf`, content: pdf.bytes, contentType: "application/pdf" }],
  };
  try {
    await ctx.app.mail.send(mail);
  } catch (error) {
    const { words: reason, permanent } = mailFailure(error);
    await ctx.write((_, unit) => {
      unit.audit({ entity: INVOICE_ENTITY, entityId: input.id, action: NOT_EMAILED, after: { to }, reason });
      unit.announce("invoiceUpdated", { invoiceIds: [input.id] }); // an open editor says so
      return Promise.resolve();
    });
    if (permanent) {
      // trying again cannot help: the address is what needs changing (a queued send stops here)
      throw ApiError.validation([{
        field: "id",
        message: `${reason}: check ${row.name}'s email address (${to})`,
      }]);
    }
    throw new ApiError(503, `The remittance could not be emailed to ${to}: ${reason}. Try again later.`);
  }
  await ctx.write(async (tx, unit) => {
    unit.audit({ entity: INVOICE_ENTITY, entityId: input.id, action: EMAILED, after: { to } });
    // sent: whether by hand or from the queue, it waits there no more (remittanceMailing.ts)
    await tx.delete(remittanceMailings).where(eq(remittanceMailings.invoiceId, input.id));
    unit.announce("invoiceUpdated", { invoiceIds: [input.id] });
  });
  // the entry just recorded, as the editor lists it
  return (await remittanceEmailsOf(ctx, input.id))[0];
}
