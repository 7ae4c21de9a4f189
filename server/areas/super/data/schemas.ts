import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

/** The most rows one upload may bring (one transaction; the body is at most 1 MB anyway). */
export const UPLOAD_MAX_ROWS = 5_000;

export const UploadBody = z.object({
  tenantId: idNumber(),
  /** a table of the tenant's database, as the data download names its files (without .csv) */
  table: z.string().trim().min(1, "Choose a table").max(64).regex(/^[a-z_][a-z0-9_]*$/, "Choose a table"),
  format: z.enum(["csv", "json"], { error: "Choose CSV or JSON" }),
  /** the file's text: CSV with a header row of column names, or a JSON array of objects */
  content: z.string().min(1, "Choose a file or paste its text").max(900_000, "At most 900 KB at once"),
}).openapi("SuperUploadBody");

export const UploadResult = z.object({
  tenantId: z.number(),
  table: z.string(),
  rows: z.number(),
}).openapi("SuperUploadResult");
