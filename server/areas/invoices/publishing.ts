/**
 * The remittance PDF of an invoice: rendered from its document (reports/invoices/remittance.tsx) and, at
 * publish, kept through the storage service (UploadPublishedReport), so the exact document sent can be
 * downloaded again. A published invoice whose file is not stored yet (a bulk publish stores them after
 * answering) is rendered from its frozen document: the same content.
 */
import { eq } from "drizzle-orm";
import { invoices } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { publishedReport, storePublishedReport } from "../storage/publishing/operations.ts";
import type { InvoiceDocument } from "./document.ts";
import { PUBLISHED_CATEGORY } from "./rules.ts";

/** The renderer, loaded on first use (@react-pdf/renderer is heavy; most requests never need it). */
async function renderRemittancePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const { renderRemittancePdf: render } = await import("../../../reports/invoices/remittance.tsx");
  return await render(doc);
}

/** "RCTI-000123" or "draft-invoice-45": the file name of an invoice's PDF. */
export function pdfName(doc: Pick<InvoiceDocument, "invoiceId" | "invoiceNumber" | "status">): string {
  return doc.status === "Draft" || !doc.invoiceNumber ? `draft-invoice-${doc.invoiceId}` : doc.invoiceNumber;
}

/** Renders and stores the PDFs of just-published invoices, recording each one's reference. */
export async function storePublishedPdfs(
  ctx: AreaContext,
  documents: (id: number) => Promise<InvoiceDocument>,
  ids: readonly number[],
) {
  for (const id of ids) {
    const [row] = await ctx.db.select({ publishedAt: invoices.publishedAt }).from(invoices).where(
      eq(invoices.id, id),
    );
    if (!row?.publishedAt) continue;
    const bytes = await renderRemittancePdf(await documents(id));
    const ref = await storePublishedReport(ctx, PUBLISHED_CATEGORY, id, row.publishedAt, bytes);
    await ctx.write(async (tx) => {
      await tx.update(invoices).set({ publishedReportRef: ref }).where(eq(invoices.id, id));
    });
  }
}

/** The PDF to download: the stored one of the last publish, else rendered now. */
export async function remittancePdfOf(
  ctx: AreaContext,
  doc: InvoiceDocument,
  storedRef: string | null,
): Promise<{ bytes: Uint8Array; name: string }> {
  const stored = storedRef && doc.status !== "Draft" ? await publishedReport(ctx, storedRef) : null;
  return { bytes: stored ?? await renderRemittancePdf(doc), name: pdfName(doc) };
}
