/**
 * api/storage/UploadPublishedReport (spec 2 §7.5 "Blob storage"): a published invoice's signed or
 * stamped PDF, kept in place of the rendered one. Read as a stream (../operations/upload.ts): the invoice first,
 * then the PDF's bytes, checked as they pass, into the store.
 */
import { ApiError, ApiErrorBodySchema } from "../../../http/errors.ts";
import { okJson } from "../../../http/openapi.ts";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { attachPublishedReport } from "../../invoices/operations/attachPublishedReport.ts";
import { checkedFile, publishDateField, recordOf, streamUpload } from "../operations/upload.ts";
import { PUBLISHED_REPORT_MAX_BYTES } from "../rules.ts";
import { PUBLISHED_UPLOAD_FORM, PublishedInvoiceField, PublishedReportInfo } from "./schemas.ts";

/** The paths pages and islands call. */
export const STORAGE_API = {
  uploadPublishedReport: "/api/storage/UploadPublishedReport",
} as const;

/** A multipart form carries a little more than its file: the app refuses a body past this at once. */
export const PUBLISHING_BODY_LIMITS: Readonly<Record<string, number>> = {
  [STORAGE_API.uploadPublishedReport]: PUBLISHED_REPORT_MAX_BYTES + 64 * 1024,
};

const errorContent = { "application/json": { schema: ApiErrorBodySchema } };
const api = areaApi(["Storage"]);

// multipart, read as a stream: areaApi's JSON forms cannot say it
api.route(
  {
    method: "post",
    path: STORAGE_API.uploadPublishedReport,
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
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    const answer = await streamUpload(c, (fields, file) => {
      const invoiceId = recordOf(fields, "invoiceId", ["invoices", "invoice"]);
      const id = PublishedInvoiceField.safeParse({ invoiceId });
      if (!id.success) throw ApiError.fromZod(id.error);
      const publishedAt = publishDateField(fields.publishdate);
      const pdf = checkedFile(file.body, "pdf", "That file is not a PDF: save or print the report as a PDF.");
      return attachPublishedReport(ctx, id.data.invoiceId, pdf, publishedAt);
    });
    return c.json(answer, 200);
  },
);

export const publishingApi = api.router();
