/**
 * api/yield/… cartons in: the plant's boning room system sends batches of cartons with its integration
 * key (or a person who may upload files sends them), and the latest batches are listed.
 */
import type { Context } from "hono";
import { desc } from "drizzle-orm";
import { z } from "@hono/zod-openapi";
import type { AccessRule } from "../../../access/apiAccess.ts";
import type { AppEnv } from "../../../env.ts";
import { cartonImports } from "../../../../db/tenant/schema.ts";
import { areaApi } from "../../areaApi.ts";
import { ImportsQuery } from "../../imports.ts";
import type { AreaContext } from "../../context.ts";
import { importCartons } from "./operations/importCartons.ts";
import { okJson } from "../../../http/openapi.ts";
import { ApiError } from "../../../http/errors.ts";
import { areaContextOf } from "../../context.ts";
import { CARTON_CSV_HEADER, cartonCsvRows } from "./cartonCsv.ts";
import { CartonImport, CartonImportResult, PostCartonsBody, UploadCartonsForm } from "./schemas.ts";

export const YIELD_DATA_API = {
  postCartons: "/api/yield/PostCartons",
  cartonImports: "/api/yield/GetCartonImports",
  uploadCartons: "/api/yield/UploadCartons",
} as const;

const UPLOAD: AccessRule = { pages: ["dataupload", "superFileUpload"] };
/** a plant system with its key; a person who may upload files */
const PLANT_SENDS: AccessRule = { ...UPLOAD, integration: true };

const keyName = (c: Context<AppEnv>) =>
  c.get("authVia") === "apiKey"
    ? `API: ${c.get("caller")?.user.firstName || "integration key"}`
    : "API batch";

const api = areaApi(["Yield: cartons in"]);

api.post(
  YIELD_DATA_API.postCartons,
  "A batch of cartons from the boning room's systems (integration key), up to 1 MB (about 4,000 " +
    "cartons; send a day in batches). Every row is checked first: one bad row rejects the batch (400 " +
    "listing rows; nothing written). A serial sent again replaces its carton. The runs it touched get " +
    "their daily summaries rebuilt.",
  PostCartonsBody,
  CartonImportResult,
  PLANT_SENDS,
  (ctx, body, c) => importCartons(ctx, body.cartons, { kind: "api", name: keyName(c) }),
);

// a file (multipart) or the CSV itself as the body: more than api.post says
api.route({
  method: "post",
  path: YIELD_DATA_API.uploadCartons,
  summary: "Cartons as CSV, up to 1 MB (5,000 rows): a file (multipart, field `file`) or a `text/csv` " +
    `body. The first line names the columns (${CARTON_CSV_HEADER}; the usual words for them also do). ` +
    "The rows are checked as PostCartons checks a batch (one bad row: 400 listing the rows, nothing " +
    "written); a serial sent again replaces its carton.",
  access: PLANT_SENDS,
  request: {
    body: {
      content: {
        "multipart/form-data": { schema: UploadCartonsForm },
        "text/csv": { schema: z.string() },
      },
      // not "required": the form validator would then read a text/csv body as an empty form
      required: false,
    },
  },
  responses: okJson(CartonImportResult),
}, async (c) => {
  const type = c.req.header("content-type") ?? "";
  let text: string, name: string;
  if (type.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) {
      throw ApiError.validation([{ field: "file", message: "Choose a CSV file of cartons." }]);
    }
    text = await file.text();
    name = file.name || "cartons.csv";
  } else if (type.startsWith("text/csv") || type.startsWith("text/plain")) {
    text = await c.req.text();
    name = keyName(c);
  } else {
    throw ApiError.validation([{
      field: "file",
      message: "Send a CSV file (multipart) or a text/csv body.",
    }]);
  }
  const ctx = await areaContextOf(c);
  const kind = type.startsWith("multipart/form-data") && c.get("authVia") !== "apiKey" ? "upload" : "api";
  return c.json(await importCartons(ctx, cartonCsvRows(text), { kind, name }), 200);
});

api.get(
  YIELD_DATA_API.cartonImports,
  "The latest carton batches, newest first",
  { query: ImportsQuery },
  z.array(CartonImport),
  UPLOAD,
  (ctx, q) => recentCartonImports(ctx, q.limit ?? 50),
);

export const yieldDataApi = api.router();

/** The latest carton batches (at most `limit`). */
export async function recentCartonImports(ctx: AreaContext, limit: number) {
  return await ctx.db.select().from(cartonImports).orderBy(desc(cartonImports.sentAt), desc(cartonImports.id))
    .limit(limit);
}
