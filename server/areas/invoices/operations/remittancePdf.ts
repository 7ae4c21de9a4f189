/** The remittance PDF: the stored one of the last publish, or rendered now. */
import { eq } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { FileOut } from "../../areaApi.ts";
import { invoiceDocument } from "../queries/invoice.ts";
import { remittancePdfOf } from "../publishing.ts";

export async function remittancePdf(ctx: AreaContext, id: number): Promise<FileOut> {
  const doc = await invoiceDocument(ctx, id);
  const [row] = await ctx.db.select({ ref: invoices.publishedReportRef }).from(invoices)
    .where(eq(invoices.id, id));
  const { bytes, name } = await remittancePdfOf(ctx, doc, row?.ref ?? null);
  return { body: bytes, name };
}
