/**
 * api/storage/… tenant data and support blobs (spec 2 §7.5). Who may:
 * - list and upload the tenant's files, delete its data files: whoever can open Settings › Files &
 *   publishing (testers: test, support, super);
 * - download a tenant file: any plant user of the tenant (other screens show its files);
 * - delete any tenant file, published reports too: administrators (AdminDelete…);
 * - download a support file: every signed-in user; upload or delete one: super users.
 * The deletes are GETs as the spec names them, marked as changing state (a foreign page cannot link one).
 * Uploads are read as streams (../operations/upload.ts): the form's fields first, the file straight into the store.
 */
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import { SIGNED_IN, SUPER } from "../../../access/apiAccess.ts";
import { ApiError, ApiErrorBodySchema } from "../../../http/errors.ts";
import { errorResponses, okJson } from "../../../http/openapi.ts";
import { areaApi } from "../../areaApi.ts";
import { type AreaContext, areaContextOf } from "../../context.ts";
import {
  blobsForFolder,
  deleteSupportBlob,
  deleteTenantBlob,
  listTenantBlobs,
  openSupportBlob,
  openTenantBlob,
  uploadSupportBlob,
  uploadTenantBlob,
} from "./operations.ts";
import {
  Deleted,
  DownloadTenantQuery,
  FolderBlob,
  FolderBlobList,
  FolderQuery,
  ListQuery,
  ReferenceQuery,
  SUPPORT_UPLOAD_FORM,
  TENANT_UPLOAD_FORM,
  TenantBlob,
  TenantBlobList,
} from "./schemas.ts";
import { checkedFile, publishDateField, streamUpload } from "../operations/upload.ts";
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
  BLOB_TYPES,
  blobTypeOf,
  extensionOf,
  SUPPORT_BLOB_MAX_BYTES,
  TENANT_BLOB_MAX_BYTES,
} from "../rules.ts";

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

const FILES: AccessRule = { pages: ["settingsFiles"] };
const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

/** The parsed reference, or a 400 naming the field in words. */
function valid<T>(result: ReferenceResult<T>, field = "fullBlobReference"): T {
  if (!result.ok) throw ApiError.validation([{ field, message: result.message }], result.message);
  return result.value;
}

const tenantReference = (ctx: AreaContext, reference: string, field?: string) =>
  valid(parseTenantReference(reference, ctx.tenantId), field);
const supportReference = (reference: string, field?: string) =>
  valid(parseSupportReference(reference), field);

const uploadResponses = (schema: z.ZodType, limit: string) => ({
  ...okJson(schema),
  413: { description: `The file is over ${limit}`, content: errorContent },
  415: { description: "A kind of file not kept, or not what its name says", content: errorContent },
});

/**
 * A stored blob is always a download, whatever its kind: a user's upload is never shown from our origin
 * (a PDF can carry script; files.ts gives it a sandbox should it be opened anyway).
 */
const download = {
  200: {
    description: "The file, as the kind its name says (a download whatever its kind)",
    content: Object.fromEntries(
      [...new Set(Object.values(BLOB_TYPES).map((t) => t.contentType))].map((type) => [
        type,
        { schema: z.string().openapi({ format: "binary" }) },
      ]),
    ),
  },
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

const booleanField = (value: string | undefined, field: string) => {
  if (value === undefined || value === "") return false;
  const v = value.toLowerCase();
  if (v === "true" || v === "false") return v === "true";
  throw ApiError.validation([{ field, message: "Send true or false" }]);
};

const api = areaApi(["Storage"]);

api.get(
  BLOB_API.getBlobsForFolder,
  "The files the store holds under a folder: the tenant's (tenant-<id>/…) or, with " +
    "isForSupport=true, the support files (support/…); at most 500, in name order",
  { query: FolderQuery },
  FolderBlobList,
  FILES,
  (ctx, { prefix = "", isForSupport }) =>
    blobsForFolder(
      ctx,
      isForSupport === "true"
        ? valid(supportPrefix(prefix), "prefix")
        : valid(tenantPrefix(prefix, ctx.tenantId), "prefix"),
    ),
);

api.get(
  BLOB_API.listTenantDataBlobs,
  "The tenant's data files and published reports with who published them and when " +
    "(category data or published, subcategory = folder); at most 500, the total beside them",
  { query: ListQuery },
  TenantBlobList,
  FILES,
  (ctx, { category, subcategory }) => {
    if (subcategory && !isFolder(subcategory)) {
      throw ApiError.validation([{ field: "subcategory", message: "Not a folder name" }]);
    }
    return listTenantBlobs(ctx, category, subcategory);
  },
);

api.stored(
  BLOB_API.downloadTenantBlob,
  "One of the tenant's files (allowCache=true lets the browser keep it a day)",
  { query: DownloadTenantQuery },
  download,
  { role: "user" },
  async (ctx, { fullBlobReference, allowCache }) => {
    const { blob, fileName } = await openTenantBlob(ctx, tenantReference(ctx, fullBlobReference));
    return { file: blob, fileName, allowCache: allowCache === "true" };
  },
);

api.stored(
  BLOB_API.downloadSupportBlob,
  "A support file (support content images and attachments), shared by every organisation",
  { query: ReferenceQuery },
  download,
  SIGNED_IN,
  async (ctx, { fullBlobReference }) => {
    const { blob, fileName } = await openSupportBlob(ctx, supportReference(fullBlobReference));
    return { file: blob, fileName, allowCache: true };
  },
);

// multipart, read as a stream: areaApi's JSON forms cannot say it
api.route(
  {
    method: "post",
    path: BLOB_API.uploadTenantBlob,
    summary: "Keep a file at a tenant reference (multipart: FullBlobReference, IsSavePublisherUserId, " +
      `PublishDate, then File; ${BLOB_TYPE_WORDS}; at most 20 MB), replacing one of the same reference`,
    access: FILES,
    request: { body: { content: { "multipart/form-data": { schema: TENANT_UPLOAD_FORM } }, required: true } },
    responses: uploadResponses(TenantBlob, "20 MB"),
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    const row = await streamUpload(c, (fields, file) => {
      const ref = tenantReference(ctx, fields.fullblobreference ?? "", "FullBlobReference");
      const kind = kindOf(ref.name);
      const savePublisher = booleanField(fields.issavepublisheruserid, "IsSavePublisherUserId");
      const publishedAt = publishDateField(fields.publishdate);
      return uploadTenantBlob(
        ctx,
        ref,
        checkedFile(file.body, kind.ext, notWhatItSays(kind.ext)),
        { fileName: file.fileName, contentType: kind.contentType, maxBytes: TENANT_BLOB_MAX_BYTES },
        { savePublisher, publishedAt },
      );
    });
    return c.json(row, 200);
  },
);

api.route(
  {
    method: "post",
    path: BLOB_API.uploadSupportBlob,
    summary: "Keep a support file (multipart: FullBlobReference support/<folder>/<name>, then File; " +
      `${BLOB_TYPE_WORDS}; at most 10 MB)`,
    access: SUPER,
    request: {
      body: { content: { "multipart/form-data": { schema: SUPPORT_UPLOAD_FORM } }, required: true },
    },
    responses: uploadResponses(FolderBlob, "10 MB"),
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    const stored = await streamUpload(c, (fields, file) => {
      const ref = supportReference(fields.fullblobreference ?? "", "FullBlobReference");
      const kind = kindOf(ref.name);
      return uploadSupportBlob(
        ctx,
        ref,
        checkedFile(file.body, kind.ext, notWhatItSays(kind.ext)),
        { fileName: file.fileName, contentType: kind.contentType, maxBytes: SUPPORT_BLOB_MAX_BYTES },
      );
    });
    return c.json(stored, 200);
  },
);

api.get(
  BLOB_API.deleteTenantBlob,
  "Delete one of the tenant's data files (tenant-<id>/data/…); published reports are an " +
    "administrator's to delete",
  { query: ReferenceQuery },
  Deleted,
  { ...FILES, changesState: true },
  (ctx, { fullBlobReference }) =>
    deleteTenantBlob(ctx, tenantReference(ctx, fullBlobReference), { anyCategory: false }),
);

api.get(
  BLOB_API.adminDeleteTenantBlob,
  "An administrator deletes any of the tenant's files, published reports too",
  { query: ReferenceQuery },
  Deleted,
  { role: "admin", changesState: true },
  (ctx, { fullBlobReference }) =>
    deleteTenantBlob(ctx, tenantReference(ctx, fullBlobReference), { anyCategory: true }),
);

api.get(
  BLOB_API.superDeleteSupportBlob,
  "A super user deletes a support file",
  { query: ReferenceQuery },
  Deleted,
  { ...SUPER, changesState: true },
  (ctx, { fullBlobReference }) => deleteSupportBlob(ctx, supportReference(fullBlobReference)),
);

export const filesApi = api.router();
