/**
 * Blob storage on the server's disk (spec 2 §7.5): a yard's site map, kept per tenant under
 * `${DATA_DIR}/files/tenant-<id>/maps/<stockyardId>.<ext>`, its key on the yard (`stockyards.mapImageKey`).
 * A file is written beside its place and renamed in, so a reader never sees half an image. Only yards of
 * the caller's sites exist for them (404 otherwise). Uploading a map does not change the yard's
 * lastModified: a layout being edited stays saveable.
 */
import { eq } from "drizzle-orm";
import { stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { recordAudit } from "../audit.ts";
import {
  extensionOfKey,
  formatBytes,
  MAP_IMAGE_MAX_BYTES,
  MAP_IMAGE_TYPES,
  type MapImageExtension,
  sniffImage,
} from "./rules.ts";

/** The audit entity of a yard (server/areas/stockyard/queries.ts YARD_ENTITY). */
const YARD_ENTITY = "stockyard";

export interface StoredImage {
  file: Deno.FsFile;
  contentType: string;
  bytes: number;
  etag: string;
}

export class StorageService {
  constructor(private readonly ctx: AreaContext) {}

  /** The tenant's own folder: nothing of another tenant's can be named from here. */
  #tenantDir(): string {
    return `${this.ctx.app.config.DATA_DIR}/files/tenant-${this.ctx.tenantId}`;
  }

  async #yard(stockyardId: number) {
    const [yard] = await this.ctx.db.select().from(stockyards).where(eq(stockyards.id, stockyardId));
    if (!yard || !this.ctx.caller.sites.some((s) => s.id === yard.tenantSiteId)) {
      throw ApiError.notFound("That yard does not exist.");
    }
    return yard;
  }

  /** Stores the map image of a yard (PNG, JPEG or WebP, ≤ 5 MB), replacing the one it had. */
  async uploadMapImage(stockyardId: number, file: File) {
    const yard = await this.#yard(stockyardId);
    if (file.size === 0) throw ApiError.badRequest("The file is empty: choose a map image.");
    if (file.size > MAP_IMAGE_MAX_BYTES) {
      throw new ApiError(
        413,
        `The image is ${formatBytes(file.size)}: a map can be at most ${formatBytes(MAP_IMAGE_MAX_BYTES)}.`,
      );
    }
    const data = new Uint8Array(await file.arrayBuffer());
    const ext = sniffImage(data.subarray(0, 16));
    if (!ext) {
      throw new ApiError(415, "That file is not a PNG, JPEG or WebP image: save the map as one of those.");
    }
    const key = `maps/${yard.id}.${ext}`;
    const dir = `${this.#tenantDir()}/maps`;
    await Deno.mkdir(dir, { recursive: true });
    const path = `${this.#tenantDir()}/${key}`;
    const partial = `${path}.${crypto.randomUUID()}.part`;
    try {
      await Deno.writeFile(partial, data);
      await Deno.rename(partial, path);
    } catch (error) {
      await Deno.remove(partial).catch(() => {});
      throw error;
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(stockyards).set({ mapImageKey: key }).where(eq(stockyards.id, yard.id));
      await recordAudit(tx, this.ctx, {
        entity: YARD_ENTITY,
        entityId: yard.id,
        action: `Site map uploaded (${ext.toUpperCase()}, ${formatBytes(data.byteLength)})`,
        before: { mapImageKey: yard.mapImageKey },
        after: { mapImageKey: key },
      });
    });
    if (yard.mapImageKey && yard.mapImageKey !== key) {
      await Deno.remove(`${this.#tenantDir()}/${yard.mapImageKey}`).catch(() => {});
    }
    await this.ctx.app.push.emit(
      this.ctx.tenantId,
      "stockyardSetupUpdated",
      { stockyardId: yard.id, siteId: yard.tenantSiteId },
      { qualifier: yard.tenantSiteId },
    );
    const stat = await Deno.stat(path);
    return {
      stockyardId: yard.id,
      hasMapImage: true,
      contentType: MAP_IMAGE_TYPES[ext],
      bytes: stat.size,
      version: versionOf(stat),
    };
  }

  /**
   * Keeps a published report (UploadPublishedReport): the exact PDF sent, under
   * `published/<category>/<id>-<publish time>.pdf`; answers its reference (the blob key).
   */
  async storePublishedReport(category: string, id: number, publishedAt: string, bytes: Uint8Array) {
    const safe = category.replace(/[^a-z0-9-]/gi, "");
    const key = `published/${safe}/${id}-${publishedAt.replace(/[^0-9]/g, "")}.pdf`;
    await Deno.mkdir(`${this.#tenantDir()}/published/${safe}`, { recursive: true });
    const path = `${this.#tenantDir()}/${key}`;
    const partial = `${path}.${crypto.randomUUID()}.part`;
    try {
      await Deno.writeFile(partial, bytes);
      await Deno.rename(partial, path);
    } catch (error) {
      await Deno.remove(partial).catch(() => {});
      throw error;
    }
    return key;
  }

  /** A published report's bytes by its reference; null when the file is gone. */
  async publishedReport(key: string): Promise<Uint8Array | null> {
    if (!/^published\/[a-z0-9-]+\/[0-9]+-[0-9]+\.pdf$/i.test(key)) return null;
    try {
      return await Deno.readFile(`${this.#tenantDir()}/${key}`);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return null;
      throw error;
    }
  }

  /** The yard's map image, open for streaming; 404 when it has none. */
  async mapImage(stockyardId: number): Promise<StoredImage> {
    const yard = await this.#yard(stockyardId);
    const ext: MapImageExtension | null = yard.mapImageKey ? extensionOfKey(yard.mapImageKey) : null;
    if (!yard.mapImageKey || !ext) throw ApiError.notFound("This yard has no site map yet.");
    let file: Deno.FsFile;
    try {
      file = await Deno.open(`${this.#tenantDir()}/${yard.mapImageKey}`, { read: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) throw ApiError.notFound("This yard has no site map yet.");
      throw error;
    }
    const stat = await file.stat();
    return { file, contentType: MAP_IMAGE_TYPES[ext], bytes: stat.size, etag: `"${versionOf(stat)}"` };
  }
}

function versionOf(stat: Deno.FileInfo): string {
  return `${stat.size.toString(36)}-${(stat.mtime?.getTime() ?? 0).toString(36)}`;
}
