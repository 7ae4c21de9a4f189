/**
 * api/storage/… for a yard's site map (spec 2 §7.5 "Blob storage"), drawn behind the yard's pens:
 * uploading is for whoever can open Settings › Yards & paddocks; the image is read by every screen that
 * draws the yard. The paths and the "Storage" tag are the ones the map always had. The upload is read as
 * a stream (storage/operations/upload.ts): the form's fields first, the file straight into the store.
 */
import type { AccessRule } from "../../../access/apiAccess.ts";
import { ApiError, ApiErrorBodySchema } from "../../../http/errors.ts";
import { imageResponses } from "../../../http/files.ts";
import { okJson } from "../../../http/openapi.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { recordOf, streamUpload } from "../../storage/operations/upload.ts";
import { mapImage, uploadMapImage } from "./operations.ts";
import { MAP_IMAGE_MAX_BYTES } from "./rules.ts";
import { MAP_UPLOAD_FORM, MapImageInfo, MapImageParam, MapYardField, SubcategoryQuery } from "./schemas.ts";

/** The paths pages and islands call. */
export const MAP_IMAGE_API = {
  uploadMapImage: "/api/storage/UploadMapImage",
  /** + `/{stockyardId}` */
  downloadMapImage: "/api/storage/DownloadMapImage",
} as const;

/** The upload's body limit, above the app's 1 MB (a multipart form carries a little more than its file). */
export const MAP_IMAGE_BODY_LIMITS: Readonly<Record<string, number>> = {
  [MAP_IMAGE_API.uploadMapImage]: MAP_IMAGE_MAX_BYTES + 64 * 1024,
};

const MAP_WRITE: AccessRule = { pages: ["settingsStockyard"] };
const MAP_READ: AccessRule = { role: "user", modules: ["stockyard", "stockyardSettings"] };
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

const api = areaApi(["Storage"]);

api.route(
  {
    method: "post",
    path: MAP_IMAGE_API.uploadMapImage,
    summary: "Upload a yard's site map (multipart: stockyardId, file; PNG, JPEG or WebP up to 5 MB); " +
      "it replaces the yard's previous map",
    access: MAP_WRITE,
    request: {
      body: { content: { "multipart/form-data": { schema: MAP_UPLOAD_FORM } }, required: true },
    },
    responses: {
      ...okJson(MapImageInfo),
      413: { description: "The image is over 5 MB", content: errorContent },
      415: {
        description: "Not a PNG, JPEG or WebP image (or not a multipart form)",
        content: errorContent,
      },
    },
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    // read as a stream: the yard first, then the image's bytes straight into the store
    const answer = await streamUpload(c, (fields, file) => {
      const id = MapYardField.safeParse({ stockyardId: recordOf(fields, "stockyardId", ["stockyard"]) });
      if (!id.success) throw ApiError.fromZod(id.error);
      return uploadMapImage(ctx, id.data.stockyardId, file.body);
    });
    return c.json(answer, 200);
  },
);

api.stored(
  `${MAP_IMAGE_API.downloadMapImage}/{stockyardId}`,
  "A yard's site map image (404 when it has none)",
  { params: MapImageParam, query: SubcategoryQuery },
  imageResponses,
  MAP_READ,
  async (ctx, { stockyardId }) => ({ file: await mapImage(ctx, stockyardId), inlineImage: true }),
);

export const mapImageApi = api.router();
