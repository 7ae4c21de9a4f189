import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "./columns.ts";

/**
 * What the blob store does not list: who published a tenant blob and when, its original file name
 * (spec 2 §7.5 UploadTenantDataBlobUsingFullBlobReference IsSavePublisherUserId, PublishDate). One row per
 * tenant data blob and published report; the bytes, size and type are the store's (server/storage/).
 */
export const blobFiles = sqliteTable("blob_files", {
  id: id(),
  /** the key inside the tenant's space: `data/<folder>/<name>` or `published/<folder>/<name>` */
  reference: text("reference").notNull().unique(),
  /** `data` or `published` */
  category: text("category").notNull(),
  folder: text("folder").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  contentType: text("content_type").notNull(),
  /** the name of the file as the uploader's computer had it */
  fileName: text("file_name").notNull(),
  /** control-database user id and name of the publisher, when the upload asked to record them */
  publishedByUserId: integer("published_by_user_id"),
  publishedByName: text("published_by_name"),
  /** ISO instant (the PublishDate sent, or the upload's time) */
  publishedAt: text("published_at"),
  uploadedAt: text("uploaded_at").notNull(),
  uploadedByName: text("uploaded_by_name").notNull(),
}, (t) => [index("blob_files_folder").on(t.category, t.folder, t.name)]);
