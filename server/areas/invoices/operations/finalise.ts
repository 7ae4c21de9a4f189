/**
 * FinaliseInvoices: published invoices become final (read-only from then); an order whose invoices are
 * all final, with no killed mob left uninvoiced, becomes InvoiceFinalised (the orders area's write).
 */
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { carcasses, invoiceMobs, invoices } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { markOrderInvoiceFinalised } from "../../livestock/orders/writes.ts";
import { changeInvoice } from "../invoiceChange.ts";
import { invoiceOf, who } from "../queries/species.ts";
import type { IdsBody } from "../schemas.ts";

export async function finalise(ctx: AreaContext, input: In<typeof IdsBody>) {
  const now = new Date().toISOString();
  await ctx.write(async (tx, unit) => {
    const orders = new Set<number>();
    for (const id of input.ids) {
      const row = await invoiceOf(ctx, id, tx);
      if (row.status !== "Published") {
        throw ApiError.conflict(
          row.status === "Finalised"
            ? `Invoice ${row.invoiceNumber} is already finalised.`
            : `Invoice ${id} is a draft: publish it before finalising.`,
        );
      }
      await changeInvoice(unit, row, { status: "Finalised", finalisedAt: now, finalisedBy: who(ctx) }, {
        action: "Finalised",
      });
      orders.add(row.livestockOrderId);
    }
    for (const orderId of orders) {
      if (await nothingLeftOpen(tx, orderId)) await markOrderInvoiceFinalised(unit, orderId);
    }
    unit.announce("invoiceUpdated", { invoiceIds: input.ids });
  });
  return { ids: input.ids };
}

/** The order's invoices are all final and it has no killed mob left uninvoiced. */
async function nothingLeftOpen(tx: TenantTx, orderId: number): Promise<boolean> {
  const open = await tx.select({ id: invoices.id }).from(invoices)
    .where(and(eq(invoices.livestockOrderId, orderId), inArray(invoices.status, ["Draft", "Published"])));
  if (open.length) return false;
  const invoiced = tx.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
  const left = await tx.select({ id: carcasses.id }).from(carcasses)
    .where(and(eq(carcasses.livestockOrderId, orderId), notInArray(carcasses.stockMobId, invoiced))).limit(1);
  return !left.length;
}
