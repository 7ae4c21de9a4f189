/**
 * Yield data at the API boundary. A carton row is checked by rows.ts `readCartonRow` (row-numbered errors
 * for the whole batch); its schema here documents the fields for OpenAPI and lets any value through.
 */
import { z } from "@hono/zod-openapi";
import { MAX_CARTON_ROWS } from "./rows.ts";
import { importFields } from "../../imports.ts";

const id = z.number().int().positive();
const field = (description: string) => z.unknown().optional().openapi({ description });

export const CartonRunFields = z.looseObject({
  runNumber: field("the plant's run number on that day in that room (required)"),
  killDate: field("the kill date of the run's mob, yyyy-MM-dd (required with lot or stockMobId)"),
  lot: field("the mob's lot (the kill agenda's lot reference)"),
  stockMobId: field("the mob's id (instead of its lot)"),
  head: field("head boned (required for a new run without a mob; a run with a mob counts its carcasses)"),
  hscwKg: field("HSCW boned, kg (required for a new run without a mob)"),
}).openapi("CartonRun");

export const CartonRowSchema = z.looseObject({
  serial: field("the carton's serial, unique (required; sent again, it replaces the carton)"),
  productCode: field("the plant's product code (required)"),
  speciesId: field("the species, when the code is used by more than one"),
  netKg: field("net kg (required)"),
  pieces: field("pieces in the carton (default 0)"),
  productionDate: field("the boning day, yyyy-MM-dd or d/m/yyyy (required)"),
  shift: field("day or night (required)"),
  boningRoom: field("the boning room's name (required)"),
  site: field("the site's name or id (required)"),
  run: CartonRunFields,
}).openapi("CartonRow");

export const PostCartonsBody = z.object({
  cartons: z.array(CartonRowSchema).min(1, "Send at least one carton").max(
    MAX_CARTON_ROWS,
    `Send at most ${MAX_CARTON_ROWS} cartons at a time`,
  ),
}).openapi("PostCartonsBody");

export const CartonImportResult = z.object({
  importId: id,
  rows: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  productionDates: z.array(z.string()),
  /** boning runs the batch added to */
  runs: z.number().int(),
}).openapi("CartonImportResult");

export const CartonImport = z.object(importFields).openapi("CartonImport");

const csvFile = z.custom<File>((value) => value instanceof File, { error: "Choose a CSV file of cartons." })
  .openapi({ type: "string", format: "binary", description: "a CSV file of cartons, one a line" });

export const UploadCartonsForm = z.object({ file: csvFile }).openapi("UploadCartonsForm");
