/**
 * Queries and answers of the tenant, published and support blob calls (spec 2 §7.5). References are
 * checked in words by references.ts (the caller's tenant is needed for that); here only their length.
 * Uploads are multipart forms read as a stream, so their bodies are documented as plain OpenAPI schemas
 * (a zod schema would make the router read the whole form into memory first).
 */
import { z } from "@hono/zod-openapi";

const flag = z.enum(["true", "false"]).optional();
const reference = z.string().max(300, "A file reference is at most 300 characters").openapi({
  description: "tenant-<id>/data|published/<folder>/<name>, or support/<folder>/<name> for support files",
  example: "tenant-1/data/reports/summary.pdf",
});

export const ReferenceQuery = z.object({ fullBlobReference: reference });
export const DownloadTenantQuery = z.object({
  fullBlobReference: reference,
  /** "true": the browser may keep it a day (an image shown on many pages); otherwise it asks each time */
  allowCache: flag,
});
export const FolderQuery = z.object({
  prefix: z.string().max(300).optional().openapi({ description: "a folder: tenant-<id>/data/<folder>" }),
  isForSupport: flag,
});
export const ListQuery = z.object({
  category: z.enum(["data", "published"]).optional(),
  subcategory: z.string().max(200).optional().openapi({ description: "the folder inside the category" }),
});

export const TenantBlob = z.object({
  reference: z.string(),
  category: z.string(),
  folder: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number(),
  contentType: z.string(),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
}).openapi("TenantBlob");

export const TenantBlobList = z.object({ items: z.array(TenantBlob), total: z.number() }).openapi(
  "TenantBlobList",
);

export const FolderBlob = z.object({
  reference: z.string(),
  name: z.string(),
  size: z.number(),
  lastModified: z.string(),
}).openapi("FolderBlob");

export const FolderBlobList = z.object({
  prefix: z.string(),
  truncated: z.boolean(),
  items: z.array(FolderBlob),
}).openapi("FolderBlobList");

export const Deleted = z.object({ reference: z.string(), deleted: z.boolean() }).openapi("DeletedBlob");

const binary = { type: "string" as const, format: "binary" };

export const TENANT_UPLOAD_FORM = {
  type: "object" as const,
  required: ["FullBlobReference", "File"],
  properties: {
    FullBlobReference: { type: "string" as const, example: "tenant-1/data/reports/summary.pdf" },
    IsSavePublisherUserId: { type: "boolean" as const, description: "record the uploader as the publisher" },
    PublishDate: { type: "string" as const, description: "yyyy-MM-dd or an ISO instant; default now" },
    File: { ...binary, description: "sent after the other fields; at most 20 MB" },
  },
};

export const SUPPORT_UPLOAD_FORM = {
  type: "object" as const,
  required: ["FullBlobReference", "File"],
  properties: {
    FullBlobReference: { type: "string" as const, example: "support/images/welcome.png" },
    File: { ...binary, description: "sent after the reference; at most 10 MB" },
  },
};
