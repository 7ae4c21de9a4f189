/**
 * Pricing adjustments of a draft's carcass lines (± dollars per unit, with a reason): add or change one
 * on a line the invoice has, or remove one. Each is a draft change (drafts.ts changeDraft).
 */
import { and, eq } from "drizzle-orm";
import { invoicePriceAdjustments } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { toCents } from "../../../../kernel/money.ts";
import { loadSources } from "../inputs.ts";
import { changeDraft, storeComputation } from "../drafts.ts";
import { invoiceView } from "../queries/invoice.ts";
import type { AdjustmentBody, RemoveAdjustmentBody } from "../schemas.ts";

/** Pricing adjustment add or edit on one carcass line. */
export async function setAdjustment(ctx: AreaContext, input: In<typeof AdjustmentBody>) {
  const { invoiceId, lastModified, lineKey, adjustmentPerUnit, reason } = input;
  const cents = toCents(adjustmentPerUnit);
  await changeDraft(ctx, invoiceId, lastModified, "Pricing adjustment", async (tx, row) => {
    // checked against the invoice's current lines
    const lines = (await storeComputation(tx, row, await loadSources(tx, row))).computation.carcassLines;
    if (!lines.some((l) => l.key === lineKey)) {
      throw ApiError.validation([{
        field: "lineKey",
        message: "That carcass line is not on this invoice.",
      }]);
    }
    const now = new Date().toISOString();
    await tx.insert(invoicePriceAdjustments).values({
      invoiceId,
      lineKey,
      centsPerUnit: cents,
      reason,
      createdAt: now,
      lastModified: now,
    }).onConflictDoUpdate({
      target: [invoicePriceAdjustments.invoiceId, invoicePriceAdjustments.lineKey],
      set: { centsPerUnit: cents, reason, lastModified: now },
    });
    return { after: { lineKey, centsPerUnit: cents }, reason };
  });
  return await invoiceView(ctx, invoiceId);
}

export async function removeAdjustment(ctx: AreaContext, input: In<typeof RemoveAdjustmentBody>) {
  const { invoiceId, lastModified, lineKey } = input;
  await changeDraft(ctx, invoiceId, lastModified, "Pricing adjustment removed", async (tx) => {
    const gone = await tx.delete(invoicePriceAdjustments).where(and(
      eq(invoicePriceAdjustments.invoiceId, invoiceId),
      eq(invoicePriceAdjustments.lineKey, lineKey),
    )).returning();
    if (!gone.length) throw ApiError.notFound("That line has no pricing adjustment.");
    return { before: { lineKey, centsPerUnit: gone[0].centsPerUnit } };
  });
  return await invoiceView(ctx, invoiceId);
}
