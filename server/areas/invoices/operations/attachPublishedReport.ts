/**
 * UploadPublishedReport: a signed or stamped copy of a published (or finalised) invoice's PDF is kept in
 * place of the rendered one; downloads give it from then on. The frozen document does not change. The
 * PDF streams into the blob store (checked and limited by the caller's stream). `publishedAt`: the
 * upload's PublishDate (a day or an instant), else now.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { storePublishedStream } from "../../storage/publishing/operations.ts";
import { changeInvoice } from "../invoiceChange.ts";
import { invoiceOf } from "../queries/species.ts";

export async function attachPublishedReport(
  ctx: AreaContext,
  id: number,
  content: ReadableStream<Uint8Array>,
  publishedAt?: string | null,
) {
  const row = await invoiceOf(ctx, id).catch(async (error) => {
    await content.cancel();
    throw error;
  });
  if (row.status === "Draft") {
    await content.cancel();
    throw ApiError.conflict("Publish the invoice first: only a published invoice keeps its PDF.");
  }
  const at = publishedAt ?? new Date().toISOString();
  const { key: ref, size } = await storePublishedStream(ctx, "invoices", id, at, content);
  await ctx.write(async (_tx, unit) => {
    await changeInvoice(unit, row, { publishedReportRef: ref }, {
      action: "Published PDF replaced by an upload",
    });
    unit.announce("invoiceUpdated", { invoiceIds: [id] });
  });
  return { invoiceId: id, bytes: size };
}
