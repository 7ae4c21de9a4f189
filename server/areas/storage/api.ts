/**
 * api/storage/… (spec 2 §7.5 "Blob storage"): the site map drawn behind a yard's pens (uploading is for
 * whoever can open Settings › Yards & paddocks; the image is read by every screen that draws the yard) and
 * a published invoice's signed PDF. The tenant data, published and support blob calls are blobApi.ts.
 * Uploads are read as streams (multipart.ts): the form's fields first, the file straight into the store.
 */
import type { Context } from "hono";
import type { AccessRule } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { apiRoute, type ApiRouter, apiRouter, okJson } from "../../http/openapi.ts";
import { ApiErrorBodySchema } from "../../http/errors.ts";
import { apiService } from "../context.ts";
import { StorageService } from "./service.ts";
import {
  MAP_UPLOAD_FORM,
  MapImageInfo,
  MapImageParam,
  MapYardField,
  PUBLISHED_UPLOAD_FORM,
  PublishedInvoiceField,
  PublishedReportInfo,
  recordOf,
  SubcategoryQuery,
} from "./schemas.ts";
import { MAP_IMAGE_MAX_BYTES, PUBLISHED_REPORT_MAX_BYTES } from "./rules.ts";
import { InvoiceCommands } from "../invoices/commands.ts";
import { ApiError } from "../../http/errors.ts";
import { imageResponses, storedFileAnswer } from "../../http/files.ts";
import { BLOB_BODY_LIMITS, blobApi, publishDateField } from "./blobApi.ts";
/** The blob calls' paths, for other areas' pages (the super support desk lists support files). */
export { BLOB_API } from "./blobApi.ts";
import { checkedFile, streamUpload } from "./multipart.ts";

/** The paths pages and islands call. */
export const STORAGE_API = {
  uploadMapImage: "/api/storage/UploadMapImage",
  uploadPublishedReport: "/api/storage/UploadPublishedReport",
  /** + `/{stockyardId}` */
  downloadMapImage: "/api/storage/DownloadMapImage",
} as const;

/**
 * Request bodies larger than the app's 1 MB limit, by path: server/app.ts gives these paths their own
 * limit (a multipart form carries a little more than its file).
 */
export const STORAGE_BODY_LIMITS: Readonly<Record<string, number>> = {
  [STORAGE_API.uploadMapImage]: MAP_IMAGE_MAX_BYTES + 64 * 1024,
  [STORAGE_API.uploadPublishedReport]: PUBLISHED_REPORT_MAX_BYTES + 64 * 1024,
  ...BLOB_BODY_LIMITS,
};

const tags = ["Storage"];
const MAP_WRITE: AccessRule = { pages: ["settingsStockyard"] };
const MAP_READ: AccessRule = { role: "user", modules: ["stockyard", "stockyardSettings"] };
const service = (c: Context<AppEnv>) => apiService(c, StorageService);
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

export const storageApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "post",
      path: STORAGE_API.uploadPublishedReport,
      tags,
      summary: "Keep a signed or stamped PDF as a published invoice's report (multipart: invoiceId, file; " +
        "a PDF up to 10 MB); downloads give it from then on",
      access: { pages: ["invoicemanager"] },
      request: {
        body: { content: { "multipart/form-data": { schema: PUBLISHED_UPLOAD_FORM } }, required: true },
      },
      responses: {
        ...okJson(PublishedReportInfo),
        413: { description: "The PDF is over 10 MB", content: errorContent },
        415: { description: "Not a PDF (or not a multipart form)", content: errorContent },
      },
    }),
    async (c) => {
      const invoices = await apiService(c, InvoiceCommands);
      // read as a stream: the invoice first, then the PDF's bytes, checked as they pass, into the store
      const answer = await streamUpload(c, (fields, file) => {
        const invoiceId = recordOf(fields, "invoiceId", ["invoices", "invoice"]);
        const id = PublishedInvoiceField.safeParse({ invoiceId });
        if (!id.success) throw ApiError.fromZod(id.error);
        const publishedAt = publishDateField(fields.publishdate);
        const pdf = checkedFile(
          file.body,
          "pdf",
          "That file is not a PDF: save or print the report as a PDF.",
        );
        return invoices.attachPublishedReport(id.data.invoiceId, pdf, publishedAt);
      });
      return c.json(answer, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: STORAGE_API.uploadMapImage,
      tags,
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
    }),
    async (c) => {
      const storage = await service(c);
      // read as a stream: the yard first, then the image's bytes straight into the store
      const answer = await streamUpload(c, (fields, file) => {
        const id = MapYardField.safeParse({ stockyardId: recordOf(fields, "stockyardId", ["stockyard"]) });
        if (!id.success) throw ApiError.fromZod(id.error);
        return storage.uploadMapImage(id.data.stockyardId, file.body);
      });
      return c.json(answer, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: `${STORAGE_API.downloadMapImage}/{stockyardId}`,
      tags,
      summary: "A yard's site map image (404 when it has none)",
      access: MAP_READ,
      request: { params: MapImageParam, query: SubcategoryQuery },
      responses: imageResponses,
    }),
    async (c) => {
      const map = await (await service(c)).mapImage(c.req.valid("param").stockyardId);
      return await storedFileAnswer(c, { ...map, size: map.bytes }, { inlineImage: true });
    },
  )
  // tenant data, published and support blobs (blobApi.ts)
  .route("/", blobApi);
