/**
 * A yard's site map (spec 2 §7.5), kept in the app's blob store (server/storage/) under the tenant's own
 * space: `tenant-<id>/maps/<stockyardId>.<ext>` (its key without the tenant part on the yard,
 * `stockyards.mapImageKey`). The store writes a blob whole or not at all. Only yards of the caller's
 * sites exist for them (404 otherwise). Uploading a map does not change the yard's lastModified: a
 * layout being edited stays saveable.
 */
import { eq } from "drizzle-orm";
import { stockyards } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { StoredFile } from "../../../http/files.ts";
import type { AreaContext } from "../../context.ts";
import { formatBytes, MAP_IMAGE_TYPES, sniffImage } from "../../storage/rules.ts";
import { peekHead, tooLargeInWords } from "../../storage/operations/upload.ts";
import { findYard, YARD_ENTITY } from "../queries.ts";
import { extensionOfKey, MAP_IMAGE_MAX_BYTES } from "./rules.ts";

/** The tenant's own space in the store: nothing of another tenant's can be named from here. */
const tenantKey = (ctx: AreaContext, local: string) => `tenant-${ctx.tenantId}/${local}`;

/** A short version of a stored blob: its size and its ETag's first characters. */
function versionOf(size: number, etag: string): string {
  return `${size.toString(36)}-${etag.replace(/[^0-9a-z]/gi, "").slice(0, 12)}`;
}

/**
 * Stores the map image of a yard (PNG, JPEG or WebP, ≤ 5 MB), replacing the one it had. The upload is
 * read as it arrives: its first bytes say which image it is, the rest streams into the store.
 */
export async function uploadMapImage(
  ctx: AreaContext,
  stockyardId: number,
  upload: ReadableStream<Uint8Array>,
) {
  const yard = await findYard(ctx, stockyardId);
  const { head, body } = await peekHead(upload, 16);
  const ext = sniffImage(head);
  if (head.byteLength === 0 || !ext) {
    await body.cancel();
    if (head.byteLength === 0) throw ApiError.badRequest("The file is empty: choose a map image.");
    throw new ApiError(415, "That file is not a PNG, JPEG or WebP image: save the map as one of those.");
  }
  const key = `maps/${yard.id}.${ext}`;
  const stored = await ctx.app.storage.put(tenantKey(ctx, key), body, {
    contentType: MAP_IMAGE_TYPES[ext],
    maxBytes: MAP_IMAGE_MAX_BYTES,
  }).catch((error) => {
    throw tooLargeInWords(error, "map image");
  });
  await ctx.write(async (tx, unit) => {
    await tx.update(stockyards).set({ mapImageKey: key }).where(eq(stockyards.id, yard.id));
    await unit.audit({
      entity: YARD_ENTITY,
      entityId: yard.id,
      action: `Site map uploaded (${ext.toUpperCase()}, ${formatBytes(stored.size)})`,
      before: { mapImageKey: yard.mapImageKey },
      after: { mapImageKey: key },
    });
    if (yard.mapImageKey && yard.mapImageKey !== key) {
      const old = tenantKey(ctx, yard.mapImageKey);
      unit.afterCommit(() => ctx.app.storage.delete(old).catch(() => {}));
    }
    unit.announce(
      "stockyardSetupUpdated",
      { stockyardId: yard.id, siteId: yard.tenantSiteId },
      { qualifier: yard.tenantSiteId },
    );
  });
  return {
    stockyardId: yard.id,
    hasMapImage: true,
    contentType: MAP_IMAGE_TYPES[ext],
    bytes: stored.size,
    version: versionOf(stored.size, stored.etag),
  };
}

/** The yard's map image, open for streaming; 404 when it has none. */
export async function mapImage(ctx: AreaContext, stockyardId: number): Promise<StoredFile> {
  const yard = await findYard(ctx, stockyardId);
  const ext = yard.mapImageKey ? extensionOfKey(yard.mapImageKey) : null;
  if (!yard.mapImageKey || !ext) throw ApiError.notFound("This yard has no site map yet.");
  const blob = await ctx.app.storage.get(tenantKey(ctx, yard.mapImageKey));
  if (!blob) throw ApiError.notFound("This yard has no site map yet.");
  return {
    body: blob.body,
    contentType: MAP_IMAGE_TYPES[ext],
    size: blob.size,
    etag: `"${versionOf(blob.size, blob.etag)}"`,
  };
}
