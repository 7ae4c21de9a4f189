/**
 * The demo's remittance files. The area seeds publish invoices with a database only, so no PDF was kept
 * for them; once the services are up (server/demo.ts seedDemoFiles) the PDFs of the given suppliers'
 * published invoices are kept as a publish keeps them. The oldest of them not yet paid is then corrected
 * once, as a clerk would (unpublished, a freight credit added, published again), so a producer linked to
 * the supplier sees a remittance with both versions kept (issue 44 §8). Nothing happens when the files
 * are kept already.
 */
import { and, desc, inArray, isNull } from "drizzle-orm";
import { invoices } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { storePublishedPdfs } from "../publishing.ts";
import { invoiceDocument, invoiceView } from "../queries/invoice.ts";
import { saveLineItem } from "./editLines.ts";
import { publish } from "./publish.ts";
import { unpublish } from "./unpublish.ts";
import { liveRunsOf } from "../payments/liveRuns.ts";

export async function keepDemoRemittances(ctx: AreaContext, supplierIds: readonly number[]): Promise<number> {
  if (!supplierIds.length) return 0;
  const unkept = await ctx.db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(and(
    inArray(invoices.supplierId, [...supplierIds]),
    inArray(invoices.status, ["Published", "Finalised"]),
    isNull(invoices.publishedReportRef),
  )).orderBy(desc(invoices.publishedAt));
  if (!unkept.length) return 0;
  const ids = unkept.map((r) => r.id);
  await storePublishedPdfs(ctx, (id) => invoiceDocument(ctx, id), ids);
  // the oldest still open to correction (a finalised invoice, or one in a bank payment file, is paid: it
  // cannot be unpublished); the correction is published now, so its version must follow the first one's,
  // which the oldest's does
  const paid = await liveRunsOf(ctx.db, ids);
  const corrected = unkept.filter((r) => r.status === "Published" && !paid.has(r.id)).map((r) => r.id).at(-1);
  if (corrected === undefined) return ids.length;
  await unpublish(ctx, { ids: [corrected] });
  const draft = await invoiceView(ctx, corrected);
  await saveLineItem(ctx, {
    invoiceId: corrected,
    lastModified: draft.lastModified,
    description: "Freight credit (corrected remittance)",
    quantity: 1,
    pricePerUnit: 45,
    isApplyGst: true,
  });
  await publish(ctx, corrected, (await invoiceView(ctx, corrected)).lastModified);
  return ids.length;
}
