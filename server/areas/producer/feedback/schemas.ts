/** Kill feedback through a link at the API boundary (issue 44 §3, §4). */
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../../http/validation.ts";
import { idNumber } from "../../../http/params.ts";

export const LinkQuery = z.object({ linkId: idNumber() });
export const LotQuery = z.object({ linkId: idNumber(), livestockOrderId: idNumber() });
/** One stored version of a remittance: `version` is its publish time in digits, as the portal lists it. */
export const RemittanceQuery = z.object({
  linkId: idNumber(),
  invoiceId: idNumber(),
  version: z.string().regex(/^\d{1,20}$/, "Open the remittance from the portal's list."),
});

/** One lot, or the kill days from–to (at most a year). */
export const FeedbackFileQuery = z.object({
  linkId: idNumber(),
  livestockOrderId: idNumber().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const KillLotRow = z.object({
  livestockOrderId: z.number(),
  productionDate: z.string(),
  speciesId: z.number(),
  supplierName: z.string(),
  pic: z.string(),
  head: z.number(),
  condemned: z.number(),
  averageHscwKg: z.number(),
});

const Counts = z.object({
  weight: z.number(),
  fat: z.number(),
  dentition: z.number(),
  pH: z.number(),
  ribFat: z.number(),
  condemned: z.number(),
});

export const LotFeedback = z.object({
  processorName: z.string(),
  livestockOrderId: z.number(),
  gridReference: z.string().nullable(),
  /** the lot's grid: weight bands × fat scores, cents per kg (null: bought without a grid) */
  grid: z.object({
    weightBands: z.array(z.object({ fromKg: z.number(), toKg: z.number().nullable() })),
    fatScores: z.array(z.number()),
    prices: z.array(z.array(z.number().nullable())),
  }).nullable(),
  /** teeth a carcass may have before dentition counts against it (null: not checked) */
  maxDentition: z.number().nullable(),
  compliance: z.object({
    head: z.number(),
    inBestCell: z.number(),
    shareInBest: z.number(),
    reasons: Counts,
    dollarsLostCents: z.number(),
  }),
  carcasses: z.array(z.record(z.string(), z.unknown())),
});
