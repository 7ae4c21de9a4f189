/**
 * A draft's additional line items: add or change one (quantity × price per unit; a negative price is a
 * deduction), or delete one. Each is a draft change (drafts.ts changeDraft).
 */
import { and, eq, max } from "drizzle-orm";
import { invoiceLineItems } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { toCents } from "../../../../kernel/money.ts";
import { changeDraft } from "../drafts.ts";
import { invoiceView } from "../queries/invoice.ts";
import type { LineItemBody } from "../schemas.ts";

/** Additional line item add or update. */
export async function saveLineItem(ctx: AreaContext, input: In<typeof LineItemBody>) {
  const { invoiceId, lastModified, reciprocalInvoiceLineItemId: lineId, ...line } = input;
  const values = {
    description: line.description,
    quantity: line.quantity,
    pricePerUnitCents: toCents(line.pricePerUnit),
    isApplyGst: line.isApplyGst,
  };
  await changeDraft(
    ctx,
    invoiceId,
    lastModified,
    lineId ? "Line item changed" : "Line item added",
    async (tx) => {
      const now = new Date().toISOString();
      if (lineId) {
        const done = await tx.update(invoiceLineItems).set({ ...values, lastModified: now })
          .where(and(eq(invoiceLineItems.id, lineId), eq(invoiceLineItems.invoiceId, invoiceId)))
          .returning();
        if (!done.length) throw ApiError.notFound("That line item is not on this invoice.");
      } else {
        const [{ n }] = await tx.select({ n: max(invoiceLineItems.sort) }).from(invoiceLineItems)
          .where(eq(invoiceLineItems.invoiceId, invoiceId));
        await tx.insert(invoiceLineItems).values({
          invoiceId,
          ...values,
          sort: (n ?? 0) + 1,
          createdAt: now,
          lastModified: now,
        });
      }
      return { after: values };
    },
  );
  return await invoiceView(ctx, invoiceId);
}

/** Additional line item delete. */
export async function deleteLineItem(ctx: AreaContext, lineId: number) {
  const [line] = await ctx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.id, lineId));
  if (!line) throw ApiError.notFound("That line item does not exist.");
  await changeDraft(ctx, line.invoiceId, null, "Line item removed", async (tx) => {
    await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineId));
    return {
      before: {
        description: line.description,
        quantity: line.quantity,
        pricePerUnitCents: line.pricePerUnitCents,
      },
    };
  });
  return await invoiceView(ctx, line.invoiceId);
}
