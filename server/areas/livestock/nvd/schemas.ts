/**
 * NVD matching at the API boundary (issue 39 item 5; spec 1 §2 matchOrderNVDs, §3 order fields
 * isLinkedNvd, nvdPdfUrl, nvd, pic). Rules that compare fields are in rules.ts.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, idParam } from "../../../http/params.ts";
import { isoDate, isoDateTime } from "../../../http/validation.ts";

const id = z.number().int().positive();

/** What is typed or read off an NVD (the upload's fields and the plant systems' post). */
export const NvdFields = z.object({
  /** the NVD's serial number as printed (eNVD: e.g. "1234567A") */
  serialNumber: z.string().trim().min(1, "Type the NVD's serial number").max(30),
  /** the PIC of origin (8 letters and digits); blank when not legible */
  pic: z.string().trim().max(12).default(""),
  /** the day the vendor signed it */
  nvdDate: isoDate,
  /** total head declared */
  head: z.number().int().min(1, "Type the head the NVD declares").max(100_000),
  /** the head by description ("40 steers, 12 heifers") */
  description: z.string().trim().max(200).default(""),
  consignee: z.string().trim().max(120).default(""),
});

/** PostNvd: an NVD sent by the plant's systems (no file): JSON, so the head is a number, never "12". */
export const PostNvdBody = NvdFields.openapi("PostNvdBody");

/** The upload's form fields: every form value is text, so its head is read as a number. */
export const NvdFormFields = NvdFields.extend({
  head: z.coerce.number().int().min(1, "Type the head the NVD declares").max(100_000),
});

/** UploadNvd's form, documented as a plain schema: a zod one would make the router buffer the form. */
export const NVD_UPLOAD_FORM = {
  type: "object" as const,
  required: ["serialNumber", "nvdDate", "head", "file"],
  properties: {
    serialNumber: { type: "string" as const, description: "the NVD's serial number; before file" },
    pic: { type: "string" as const, description: "the PIC of origin (8 characters)" },
    nvdDate: { type: "string" as const, format: "date", description: "the day the vendor signed it" },
    head: { type: "integer" as const, description: "total head declared" },
    description: { type: "string" as const, description: "head by description" },
    consignee: { type: "string" as const },
    file: {
      type: "string" as const,
      format: "binary",
      description: "the NVD as a PDF, or a photo of it (PNG, JPEG or WebP), at most 10 MB",
    },
  },
};

export const NvdSuggestion = z.object({
  livestockOrderId: z.number(),
  score: z.number(),
  reason: z.string(),
  /** the order in words: "Lot 12 · Kooringal Pastoral · 40 Cattle · Wed 2 Dec 2026" */
  order: z.string(),
});

export const NvdDocument = z.object({
  id: z.number(),
  serialNumber: z.string(),
  pic: z.string(),
  nvdDate: z.string(),
  head: z.number(),
  description: z.string(),
  consignee: z.string(),
  /** upload or system */
  source: z.enum(["upload", "system"]),
  fileName: z.string(),
  /** where to view the file; null when it was sent without one */
  nvdPdfUrl: z.string().nullable(),
  livestockOrderId: z.number().nullable(),
  matchReason: z.string(),
  matchedAt: z.string().nullable(),
  matchedBy: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
}).openapi("NvdDocument");

/** An NVD just received: matched at once when its serial is exactly one order's NVD number. */
export const ReceivedNvd = z.object({
  nvd: NvdDocument,
  /** the orders it could be, best first (empty once matched) */
  suggestions: z.array(NvdSuggestion),
});

export const OrderWithoutNvd = z.object({
  livestockOrderId: z.number(),
  order: z.string(),
  deliveryDate: z.string(),
  nvd: z.string(),
  pic: z.string(),
  supplierName: z.string(),
  totalDelivered: z.number(),
});

export const HeadMismatch = z.object({
  nvd: NvdDocument,
  order: z.string(),
  totalDelivered: z.number(),
  difference: z.number(),
  /** "NVD 40 head, delivered 38 (2 fewer)" */
  words: z.string(),
});

export const NvdMatching = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  unmatched: z.array(ReceivedNvd),
  ordersWithoutNvd: z.array(OrderWithoutNvd),
  mismatched: z.array(HeadMismatch),
}).openapi("NvdMatching");

export const MatchingQuery = z.object({
  /** orders delivered from this day (default 13 days before today) */
  fromDate: isoDate.optional(),
  /** to this day (default today); at most 62 days */
  toDate: isoDate.optional(),
});

export const MatchNvdBody = z.object({
  nvdDocumentId: id,
  livestockOrderId: id,
  /** the NVD's lastModified as read: a stale one is answered 409 */
  lastModified: isoDateTime,
}).openapi("MatchNvdBody");

export const UnmatchNvdBody = z.object({
  nvdDocumentId: id,
  lastModified: isoDateTime,
}).openapi("UnmatchNvdBody");

/** The order's NVD fields (spec 1 §3 isLinkedNvd, nvdPdfUrl, nvd, pic). */
export const OrderNvd = z.object({
  livestockOrderId: z.number(),
  isLinkedNvd: z.boolean(),
  nvd: z.string(),
  pic: z.string(),
  nvdPdfUrl: z.string().nullable(),
  // (a union, not .nullable(): a nullable named schema is declared as the object alone)
  nvdDocument: z.union([NvdDocument, z.null()]),
});

export const NvdIdParam = idParam("nvdDocumentId");
export const OrderIdParam = idParam("livestockOrderId");
export { idNumber };
