/** UpdatePublishedInvoice: the supplier's reference and the due date, on the frozen document too. */
import { eq } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import { invoiceOf } from "../queries/species.ts";
import { invoiceView } from "../queries/invoice.ts";
import type { UpdatePublishedBody } from "../schemas.ts";

export async function updatePublished(ctx: AreaContext, input: In<typeof UpdatePublishedBody>) {
  const { id, lastModified, supplierReference, invoiceDueDate } = input;
  await ctx.write(async (tx, unit) => {
    const row = await invoiceOf(ctx, id, tx);
    assertUnchanged(row, lastModified, "invoice");
    if (row.status !== "Published") {
      throw ApiError.conflict(
        row.status === "Finalised"
          ? "This invoice is finalised: it cannot change."
          : "Publish the invoice first.",
      );
    }
    const document = { ...(row.publishedDocument as object), supplierReference, dueDate: invoiceDueDate };
    await tx.update(invoices).set({
      supplierReference,
      dueDate: invoiceDueDate,
      publishedDocument: document,
      lastModified: nextModified(row.lastModified),
    }).where(eq(invoices.id, id));
    await unit.audit({
      entity: INVOICE_ENTITY,
      entityId: id,
      action: "Published invoice updated",
      before: { supplierReference: row.supplierReference, dueDate: row.dueDate },
      after: { supplierReference, dueDate: invoiceDueDate },
    });
    unit.announce("invoiceUpdated", { invoiceIds: [id] });
  });
  return await invoiceView(ctx, id);
}
