/**
 * Yard map image bodies and answers (spec 2 §7.5 "Blob storage"): the site map drawn behind a yard's
 * pens. The upload is a multipart form (stockyardId, file); its limits live in rules.ts.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, idParam } from "../../../http/params.ts";

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
