/**
 * A published invoice's PDF uploaded as a multipart form (spec 2 §7.5 "Blob storage"); its limit lives in
 * ../rules.ts beside the sniffing.
 */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

/** UploadPublishedReport's invoice field (the form is read as a stream: see PUBLISHED_UPLOAD_FORM). */
export const PublishedInvoiceField = z.object({ invoiceId: idNumber() });

export const PUBLISHED_UPLOAD_FORM = {
  type: "object" as const,
  required: ["file"],
  properties: {
    invoiceId: { type: "integer" as const, description: "the published invoice the PDF is of; before file" },
    Id: { type: "integer" as const, description: "the spec's name for invoiceId" },
    Subcategory: { type: "string" as const, description: 'optional; "invoices" when sent' },
    PublishDate: { type: "string" as const, description: "yyyy-MM-dd or an ISO instant; default now" },
    file: { type: "string" as const, format: "binary", description: "a PDF of at most 10 MB" },
  },
};

export const PublishedReportInfo = z.object({ invoiceId: z.number(), bytes: z.number() }).openapi(
  "PublishedReportInfo",
);
