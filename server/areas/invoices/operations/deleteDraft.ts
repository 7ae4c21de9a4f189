/** Delete a draft: its mobs go back to "to be created". */
import { eq } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged } from "../../context.ts";
import { INVOICE_ENTITY } from "../drafts.ts";
import { invoiceOf } from "../queries/species.ts";

export async function deleteDraft(ctx: AreaContext, id: number, lastModified?: string | null) {
  await ctx.write(async (tx, unit) => {
    const row = await invoiceOf(ctx, id, tx);
    assertUnchanged(row, lastModified, "invoice");
    if (row.status !== "Draft") throw ApiError.conflict("Only a draft can be deleted: unpublish it first.");
    await tx.delete(invoices).where(eq(invoices.id, id));
    await unit.audit({ entity: INVOICE_ENTITY, entityId: id, action: "Draft deleted" });
    unit.announce("invoiceUpdated", { invoiceIds: [id] });
  });
  return { ids: [id] };
}
