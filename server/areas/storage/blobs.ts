/**
 * Tenant data blobs, published reports and support blobs (spec 2 §7.5): the bytes go to the app's blob
 * store (server/storage/), who published them and when to the tenant's `blob_files`. A tenant blob is
 * written first and its row after, in one transaction with the audit; a row whose write fails takes its
 * blob away again, so a listing never names a file that is not there.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { blobFiles } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { BlobTooLargeError } from "../../storage/mod.ts";
import type { AreaContext } from "../context.ts";
import { displayName, recordAudit } from "../audit.ts";
import type { SupportReference, TenantReference } from "./references.ts";
import { formatBytes } from "./rules.ts";
import { SuperService } from "../super/service.ts";

export const BLOB_ENTITY = "blobFile";
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

/** 413 in words for a stream that went past its limit; other errors as they are. */
export function tooLargeInWords(error: unknown, what: string): unknown {
  if (!(error instanceof BlobTooLargeError)) return error;
  return new ApiError(413, `The ${what} is over ${formatBytes(error.maxBytes)}: it can be at most that.`);
}

export class BlobService {
  constructor(private readonly ctx: AreaContext) {}

  #store = () => this.ctx.app.storage;
  #tenantKey = (local: string) => `tenant-${this.ctx.tenantId}/${local}`;

  /** ListTenantDataBlobs: the tenant's files with who published them, by category and folder. */
  async listTenantBlobs(category?: string, folder?: string) {
    const where = and(
      category ? eq(blobFiles.category, category) : undefined,
      folder ? eq(blobFiles.folder, folder) : undefined,
    );
    const rows = await this.ctx.db.select().from(blobFiles).where(where)
      .orderBy(asc(blobFiles.category), asc(blobFiles.folder), asc(blobFiles.name)).limit(LIST_LIMIT + 1);
    const [{ total }] = await this.ctx.db.select({ total: sql<number>`count(*)` }).from(blobFiles).where(
      where,
    );
    return { items: rows.slice(0, LIST_LIMIT).map((r) => this.#row(r)), total };
  }

  #row(r: typeof blobFiles.$inferSelect): StoredBlobRow {
    return {
      reference: this.#tenantKey(r.reference),
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
  async blobsForFolder(prefix: string) {
    const { items, truncated } = await this.#store().list(prefix, LIST_LIMIT);
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
  async uploadTenantBlob(
    ref: TenantReference,
    body: ReadableStream<Uint8Array>,
    file: { fileName: string; contentType: string; maxBytes: number },
    publish: { savePublisher: boolean; publishedAt: string | null },
  ): Promise<StoredBlobRow> {
    const info = await this.#store().put(ref.key, body, {
      contentType: file.contentType,
      maxBytes: file.maxBytes,
      metadata: { filename: file.fileName || ref.name },
    }).catch((error) => {
      throw tooLargeInWords(error, "file");
    });
    const now = new Date().toISOString();
    const who = displayName(this.ctx.caller);
    const values = {
      reference: ref.local,
      category: ref.category,
      folder: ref.folder,
      name: ref.name,
      size: info.size,
      contentType: file.contentType,
      fileName: (file.fileName || ref.name).slice(0, 200),
      publishedByUserId: publish.savePublisher ? this.ctx.caller.user.id : null,
      publishedByName: publish.savePublisher ? who : null,
      publishedAt: publish.savePublisher || publish.publishedAt ? publish.publishedAt ?? now : null,
      uploadedAt: now,
      uploadedByName: who,
    };
    try {
      await this.ctx.db.transaction(async (tx) => {
        const [before] = await tx.select().from(blobFiles).where(eq(blobFiles.reference, ref.local));
        await tx.insert(blobFiles).values(values).onConflictDoUpdate({
          target: blobFiles.reference,
          set: values,
        });
        await recordAudit(tx, this.ctx, {
          entity: BLOB_ENTITY,
          entityId: ref.local,
          action: `${before ? "File replaced" : "File uploaded"} (${formatBytes(info.size)})`,
          before: before ? { size: before.size, fileName: before.fileName } : null,
          after: { size: info.size, fileName: values.fileName },
        });
      });
    } catch (error) {
      await this.#store().delete(ref.key).catch(() => {});
      throw error;
    }
    return this.#row({ id: 0, ...values });
  }

  /** A tenant blob open for streaming, with its name for the download; 404 when there is none. */
  async openTenantBlob(ref: TenantReference) {
    const blob = await this.#store().get(ref.key);
    if (!blob) throw ApiError.notFound("That file does not exist.");
    const [row] = await this.ctx.db.select({ fileName: blobFiles.fileName }).from(blobFiles)
      .where(eq(blobFiles.reference, ref.local));
    return { blob, fileName: row?.fileName ?? blob.metadata.filename ?? ref.name };
  }

  async openSupportBlob(ref: SupportReference) {
    const blob = await this.#store().get(ref.key);
    if (!blob) throw ApiError.notFound("That support file does not exist.");
    return { blob, fileName: blob.metadata.filename ?? ref.name };
  }

  /**
   * DeleteTenantDataBlob (data files) and AdminDeleteTenantDataBlobFromFullBlobReference (any tenant file,
   * published reports too): the row and the bytes go; 404 when neither was there.
   */
  async deleteTenantBlob(ref: TenantReference, { anyCategory }: { anyCategory: boolean }) {
    if (!anyCategory && ref.category !== "data") {
      throw ApiError.forbidden("Published reports are deleted by an administrator.");
    }
    const removed = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.delete(blobFiles).where(eq(blobFiles.reference, ref.local)).returning();
      if (row) {
        await recordAudit(tx, this.ctx, {
          entity: BLOB_ENTITY,
          entityId: ref.local,
          action: "File deleted",
          before: { size: row.size, fileName: row.fileName },
          after: null,
        });
      }
      return row;
    });
    const existed = await this.#store().delete(ref.key);
    if (!removed && !existed) throw ApiError.notFound("That file does not exist.");
    return { reference: ref.key, deleted: true };
  }

  async uploadSupportBlob(
    ref: SupportReference,
    body: ReadableStream<Uint8Array>,
    file: { fileName: string; contentType: string; maxBytes: number },
  ) {
    const info = await this.#store().put(ref.key, body, {
      contentType: file.contentType,
      maxBytes: file.maxBytes,
      metadata: { filename: file.fileName || ref.name, uploadedby: displayName(this.ctx.caller) },
    }).catch((error) => {
      throw tooLargeInWords(error, "file");
    });
    // support files are every organisation's: a super action, in the super audit
    await new SuperService(this.ctx).recordAction({
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

  async deleteSupportBlob(ref: SupportReference) {
    if (!(await this.#store().delete(ref.key))) throw ApiError.notFound("That support file does not exist.");
    await new SuperService(this.ctx).recordAction({
      tenantId: null,
      action: "DeleteSupportBlob",
      detail: { reference: ref.key },
    });
    return { reference: ref.key, deleted: true };
  }

  /**
   * Records a published report written by storePublishedReport (invoices' publish and UploadPublishedReport):
   * who published it and when, so Files & publishing lists it.
   */
  async recordPublished(local: string, size: number, publishedAt: string) {
    const [, folder, name] = /^published\/(.+)\/([^/]+)$/.exec(local) ?? [];
    if (!folder) return;
    const who = displayName(this.ctx.caller);
    const values = {
      reference: local,
      category: "published",
      folder,
      name,
      size,
      contentType: "application/pdf",
      fileName: name,
      publishedByUserId: this.ctx.caller.user.id,
      publishedByName: who,
      publishedAt,
      uploadedAt: new Date().toISOString(),
      uploadedByName: who,
    };
    await this.ctx.db.insert(blobFiles).values(values).onConflictDoUpdate({
      target: blobFiles.reference,
      set: values,
    });
  }
}
