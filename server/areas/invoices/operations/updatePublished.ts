/** UpdatePublishedInvoice: the supplier's reference and the due date, on the frozen document too. */
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { invoiceToChange } from "../drafts.ts";
import { changeInvoice } from "../invoiceChange.ts";
import { invoiceView } from "../queries/invoice.ts";
import type { UpdatePublishedBody } from "../schemas.ts";

export async function updatePublished(ctx: AreaContext, input: In<typeof UpdatePublishedBody>) {
  const { id, lastModified, supplierReference, invoiceDueDate } = input;
  await ctx.write(async (tx, unit) => {
    const row = await invoiceToChange(ctx, tx, { id, lastModified, status: "Published" });
    const document = { ...(row.publishedDocument as object), supplierReference, dueDate: invoiceDueDate };
    await changeInvoice(unit, row, {
      supplierReference,
      dueDate: invoiceDueDate,
      publishedDocument: document,
    }, {
      action: "Published invoice updated",
      before: { supplierReference: row.supplierReference, dueDate: row.dueDate },
      after: { supplierReference, dueDate: invoiceDueDate },
    });
    unit.announce("invoiceUpdated", { invoiceIds: [id] });
  });
  return await invoiceView(ctx, id);
}
