/**
 * Blob storage bodies and answers (spec 2 §7.5 "Blob storage"): the site map drawn behind a yard's pens.
 * The upload is a multipart form (stockyardId, file); its limits live in rules.ts beside the sniffing.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, idParam } from "../../http/params.ts";
import { ApiError } from "../../http/errors.ts";

/**
 * The spec's form names (§7.5: Id, Subcategory) beside ours: `Id` is the record (the invoice, the yard),
 * `Subcategory` the kind of record, which must be the one the call is about when it is sent.
 */
export function recordOf(fields: Record<string, string>, own: string, subcategories: readonly string[]) {
  const sub = fields.subcategory?.trim().toLowerCase();
  if (sub && !subcategories.includes(sub)) {
    throw ApiError.validation([{
      field: "Subcategory",
      message: `This upload is kept for ${subcategories[0]}: leave Subcategory out or send "${
        subcategories[0]
      }".`,
    }]);
  }
  return fields[own.toLowerCase()] ?? fields.id;
}

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

/** The map upload's yard field (the form is read as a stream: see MAP_UPLOAD_FORM). */
export const MapYardField = z.object({ stockyardId: idNumber() });

/** UploadMapImage's form, documented as a plain schema: a zod one would make the router buffer the form. */
export const MAP_UPLOAD_FORM = {
  type: "object" as const,
  required: ["file"],
  properties: {
    stockyardId: { type: "integer" as const, description: "the yard the map is drawn behind; before file" },
    Id: { type: "integer" as const, description: "the spec's name for stockyardId" },
    Subcategory: { type: "string" as const, description: 'optional; "stockyard" when sent' },
    file: {
      type: "string" as const,
      format: "binary",
      description: "a PNG, JPEG or WebP image of at most 5 MB",
    },
  },
};

export const MapImageInfo = z.object({
  stockyardId: z.number(),
  hasMapImage: z.boolean(),
  contentType: z.string(),
  bytes: z.number(),
  /** changes with every upload: add it to the image's URL to show the new one */
  version: z.string(),
}).openapi("MapImageInfo");

export const MapImageParam = idParam("stockyardId");

/** DownloadMapImage's optional `subcategory` (spec 2 §7.5): a map belongs to a yard. */
export const SubcategoryQuery = z.object({
  subcategory: z.string().trim().toLowerCase().refine((v) => v === "stockyard", {
    message: 'Maps are kept for yards: leave subcategory out or send "stockyard"',
  }).optional(),
});
