/**
 * api/storage/… tenant data, published and support blobs (spec 2 §7.5). Who may:
 * - list and upload the tenant's files, delete its data files: whoever can open Settings › Files &
 *   publishing (testers: test, support, super);
 * - download a tenant file: any plant user of the tenant (other screens show its files);
 * - delete any tenant file, published reports too: administrators (AdminDelete…);
 * - download a support file: every signed-in user; upload or delete one: super users.
 * The deletes are GETs as the spec names them, marked as changing state (a foreign page cannot link one).
 */
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../access/apiAccess.ts";
import { SIGNED_IN, SUPER } from "../../access/apiAccess.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError, ApiErrorBodySchema } from "../../http/errors.ts";
import { storedFileAnswer } from "../../http/files.ts";
import { requireCaller } from "../../http/auth.ts";
import { apiRoute, type ApiRouter, apiRouter, errorResponses, okJson } from "../../http/openapi.ts";
import { apiService } from "../context.ts";
import { BlobService } from "./blobs.ts";
import {
  Deleted,
  DownloadTenantQuery,
  FolderBlob,
  FolderBlobList,
  FolderQuery,
  ListQuery,
  PublishDate,
  ReferenceQuery,
  SUPPORT_UPLOAD_FORM,
  TENANT_UPLOAD_FORM,
  TenantBlob,
  TenantBlobList,
} from "./blobSchemas.ts";
import { checkedFile, streamUpload } from "./multipart.ts";
import {
  isFolder,
  parseSupportReference,
  parseTenantReference,
  type ReferenceResult,
  supportPrefix,
  tenantPrefix,
} from "./references.ts";
import {
  BLOB_TYPE_WORDS,
  blobTypeOf,
  extensionOf,
  SUPPORT_BLOB_MAX_BYTES,
  TENANT_BLOB_MAX_BYTES,
} from "./rules.ts";
import type { BlobBody } from "../../storage/mod.ts";

export const BLOB_API = {
  getBlobsForFolder: "/api/storage/GetBlobsForFolder",
  listTenantDataBlobs: "/api/storage/ListTenantDataBlobs",
  downloadTenantBlob: "/api/storage/DownloadTenantBlob",
  downloadSupportBlob: "/api/storage/DownloadSupportBlob",
  uploadTenantBlob: "/api/storage/UploadTenantDataBlobUsingFullBlobReference",
  uploadSupportBlob: "/api/storage/UploadSupportBlobUsingFullBlobReference",
  deleteTenantBlob: "/api/storage/DeleteTenantDataBlob",
  adminDeleteTenantBlob: "/api/storage/AdminDeleteTenantDataBlobFromFullBlobReference",
  superDeleteSupportBlob: "/api/storage/SuperDeleteSupportBlobFromFullBlobReference",
} as const;

/** A multipart form carries a little more than its file: the app refuses a body past this at once. */
export const BLOB_BODY_LIMITS: Readonly<Record<string, number>> = {
  [BLOB_API.uploadTenantBlob]: TENANT_BLOB_MAX_BYTES + 64 * 1024,
  [BLOB_API.uploadSupportBlob]: SUPPORT_BLOB_MAX_BYTES + 64 * 1024,
};

const tags = ["Storage"];
const FILES: AccessRule = { pages: ["settingsFiles"] };
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
const blobs = (c: Context<AppEnv>) => apiService(c, BlobService);
const tenantOf = (c: Context<AppEnv>) => requireCaller(c).tenant.id;

/** The parsed reference, or a 400 naming the field in words. */
function valid<T>(result: ReferenceResult<T>, field = "fullBlobReference"): T {
  if (!result.ok) throw ApiError.validation([{ field, message: result.message }], result.message);
  return result.value;
}

const uploadResponses = (schema: z.ZodType, limit: string) => ({
  ...okJson(schema),
  413: { description: `The file is over ${limit}`, content: errorContent },
  415: { description: "A kind of file not kept, or not what its name says", content: errorContent },
});

const download = {
  200: { description: "The file", content: { "application/octet-stream": { schema: z.string() } } },
  304: { description: "Not modified since the ETag sent in If-None-Match" },
  ...errorResponses,
};

/** The file's kind from its name, or 415 in words. */
function kindOf(name: string) {
  const kind = blobTypeOf(name);
  if (!kind) {
    const ext = extensionOf(name);
    throw new ApiError(415, `Files of type .${ext} are not kept: choose ${BLOB_TYPE_WORDS}.`);
  }
  return kind;
}

const notWhatItSays = (ext: string) =>
  `That file is not the ${ext.toUpperCase()} its name says: save it again as ${ext.toUpperCase()}.`;

/**
 * A stored blob as an HTTP answer: always a download, whatever its kind. A user's upload is never shown
 * from our origin (a PDF can carry script; files.ts gives it a sandbox should it be opened anyway).
 */
const blobResponse = (c: Context<AppEnv>, blob: BlobBody, fileName: string, allowCache: boolean) =>
  storedFileAnswer(c, blob, { fileName, allowCache });

const booleanField = (value: string | undefined, field: string) => {
  if (value === undefined || value === "") return false;
  const v = value.toLowerCase();
  if (v === "true" || v === "false") return v === "true";
  throw ApiError.validation([{ field, message: "Send true or false" }]);
};

export const blobApi: ApiRouter = apiRouter()
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.getBlobsForFolder,
      tags,
      summary: "The files the store holds under a folder: the tenant's (tenant-<id>/…) or, with " +
        "isForSupport=true, the support files (support/…); at most 500, in name order",
      access: FILES,
      request: { query: FolderQuery },
      responses: okJson(FolderBlobList),
    }),
    async (c) => {
      const { prefix = "", isForSupport } = c.req.valid("query");
      const folder = isForSupport === "true"
        ? valid(supportPrefix(prefix), "prefix")
        : valid(tenantPrefix(prefix, tenantOf(c)), "prefix");
      return c.json(await (await blobs(c)).blobsForFolder(folder), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.listTenantDataBlobs,
      tags,
      summary: "The tenant's data files and published reports with who published them and when " +
        "(category data or published, subcategory = folder); at most 500, the total beside them",
      access: FILES,
      request: { query: ListQuery },
      responses: okJson(TenantBlobList),
    }),
    async (c) => {
      const { category, subcategory } = c.req.valid("query");
      if (subcategory && !isFolder(subcategory)) {
        throw ApiError.validation([{ field: "subcategory", message: "Not a folder name" }]);
      }
      return c.json(await (await blobs(c)).listTenantBlobs(category, subcategory), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.downloadTenantBlob,
      tags,
      summary: "One of the tenant's files (allowCache=true lets the browser keep it a day)",
      access: { role: "user" },
      request: { query: DownloadTenantQuery },
      responses: download,
    }),
    async (c) => {
      const { fullBlobReference, allowCache } = c.req.valid("query");
      const ref = valid(parseTenantReference(fullBlobReference, tenantOf(c)));
      const { blob, fileName } = await (await blobs(c)).openTenantBlob(ref);
      return await blobResponse(c, blob, fileName, allowCache === "true");
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.downloadSupportBlob,
      tags,
      summary: "A support file (support content images and attachments), shared by every organisation",
      access: SIGNED_IN,
      request: { query: ReferenceQuery },
      responses: download,
    }),
    async (c) => {
      const ref = valid(parseSupportReference(c.req.valid("query").fullBlobReference));
      const { blob, fileName } = await (await blobs(c)).openSupportBlob(ref);
      return await blobResponse(c, blob, fileName, true);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: BLOB_API.uploadTenantBlob,
      tags,
      summary: "Keep a file at a tenant reference (multipart: FullBlobReference, IsSavePublisherUserId, " +
        `PublishDate, then File; ${BLOB_TYPE_WORDS}; at most 20 MB), replacing one of the same reference`,
      access: FILES,
      request: {
        body: { content: { "multipart/form-data": { schema: TENANT_UPLOAD_FORM } }, required: true },
      },
      responses: uploadResponses(TenantBlob, "20 MB"),
    }),
    async (c) => {
      const tenantId = tenantOf(c);
      const service = await blobs(c);
      const row = await streamUpload(c, (fields, file) => {
        const ref = valid(
          parseTenantReference(fields.fullblobreference ?? "", tenantId),
          "FullBlobReference",
        );
        const kind = kindOf(ref.name);
        const savePublisher = booleanField(fields.issavepublisheruserid, "IsSavePublisherUserId");
        const publishedAt = publishDateField(fields.publishdate);
        return service.uploadTenantBlob(
          ref,
          checkedFile(file.body, kind.ext, notWhatItSays(kind.ext)),
          { fileName: file.fileName, contentType: kind.contentType, maxBytes: TENANT_BLOB_MAX_BYTES },
          { savePublisher, publishedAt },
        );
      });
      return c.json(row, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      path: BLOB_API.uploadSupportBlob,
      tags,
      summary: "Keep a support file (multipart: FullBlobReference support/<folder>/<name>, then File; " +
        `${BLOB_TYPE_WORDS}; at most 10 MB)`,
      access: SUPER,
      request: {
        body: { content: { "multipart/form-data": { schema: SUPPORT_UPLOAD_FORM } }, required: true },
      },
      responses: uploadResponses(FolderBlob, "10 MB"),
    }),
    async (c) => {
      const service = await blobs(c);
      const stored = await streamUpload(c, (fields, file) => {
        const ref = valid(parseSupportReference(fields.fullblobreference ?? ""), "FullBlobReference");
        const kind = kindOf(ref.name);
        return service.uploadSupportBlob(
          ref,
          checkedFile(file.body, kind.ext, notWhatItSays(kind.ext)),
          { fileName: file.fileName, contentType: kind.contentType, maxBytes: SUPPORT_BLOB_MAX_BYTES },
        );
      });
      return c.json(stored, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.deleteTenantBlob,
      tags,
      summary: "Delete one of the tenant's data files (tenant-<id>/data/…); published reports are an " +
        "administrator's to delete",
      access: { ...FILES, changesState: true },
      request: { query: ReferenceQuery },
      responses: okJson(Deleted),
    }),
    async (c) => {
      const ref = valid(parseTenantReference(c.req.valid("query").fullBlobReference, tenantOf(c)));
      return c.json(await (await blobs(c)).deleteTenantBlob(ref, { anyCategory: false }), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.adminDeleteTenantBlob,
      tags,
      summary: "An administrator deletes any of the tenant's files, published reports too",
      access: { role: "admin", changesState: true },
      request: { query: ReferenceQuery },
      responses: okJson(Deleted),
    }),
    async (c) => {
      const ref = valid(parseTenantReference(c.req.valid("query").fullBlobReference, tenantOf(c)));
      return c.json(await (await blobs(c)).deleteTenantBlob(ref, { anyCategory: true }), 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      path: BLOB_API.superDeleteSupportBlob,
      tags,
      summary: "A super user deletes a support file",
      access: { ...SUPER, changesState: true },
      request: { query: ReferenceQuery },
      responses: okJson(Deleted),
    }),
    async (c) => {
      const ref = valid(parseSupportReference(c.req.valid("query").fullBlobReference));
      return c.json(await (await blobs(c)).deleteSupportBlob(ref), 200);
    },
  );

/** A form's optional PublishDate: a day stays a day (shown without a time); an instant is kept in UTC. */
export function publishDateField(value: string | undefined): string | null {
  if (!value) return null;
  const date = PublishDate.safeParse(value);
  if (!date.success) {
    throw ApiError.validation([{ field: "PublishDate", message: "Give a date as yyyy-MM-dd" }]);
  }
  return date.data.length === 10 ? date.data : new Date(date.data).toISOString();
}
