/**
 * Kill floor data at the API boundary. A carcass row is checked by rules.ts `readCarcassRow` (so a file
 * and a batch get the same row-numbered errors); its schema here documents the fields for OpenAPI and
 * lets any value through to that check.
 */
import { z } from "@hono/zod-openapi";
import { idNumber, PageQuery } from "../../http/params.ts";
import { isoDate, isoDateTime, NearestDays } from "../../http/validation.ts";
import { CARCASS_FIELDS, MAX_IMPORT_ROWS } from "./rules.ts";
import { MSA_GRADING } from "./msa/schemas.ts";
import { importFields } from "../imports.ts";

const id = z.number().int().positive();

export const CarcassRow = z.looseObject(
  Object.fromEntries(
    CARCASS_FIELDS.map((f) => [
      f.key,
      z.unknown().optional().openapi({ description: `${f.help}${f.required ? " (required)" : ""}` }),
    ]),
  ),
).openapi("CarcassRow");

export const PostCarcassesBody = z.object({
  carcasses: z.array(CarcassRow).min(1, "Send at least one carcass").max(
    MAX_IMPORT_ROWS,
    `Send at most ${MAX_IMPORT_ROWS} carcasses at a time`,
  ),
}).openapi("PostCarcassesBody");

export const ImportResult = z.object({
  importId: id,
  rows: z.number().int(),
  added: z.number().int(),
  replaced: z.number().int(),
  productionDates: z.array(z.string()),
  /** orders whose every live head is now accounted for */
  completedOrderIds: z.array(id),
}).openapi("CarcassImportResult");

const filePart = z.custom<File>((value) => value instanceof File, { error: "Choose a CSV or JSON file." })
  .openapi({ type: "string", format: "binary", description: "a CSV or JSON file of carcass records" });

export const UploadCarcassForm = z.object({
  file: filePart,
  format: z.enum(["csv", "json"]).optional(),
  /** JSON text: { fieldKey: "column header" } */
  mapping: z.string().max(10_000).optional(),
}).openapi("UploadCarcassForm");

export const TemplateQuery = z.object({ format: z.enum(["csv", "json"]).optional() });

export const CarcassImport = z.object(importFields).openapi("CarcassImport");

export const PlantAgendaQuery = z.object({
  date: isoDate.optional(),
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
});

// ---------------------------------------------------------------- interchange

const text = (max: number) => z.string().trim().max(max);

export const HeartbeatBody = z.object({
  clientName: text(80).min(1, "Name the client"),
  tenantSiteId: idNumber().nullable().optional(),
  /** IANA zone of the plant (Australia/Sydney); leave out when unknown */
  timeZone: text(60).nullable().optional(),
  isInErrorState: z.boolean(),
  isCurrentlyOperating: z.boolean(),
  hasInterchangeEnabled: z.boolean(),
  currentDataFlowStatus: text(40).min(1),
  processEntries: z.array(z.object({
    name: text(80).min(1),
    status: text(40),
    at: z.string().max(40).nullable().optional(),
  })).max(50).default([]),
  nextPipelineSchedule: z.string().max(40).nullable().optional(),
  clientAppVersion: text(40).default(""),
  isSoftwareUpToDate: z.boolean(),
}).openapi("InterchangeHeartbeat");

export const HeartbeatAnswer = z.object({
  clientId: id,
  /** the office asked to reset the data flow to Ready to Process: do it now */
  resetRequested: z.boolean(),
  /** reset whatever the status (not only an error) */
  force: z.boolean(),
}).openapi("InterchangeHeartbeatAnswer");

export const InterchangeClient = z.object({
  id,
  clientName: z.string(),
  tenantName: z.string(),
  siteName: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** the plant's time now (HH:mm) or null when its zone is not set */
  localTime: z.string().nullable(),
  /** sun from 06:00 to 17:59, moon otherwise; null without a zone */
  dayPeriod: z.enum(["day", "night"]).nullable(),
  isInErrorState: z.boolean(),
  isCurrentlyOperating: z.boolean(),
  hasInterchangeEnabled: z.boolean(),
  currentDataFlowStatus: z.string(),
  processEntries: z.array(
    z.object({ name: z.string(), status: z.string(), at: z.string().nullable().optional() }),
  ),
  nextPipelineSchedule: z.string().nullable(),
  clientAppVersion: z.string(),
  isSoftwareUpToDate: z.boolean(),
  lastHeartbeatAt: z.string(),
  /** no heartbeat for over 5 minutes */
  isSilent: z.boolean(),
  resetRequestedAt: z.string().nullable(),
  lastModified: z.string(),
}).openapi("InterchangeClient");

export const ResetDataFlowBody = z.object({
  clientId: id,
  /** reset whatever the status; without it only a client in error or paused is reset */
  force: z.boolean().default(false),
  lastModified: z.string().max(40).optional(),
});

export const PingAnswer = z.object({ isAvailable: z.boolean(), message: z.string() });

export const ReportErrorBody = z.object({
  errorItemId: text(80).min(1),
  /** when it failed at the plant, with its offset; absent: when it is reported */
  date: isoDateTime.optional(),
  integrationPartner: text(80).min(1),
  errorType: text(80).min(1),
  message: text(500).default(""),
}).openapi("IntegrationErrorReport");

export const IntegrationError = z.object({
  id,
  errorItemId: z.string(),
  date: z.string(),
  integrationPartner: z.string(),
  errorType: z.string(),
  message: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
}).openapi("IntegrationError");

export const AcknowledgeErrorsBody = z.object({ ids: z.array(id).min(1).max(500) });

// ---------------------------------------------------------------- the day, corrections, exports

export const KillFloorDayQuery = z.object({
  date: isoDate.optional(),
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
});

export const CarcassesQuery = KillFloorDayQuery.extend({
  stockMobId: idNumber().optional(),
  ...PageQuery.shape,
});

export const FeedbackQuery = KillFloorDayQuery.extend({
  supplierId: idNumber(),
  /** the last day of a range starting at `date` (at most 31 days) */
  to: isoDate.optional(),
});

const MobDay = z.object({
  stockMobId: id,
  livestockOrderId: id,
  lot: z.string(),
  supplierId: id,
  supplierName: z.string(),
  pic: z.string(),
  category: z.string(),
  /** head sent to the kill floor */
  head: z.number().int(),
  processed: z.number().int(),
  condemned: z.number().int(),
  partCondemned: z.number().int(),
  corrected: z.number().int(),
  weightKg: z.number(),
  averageKg: z.number(),
  averageFatMm: z.number().nullable(),
  /** head sent without a carcass record yet */
  awaiting: z.number().int(),
  /** the order's head counts in words ("12 head await carcass records") */
  orderSummary: z.string(),
  isOrderComplete: z.boolean(),
});

export const KillFloorDay = z.object({
  date: z.string(),
  speciesId: id,
  species: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  mobs: z.array(MobDay),
  totals: z.object({
    head: z.number().int(),
    processed: z.number().int(),
    condemned: z.number().int(),
    partCondemned: z.number().int(),
    awaiting: z.number().int(),
    weightKg: z.number(),
    averageKg: z.number(),
  }),
  weightBands: z.array(z.object({ label: z.string(), count: z.number().int() })),
  fatScores: z.array(z.object({ score: z.number().int(), count: z.number().int() })),
  nearestDays: NearestDays.openapi({
    description: "on a day nothing was killed or sent to the kill floor, the nearest days before and " +
      "after it with carcasses (same species and site); both null otherwise",
  }),
}).openapi("KillFloorDay");

export const Carcass = z.object({
  id,
  productionDate: z.string(),
  tenantSiteId: z.number().int(),
  speciesId: id,
  bodyNumber: z.number().int(),
  killSequence: z.number().int(),
  stockMobId: id,
  livestockOrderId: id,
  supplierId: id,
  speciesCategoryId: z.number().int().nullable(),
  rfid: z.string().nullable(),
  sex: z.string().nullable(),
  dentition: z.number().int().nullable(),
  hscwKg: z.number(),
  fatDepthMm: z.number().nullable(),
  fatScore: z.number().int().nullable(),
  gradeCode: z.string().nullable(),
  ...MSA_GRADING,
  defects: z.array(z.string()),
  trimKg: z.number(),
  condemned: z.string(),
  condemnedReason: z.string().nullable(),
  skinGrade: z.string().nullable(),
  importId: z.number().int(),
  isCorrected: z.boolean(),
  receivedAt: z.string(),
  lastModified: z.string(),
}).openapi("Carcass");

export const CorrectCarcassBody = z.object({
  carcassId: id,
  lastModified: z.string().min(1).max(40),
  reason: z.string().trim().min(3, "Say why (at least 3 characters)").max(300),
  hscwKg: z.number().min(0).max(1000).optional(),
  fatDepthMm: z.number().min(0).max(80).nullable().optional(),
  fatScore: z.number().int().min(1).max(6).nullable().optional(),
  gradeCode: z.string().trim().max(12).nullable().optional(),
  dentition: z.number().int().min(0).max(8).nullable().optional(),
  condemned: z.enum(["none", "part", "whole"]).optional(),
  condemnedReason: z.string().trim().max(120).nullable().optional(),
  trimKg: z.number().min(0).max(500).optional(),
}).openapi("CorrectCarcassBody");

export const SimulateKillBody = z.object({
  date: isoDate.optional(),
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
});
