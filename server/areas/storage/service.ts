/**
 * A yard's site map and the published reports (spec 2 §7.5), kept in the app's blob store (server/storage/)
 * under the tenant's own space: `tenant-<id>/maps/<stockyardId>.<ext>` (its key without the tenant part on
 * the yard, `stockyards.mapImageKey`) and `tenant-<id>/published/<category>/<id>-<time>.pdf`. The store
 * writes a blob whole or not at all. Only yards of the caller's sites exist for them (404 otherwise).
 * Uploading a map does not change the yard's lastModified: a layout being edited stays saveable.
 */
import { eq } from "drizzle-orm";
import { stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { recordAudit } from "../audit.ts";
import { BlobService, tooLargeInWords } from "./blobs.ts";
import { peekHead } from "./multipart.ts";
import {
  extensionOfKey,
  formatBytes,
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_TYPES,
  type MapImageExtension,
  PUBLISHED_REPORT_MAX_BYTES,
  sniffImage,
} from "./rules.ts";

/** The audit entity of a yard (server/areas/stockyard/queries.ts YARD_ENTITY). */
const YARD_ENTITY = "stockyard";

export interface StoredImage {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  bytes: number;
  etag: string;
}

export class StorageService {
  constructor(private readonly ctx: AreaContext) {}

  /** The tenant's own space in the store: nothing of another tenant's can be named from here. */
  #key(local: string): string {
    return `tenant-${this.ctx.tenantId}/${local}`;
  }

  #store = () => this.ctx.app.storage;

  async #yard(stockyardId: number) {
    const [yard] = await this.ctx.db.select().from(stockyards).where(eq(stockyards.id, stockyardId));
    if (!yard || !this.ctx.caller.sites.some((s) => s.id === yard.tenantSiteId)) {
      throw ApiError.notFound("That yard does not exist.");
    }
    return yard;
  }

  /**
   * Stores the map image of a yard (PNG, JPEG or WebP, ≤ 5 MB), replacing the one it had. The upload is
   * read as it arrives: its first bytes say which image it is, the rest streams into the store.
   */
  async uploadMapImage(stockyardId: number, upload: ReadableStream<Uint8Array>) {
    const yard = await this.#yard(stockyardId);
    const { head, body } = await peekHead(upload, 16);
    const ext = sniffImage(head);
    if (head.byteLength === 0 || !ext) {
      await body.cancel();
      if (head.byteLength === 0) throw ApiError.badRequest("The file is empty: choose a map image.");
      throw new ApiError(415, "That file is not a PNG, JPEG or WebP image: save the map as one of those.");
    }
    const key = `maps/${yard.id}.${ext}`;
    const stored = await this.#store().put(this.#key(key), body, {
      contentType: MAP_IMAGE_TYPES[ext],
      maxBytes: MAP_IMAGE_MAX_BYTES,
    }).catch((error) => {
      throw tooLargeInWords(error, "map image");
    });
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(stockyards).set({ mapImageKey: key }).where(eq(stockyards.id, yard.id));
      await recordAudit(tx, this.ctx, {
        entity: YARD_ENTITY,
        entityId: yard.id,
        action: `Site map uploaded (${ext.toUpperCase()}, ${formatBytes(stored.size)})`,
        before: { mapImageKey: yard.mapImageKey },
        after: { mapImageKey: key },
      });
    });
    if (yard.mapImageKey && yard.mapImageKey !== key) {
      await this.#store().delete(this.#key(yard.mapImageKey)).catch(() => {});
    }
    await this.ctx.app.push.emit(
      this.ctx.tenantId,
      "stockyardSetupUpdated",
      { stockyardId: yard.id, siteId: yard.tenantSiteId },
      { qualifier: yard.tenantSiteId },
    );
    return {
      stockyardId: yard.id,
      hasMapImage: true,
      contentType: MAP_IMAGE_TYPES[ext],
      bytes: stored.size,
      version: versionOf(stored.size, stored.etag),
    };
  }

  /**
   * Keeps a published report: the exact PDF sent (rendered at publish, or uploaded by UploadPublishedReport,
   * streamed), under `published/<category>/<id>-<publish time>.pdf`; answers its reference (the key inside
   * the tenant's space) and size, and records who published it for Files & publishing.
   */
  async storePublishedStream(
    category: string,
    id: number,
    publishedAt: string,
    content: ReadableStream<Uint8Array>,
  ): Promise<{ key: string; size: number }> {
    const safe = category.replace(/[^a-z0-9-]/gi, "");
    const key = `published/${safe}/${id}-${publishedAt.replace(/[^0-9]/g, "")}.pdf`;
    const stored = await this.#store().put(this.#key(key), content, {
      contentType: "application/pdf",
      maxBytes: PUBLISHED_REPORT_MAX_BYTES,
      metadata: { filename: `${safe}-${id}.pdf` },
    }).catch((error) => {
      throw tooLargeInWords(error, "PDF");
    });
    await new BlobService(this.ctx).recordPublished(key, stored.size, publishedAt);
    return { key, size: stored.size };
  }

  /** The same for a PDF already in memory (one just rendered): answers its reference. */
  async storePublishedReport(category: string, id: number, publishedAt: string, bytes: Uint8Array) {
    const body = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
    return (await this.storePublishedStream(category, id, publishedAt, body)).key;
  }

  /** A published report's bytes by its reference; null when the file is gone. */
  async publishedReport(key: string): Promise<Uint8Array | null> {
    if (!/^published\/[a-z0-9-]+\/[0-9]+-[0-9]+\.pdf$/i.test(key)) return null;
    const blob = await this.#store().get(this.#key(key));
    return blob ? new Uint8Array(await new Response(blob.body).arrayBuffer()) : null;
  }

  /** The yard's map image, open for streaming; 404 when it has none. */
  async mapImage(stockyardId: number): Promise<StoredImage> {
    const yard = await this.#yard(stockyardId);
    const ext: MapImageExtension | null = yard.mapImageKey ? extensionOfKey(yard.mapImageKey) : null;
    if (!yard.mapImageKey || !ext) throw ApiError.notFound("This yard has no site map yet.");
    const blob = await this.#store().get(this.#key(yard.mapImageKey));
    if (!blob) throw ApiError.notFound("This yard has no site map yet.");
    return {
      body: blob.body,
      contentType: MAP_IMAGE_TYPES[ext],
      bytes: blob.size,
      etag: `"${versionOf(blob.size, blob.etag)}"`,
    };
  }
}

/** A short version of a stored blob: its size and its ETag's first characters. */
function versionOf(size: number, etag: string): string {
  return `${size.toString(36)}-${etag.replace(/[^0-9a-z]/gi, "").slice(0, 12)}`;
}
