/**
 * Tenant data blobs and support blobs (spec 2 §7.5): the bytes go to the app's blob store
 * (server/storage/), who published them and when to the tenant's `blob_files`. A tenant blob is written
 * first and its row after, in one unit with the audit; a row whose write fails takes its blob away again,
 * so a listing never names a file that is not there. (Published reports: ../publishing/.)
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { blobFiles } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import { displayName } from "../../audit.ts";
import { recordSuperAction } from "../../super/writes.ts";
import { tooLargeInWords } from "../operations/upload.ts";
import { formatBytes } from "../rules.ts";
import type { SupportReference, TenantReference } from "./references.ts";

export const BLOB_ENTITY = "blobFile";

// another area storing its own files names them as the tenant's references do (roi's reference data)
export { parseTenantReference } from "./references.ts";
/** The most rows a listing answers (the screen says when there are more). */
export const LIST_LIMIT = 500;

export interface StoredBlobRow {
  reference: string;
  category: string;
  folder: string;
  name: string;
  fileName: string;
  size: number;
  contentType: string;
  publishedBy: string | null;
  publishedAt: string | null;
  uploadedAt: string;
  uploadedBy: string;
}

interface FileSpec {
  fileName: string;
  contentType: string;
  maxBytes: number;
}

/** The tenant's own space in the store: nothing of another tenant's can be named from here. */
export const tenantKey = (ctx: AreaContext, local: string) => `tenant-${ctx.tenantId}/${local}`;

/** ListTenantDataBlobs: the tenant's files with who published them, by category and folder. */
export async function listTenantBlobs(ctx: AreaContext, category?: string, folder?: string) {
  const where = and(
    category ? eq(blobFiles.category, category) : undefined,
    folder ? eq(blobFiles.folder, folder) : undefined,
  );
  const rows = await ctx.db.select().from(blobFiles).where(where)
    .orderBy(asc(blobFiles.category), asc(blobFiles.folder), asc(blobFiles.name)).limit(LIST_LIMIT + 1);
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)` }).from(blobFiles).where(where);
  return { items: rows.slice(0, LIST_LIMIT).map((r) => rowOf(ctx, r)), total };
}

function rowOf(ctx: AreaContext, r: typeof blobFiles.$inferSelect): StoredBlobRow {
  return {
    reference: tenantKey(ctx, r.reference),
    category: r.category,
    folder: r.folder,
    name: r.name,
    fileName: r.fileName,
    size: r.size,
    contentType: r.contentType,
    publishedBy: r.publishedByName,
    publishedAt: r.publishedAt,
    uploadedAt: r.uploadedAt,
    uploadedBy: r.uploadedByName,
  };
}

/** GetBlobsForFolder: what the store holds under a prefix (already checked to be the caller's or support's). */
export async function blobsForFolder(ctx: AreaContext, prefix: string) {
  const { items, truncated } = await ctx.app.storage.list(prefix, LIST_LIMIT);
  return {
    prefix,
    truncated,
    items: items.map((i) => ({
      reference: i.key,
      name: i.key.slice(i.key.lastIndexOf("/") + 1),
      size: i.size,
      lastModified: i.lastModified.toISOString(),
    })),
  };
}

/** UploadTenantDataBlobUsingFullBlobReference: keeps the file (replacing one of the same reference). */
export async function uploadTenantBlob(
  ctx: AreaContext,
  ref: TenantReference,
  body: ReadableStream<Uint8Array>,
  file: FileSpec,
  publish: { savePublisher: boolean; publishedAt: string | null },
): Promise<StoredBlobRow> {
  const store = ctx.app.storage;
  const info = await store.put(ref.key, body, {
    contentType: file.contentType,
    maxBytes: file.maxBytes,
    metadata: { filename: file.fileName || ref.name },
  }).catch((error) => {
    throw tooLargeInWords(error, "file");
  });
  const now = new Date().toISOString();
  const who = displayName(ctx.caller);
  const values = {
    reference: ref.local,
    category: ref.category,
    folder: ref.folder,
    name: ref.name,
    size: info.size,
    contentType: file.contentType,
    fileName: (file.fileName || ref.name).slice(0, 200),
    publishedByUserId: publish.savePublisher ? ctx.caller.user.id : null,
    publishedByName: publish.savePublisher ? who : null,
    publishedAt: publish.savePublisher || publish.publishedAt ? publish.publishedAt ?? now : null,
    uploadedAt: now,
    uploadedByName: who,
  };
  try {
    await ctx.write(async (tx, unit) => {
      const [before] = await tx.select().from(blobFiles).where(eq(blobFiles.reference, ref.local));
      await tx.insert(blobFiles).values(values).onConflictDoUpdate({
        target: blobFiles.reference,
        set: values,
      });
      await unit.audit({
        entity: BLOB_ENTITY,
        entityId: ref.local,
        action: `${before ? "File replaced" : "File uploaded"} (${formatBytes(info.size)})`,
        before: before ? { size: before.size, fileName: before.fileName } : null,
        after: { size: info.size, fileName: values.fileName },
      });
    });
  } catch (error) {
    await store.delete(ref.key).catch(() => {});
    throw error;
  }
  return rowOf(ctx, { id: 0, ...values });
}

/** A tenant blob open for streaming, with its name for the download; 404 when there is none. */
export async function openTenantBlob(ctx: AreaContext, ref: TenantReference) {
  const blob = await ctx.app.storage.get(ref.key);
  if (!blob) throw ApiError.notFound("That file does not exist.");
  const [row] = await ctx.db.select({ fileName: blobFiles.fileName }).from(blobFiles)
    .where(eq(blobFiles.reference, ref.local));
  return { blob, fileName: row?.fileName ?? blob.metadata.filename ?? ref.name };
}

export async function openSupportBlob(ctx: AreaContext, ref: SupportReference) {
  const blob = await ctx.app.storage.get(ref.key);
  if (!blob) throw ApiError.notFound("That support file does not exist.");
  return { blob, fileName: blob.metadata.filename ?? ref.name };
}

/**
 * DeleteTenantDataBlob (data files) and AdminDeleteTenantDataBlobFromFullBlobReference (any tenant file,
 * published reports too): the row and the bytes go; 404 when neither was there.
 */
export async function deleteTenantBlob(
  ctx: AreaContext,
  ref: TenantReference,
  { anyCategory }: { anyCategory: boolean },
) {
  if (!anyCategory && ref.category !== "data") {
    throw ApiError.forbidden("Published reports are deleted by an administrator.");
  }
  const removed = await ctx.write(async (tx, unit) => {
    const [row] = await tx.delete(blobFiles).where(eq(blobFiles.reference, ref.local)).returning();
    if (row) {
      await unit.audit({
        entity: BLOB_ENTITY,
        entityId: ref.local,
        action: "File deleted",
        before: { size: row.size, fileName: row.fileName },
        after: null,
      });
    }
    return row;
  });
  const existed = await ctx.app.storage.delete(ref.key);
  if (!removed && !existed) throw ApiError.notFound("That file does not exist.");
  return { reference: ref.key, deleted: true };
}

export async function uploadSupportBlob(
  ctx: AreaContext,
  ref: SupportReference,
  body: ReadableStream<Uint8Array>,
  file: FileSpec,
) {
  const info = await ctx.app.storage.put(ref.key, body, {
    contentType: file.contentType,
    maxBytes: file.maxBytes,
    metadata: { filename: file.fileName || ref.name, uploadedby: displayName(ctx.caller) },
  }).catch((error) => {
    throw tooLargeInWords(error, "file");
  });
  // support files are every organisation's: a super action, in the super audit
  await recordSuperAction(ctx, {
    tenantId: null,
    action: "UploadSupportBlob",
    detail: { reference: ref.key, size: info.size, fileName: file.fileName },
  });
  return {
    reference: ref.key,
    name: ref.name,
    size: info.size,
    lastModified: info.lastModified.toISOString(),
  };
}

export async function deleteSupportBlob(ctx: AreaContext, ref: SupportReference) {
  if (!(await ctx.app.storage.delete(ref.key))) throw ApiError.notFound("That support file does not exist.");
  await recordSuperAction(ctx, {
    tenantId: null,
    action: "DeleteSupportBlob",
    detail: { reference: ref.key },
  });
  return { reference: ref.key, deleted: true };
}
