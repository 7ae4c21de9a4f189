/**
 * api/storage/… (spec 2 §7.5 "Blob storage"): the site map drawn behind a yard's pens. Uploading is for
 * whoever can open Settings › Yards & paddocks; the image is read by every screen that draws the yard.
 */
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, errorResponses, okJson } from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { z } from "@hono/zod-openapi";
import { apiService } from "../context.ts";
import { StorageService } from "./service.ts";
import { MapImageInfo, MapImageParam, UploadMapImageForm } from "./schemas.ts";
import { MAP_IMAGE_MAX_BYTES } from "./rules.ts";

/** The paths pages and islands call. */
export const STORAGE_API = {
  uploadMapImage: "/api/storage/UploadMapImage",
  /** + `/{stockyardId}` */
  downloadMapImage: "/api/storage/DownloadMapImage",
} as const;

/**
 * Request bodies larger than the app's 1 MB limit, by path: server/app.ts gives these paths their own
 * limit (a multipart form carries a little more than its file).
 */
export const STORAGE_BODY_LIMITS: Readonly<Record<string, number>> = {
  [STORAGE_API.uploadMapImage]: MAP_IMAGE_MAX_BYTES + 64 * 1024,
};

const tags = ["Storage"];
const MAP_WRITE: AccessRule = { pages: ["settingsStockyard"] };
const MAP_READ: AccessRule = { role: "user", modules: ["stockyard", "stockyardSettings"] };
const service = (c: Context<AppEnv>) => apiService(c, StorageService);
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
const image = { schema: z.string().openapi({ type: "string", format: "binary" }) };

export const storageApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "post",
      path: STORAGE_API.uploadMapImage,
      tags,
      summary: "Upload a yard's site map (multipart: stockyardId, file; PNG, JPEG or WebP up to 5 MB); " +
        "it replaces the yard's previous map",
      access: MAP_WRITE,
      request: {
        body: { content: { "multipart/form-data": { schema: UploadMapImageForm } }, required: true },
      },
      responses: {
        ...okJson(MapImageInfo),
        413: { description: "The image is over 5 MB", content: errorContent },
        415: {
          description: "Not a PNG, JPEG or WebP image (or not a multipart form)",
          content: errorContent,
        },
      },
    }),
    async (c) => {
      const form = c.req.valid("form");
      return c.json(await (await service(c)).uploadMapImage(form.stockyardId, form.file), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: `${STORAGE_API.downloadMapImage}/{stockyardId}`,
      tags,
      summary: "A yard's site map image (404 when it has none)",
      access: MAP_READ,
      request: { params: MapImageParam },
      responses: {
        200: {
          description: "The image",
          content: { "image/png": image, "image/jpeg": image, "image/webp": image },
        },
        304: { description: "Not modified since the ETag sent in If-None-Match" },
        ...errorResponses,
      },
    }),
    async (c) => {
      const map = await (await service(c)).mapImage(c.req.valid("param").stockyardId);
      const headers = {
        "Content-Type": map.contentType,
        "Cache-Control": "private, no-cache",
        ETag: map.etag,
        "Content-Disposition": "inline",
      };
      if (c.req.header("if-none-match") === map.etag) {
        map.file.close();
        return c.body(null, 304, headers);
      }
      return c.body(map.file.readable, 200, { ...headers, "Content-Length": String(map.bytes) });
    },
  );
