/**
 * Blob storage bodies and answers (spec 2 §7.5 "Blob storage"): the site map drawn behind a yard's pens.
 * The upload is a multipart form (stockyardId, file); its limits live in rules.ts beside the sniffing.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, idParam } from "../../http/params.ts";

/** A file part of a multipart form (a string part is not a file). */
const filePart = z.custom<File>((value) => value instanceof File, { error: "Choose an image file." })
  .openapi({ type: "string", format: "binary", description: "a PNG, JPEG or WebP image of at most 5 MB" });

export const UploadPublishedReportForm = z.object({
  invoiceId: idNumber().openapi({ type: "integer", description: "the published invoice the PDF is of" }),
  file: z.custom<File>((value) => value instanceof File, { error: "Choose a PDF file." })
    .openapi({ type: "string", format: "binary", description: "a PDF of at most 10 MB" }),
}).openapi("UploadPublishedReportForm");

export const PublishedReportInfo = z.object({ invoiceId: z.number(), bytes: z.number() }).openapi(
  "PublishedReportInfo",
);

export const UploadMapImageForm = z.object({
  stockyardId: idNumber().openapi({ type: "integer", description: "the yard the map is drawn behind" }),
  file: filePart,
}).openapi("UploadMapImageForm");

export const MapImageInfo = z.object({
  stockyardId: z.number(),
  hasMapImage: z.boolean(),
  contentType: z.string(),
  bytes: z.number(),
  /** changes with every upload: add it to the image's URL to show the new one */
  version: z.string(),
}).openapi("MapImageInfo");

export const MapImageParam = idParam("stockyardId");
