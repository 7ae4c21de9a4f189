/** Update: a draft's due date and whether its levies are taken off. */
import { eq } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import type { InvoiceRow } from "../inputs.ts";
import { changeDraft } from "../drafts.ts";
import { invoiceView } from "../queries/invoice.ts";
import type { UpdateInvoiceBody } from "../schemas.ts";

export async function editDraft(ctx: AreaContext, input: In<typeof UpdateInvoiceBody>) {
  const { id, lastModified, invoiceDueDate, leviesRemoved } = input;
  await changeDraft(ctx, id, lastModified, "Edited", async (tx, row) => {
    const change: Partial<InvoiceRow> = {};
    if (invoiceDueDate !== undefined) change.dueDate = invoiceDueDate;
    if (leviesRemoved !== undefined) change.leviesRemoved = leviesRemoved;
    await tx.update(invoices).set(change).where(eq(invoices.id, row.id));
    return { before: { dueDate: row.dueDate, leviesRemoved: row.leviesRemoved }, after: change };
  });
  return await invoiceView(ctx, id);
}
