/**
 * The published reports (spec 2 §7.5), kept in the app's blob store (server/storage/) under the tenant's
 * own space: `tenant-<id>/published/<category>/<id>-<time>.pdf`, and listed with who published them in
 * the tenant's `blob_files` (Files & publishing). The store writes a blob whole or not at all. The
 * invoices area keeps its PDFs through these functions.
 */
import { blobFiles } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { tooLargeInWords } from "../operations/upload.ts";
import { PUBLISHED_REPORT_MAX_BYTES } from "../rules.ts";
import { tenantKey } from "../files/operations.ts";

/**
 * Keeps a published report: the exact PDF sent (rendered at publish, or uploaded by UploadPublishedReport,
 * streamed), under `published/<category>/<id>-<publish time>.pdf`; answers its reference (the key inside
 * the tenant's space) and size, and records who published it for Files & publishing.
 */
export async function storePublishedStream(
  ctx: AreaContext,
  category: string,
  id: number,
  publishedAt: string,
  content: ReadableStream<Uint8Array>,
): Promise<{ key: string; size: number }> {
  const safe = category.replace(/[^a-z0-9-]/gi, "");
  const key = `published/${safe}/${id}-${publishedAt.replace(/[^0-9]/g, "")}.pdf`;
  const stored = await ctx.app.storage.put(tenantKey(ctx, key), content, {
    contentType: "application/pdf",
    maxBytes: PUBLISHED_REPORT_MAX_BYTES,
    metadata: { filename: `${safe}-${id}.pdf` },
  }).catch((error) => {
    throw tooLargeInWords(error, "PDF");
  });
  await recordPublished(ctx, key, stored.size, publishedAt);
  return { key, size: stored.size };
}

/** The same for a PDF already in memory (one just rendered): answers its reference. */
export async function storePublishedReport(
  ctx: AreaContext,
  category: string,
  id: number,
  publishedAt: string,
  bytes: Uint8Array,
): Promise<string> {
  const body = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  return (await storePublishedStream(ctx, category, id, publishedAt, body)).key;
}

/** A published report's bytes by its reference; null when the file is gone. */
export function publishedReport(ctx: AreaContext, key: string): Promise<Uint8Array | null> {
  return publishedReportIn(ctx.app.storage, ctx.tenantId, key);
}

/**
 * The same in a named tenant's space: the producer portal's door (server/areas/producer/door.ts) reads a
 * processor's published remittance with it, after checking the link allows that invoice.
 */
export async function publishedReportIn(
  storage: AreaContext["app"]["storage"],
  tenantId: number,
  key: string,
): Promise<Uint8Array | null> {
  if (!/^published\/[a-z0-9-]+\/[0-9]+-[0-9]+\.pdf$/i.test(key)) return null;
  const blob = await storage.get(`tenant-${tenantId}/${key}`);
  return blob ? new Uint8Array(await new Response(blob.body).arrayBuffer()) : null;
}

/** Records a stored published report: who published it and when, so Files & publishing lists it. */
async function recordPublished(ctx: AreaContext, local: string, size: number, publishedAt: string) {
  const [, folder, name] = /^published\/(.+)\/([^/]+)$/.exec(local) ?? [];
  if (!folder) return;
  const who = displayName(ctx.caller);
  const values = {
    reference: local,
    category: "published",
    folder,
    name,
    size,
    contentType: "application/pdf",
    fileName: name,
    publishedByUserId: ctx.caller.user.id,
    publishedByName: who,
    publishedAt,
    uploadedAt: new Date().toISOString(),
    uploadedByName: who,
  };
  await ctx.write((tx) =>
    tx.insert(blobFiles).values(values).onConflictDoUpdate({ target: blobFiles.reference, set: values })
  );
}
