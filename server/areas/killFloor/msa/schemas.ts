/** MSA data at the API boundary: an order's MSA results, and the re-query of a day or an order. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

const id = z.number().int().positive();
const value = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const MsaOrderQuery = z.object({ livestockOrderId: idNumber() });

export const MsaDetails = z.object({
  isMsaEligible: z.boolean(),
  /** the supplier is MSA accredited with a registration number */
  isRegisteredSupplier: z.boolean(),
  msaNumber: z.string().nullable(),
  /** carcasses recorded for the order */
  killed: z.number().int(),
  graded: z.number().int(),
  compliant: z.number().int(),
  /** compliant of graded, percent to one decimal; null before any carcass is graded */
  compliancePercent: z.number().nullable(),
  averageMsaIndex: z.number().nullable(),
}).openapi("MsaDetails");

/** A carcass's MSA grading as stored (MsaGrading in rules.ts): in every answer that carries a carcass. */
export const MSA_GRADING = {
  msaHumpMm: z.number().int().nullable(),
  msaHangMethod: z.string().nullable(),
  msaHgp: z.boolean().nullable(),
  msaOssification: z.number().int().nullable(),
  msaMarbling: z.number().int().nullable(),
  msaRibFatMm: z.number().int().nullable(),
  msaUltimatePh: z.number().nullable(),
  msaLoinTempC: z.number().nullable(),
  msaIndex: z.number().nullable(),
  msaEyeMuscleAreaCm2: z.number().int().nullable(),
  msaCompliant: z.boolean().nullable(),
  msaNonComplianceReason: z.string().nullable(),
};

export const MsaCarcass = z.object({
  carcassId: id,
  productionDate: z.string(),
  bodyNumber: z.number().int(),
  sex: z.string().nullable(),
  dentition: z.number().int().nullable(),
  hscwKg: z.number(),
  condemned: z.string(),
  ...MSA_GRADING,
}).openapi("MsaCarcass");

export const MsaFieldChange = z.object({
  field: z.string(),
  label: z.string(),
  before: value,
  after: value,
}).openapi("MsaFieldChange");

export const MsaCarcassChange = z.object({
  carcassId: id,
  livestockOrderId: id,
  productionDate: z.string(),
  bodyNumber: z.number().int(),
  changes: z.array(MsaFieldChange),
}).openapi("MsaCarcassChange");

export const MsaRequeryOutcome = z.object({
  at: z.string(),
  by: z.string(),
  /** what was asked: an order, or a day */
  asked: z.string(),
  carcassesAsked: z.number().int(),
  changed: z.array(MsaCarcassChange),
}).openapi("MsaRequeryOutcome");

export const MsaOrderData = z.object({
  livestockOrderId: id,
  supplierName: z.string(),
  lotReference: z.string().nullable(),
  speciesId: id,
  msaDetails: MsaDetails,
  carcasses: z.array(MsaCarcass),
  /** the last re-query that touched the order, with what it changed there */
  lastRequery: MsaRequeryOutcome.nullable(),
}).openapi("MsaOrderData");

export const RequeryMsaBody = z.object({
  livestockOrderId: idNumber().optional(),
  date: isoDate.optional(),
  speciesId: idNumber().optional(),
  tenantSiteId: idNumber().optional(),
}).refine((b) => Boolean(b.livestockOrderId) !== Boolean(b.date), {
  message: "Give an order or a day, not both",
  path: ["livestockOrderId"],
}).openapi("RequeryMsaBody");
