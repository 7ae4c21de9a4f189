import { z } from "@hono/zod-openapi";
import { areaApi } from "../../areaApi.ts";
import { areaContextOf } from "../../context.ts";
import { ApiError, ApiErrorBodySchema } from "../../../http/errors.ts";
import { errorResponses, okJson } from "../../../http/openapi.ts";
import { IdParam } from "../../../http/params.ts";
import { streamUpload } from "../../storage/operations/upload.ts";
import { ROI_ACCESS } from "../access.ts";
import {
  createReferenceData,
  deleteReferenceData,
  listReferenceData,
  REFERENCE_MAX_BYTES,
  referenceDataFile,
  updateReferenceData,
} from "./operations.ts";

export const ROI_REFERENCE_API = {
  list: "/api/report/RoiReferenceData",
  create: "/api/report/CreateRoiReferenceData",
  update: "/api/report/UpdateRoiReferenceData",
  delete: "/api/report/DeleteRoiReferenceData",
  file: "/api/report/RoiReferenceDataFile/{id}",
} as const;

const ReferenceDataSchema = z.object({
  id: z.number(),
  category: z.number(),
  name: z.string(),
  reportDateFilter: z.string().nullable(),
  fileName: z.string(),
  columnNames: z.array(z.string()),
  valueColumns: z.array(z.string()),
  rowCount: z.number(),
  uploadedByName: z.string(),
  lastModified: z.string(),
}).openapi("RoiReferenceData");

const name = z.string().trim().min(1, "Give the table a name").max(80, "Use at most 80 characters");
const dateColumn = z.string().trim().max(80).nullish().transform((v) => v || null);

/** The multipart Reference field: the table's name, category and date column. */
const ReferenceField = z.object({
  name,
  /** 3 reference data (default), 0 uploaded data; 4 (external) is refused */
  category: z.union([z.literal(0), z.literal(3)], {
    error: "Reference tables are uploaded data (0) or reference data (3)",
  })
    .default(3),
  reportDateFilter: dateColumn,
});

const UpdateBody = z.object({ id: z.number().int().positive(), name, reportDateFilter: dateColumn });

const errorContent = { "application/json": { schema: ApiErrorBodySchema } };

/** Uploaded ROI tables: reference data (market prices, budgets, cost per head) and uploaded data. */
const api = areaApi(["ROI reports: reference data"]);

api.get(
  ROI_REFERENCE_API.list,
  "The uploaded ROI tables (reference data and uploaded data)",
  {},
  z.array(ReferenceDataSchema),
  ROI_ACCESS,
  listReferenceData,
);

api.route(
  {
    method: "post",
    path: ROI_REFERENCE_API.create,
    summary:
      "Upload an ROI table (multipart: Reference, a JSON object {name, category 0 or 3, reportDateFilter: " +
      "the column holding each row's date}, then File, a CSV with a header row; at most 2 MB)",
    access: ROI_ACCESS,
    request: {
      body: {
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["Reference", "File"],
              properties: {
                Reference: {
                  type: "string",
                  example: '{"name":"Budget 2026","category":3,"reportDateFilter":"Month"}',
                },
                File: { type: "string", format: "binary", description: "a CSV, sent after Reference" },
              },
            },
          },
        },
        required: true,
      },
    },
    responses: {
      ...okJson(ReferenceDataSchema),
      413: { description: "The file is over 2 MB", content: errorContent },
      415: { description: "Not sent as a multipart form", content: errorContent },
    },
  },
  async (c) => {
    const ctx = await areaContextOf(c);
    const item = await streamUpload(c, async (fields, file) => {
      let raw: unknown;
      try {
        raw = JSON.parse(fields.reference ?? "");
      } catch {
        throw ApiError.validation([{
          field: "Reference",
          message: "Send Reference as a JSON object with the table's name.",
        }]);
      }
      if (raw && typeof raw === "object" && (raw as { category?: unknown }).category === 4) {
        throw ApiError.validation([{
          field: "Reference.category",
          message: "External sources cannot be uploaded or used in a report.",
        }]);
      }
      const parsed = ReferenceField.safeParse(raw);
      if (!parsed.success) throw ApiError.fromZod(parsed.error);
      const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
      if (bytes.length > REFERENCE_MAX_BYTES) throw new ApiError(413, "The file is over 2 MB: split it.");
      if (!/\.csv$/i.test(file.fileName)) {
        throw ApiError.validation([{
          field: "File",
          message: "Choose a CSV file (.csv) with a header row.",
        }]);
      }
      return createReferenceData(ctx, parsed.data, {
        name: file.fileName,
        text: new TextDecoder().decode(bytes),
      });
    });
    return c.json(item, 200);
  },
);

api.post(
  ROI_REFERENCE_API.update,
  "Rename an ROI table or change its date column (reportDateFilter)",
  UpdateBody,
  ReferenceDataSchema,
  ROI_ACCESS,
  updateReferenceData,
);
api.post(
  ROI_REFERENCE_API.delete,
  "Delete an ROI table and its file",
  z.object({ id: z.number().int().positive() }),
  z.object({ id: z.number() }),
  ROI_ACCESS,
  deleteReferenceData,
);

api.stored(
  ROI_REFERENCE_API.file,
  "An ROI table's file as uploaded (a CSV download)",
  { params: IdParam },
  { 200: { description: "The CSV", content: { "text/csv": { schema: z.string() } } }, ...errorResponses },
  ROI_ACCESS,
  async (ctx, { id }) => {
    const { blob, fileName } = await referenceDataFile(ctx, id);
    return { file: blob, fileName };
  },
);

export const roiReferenceApi = api.router();
