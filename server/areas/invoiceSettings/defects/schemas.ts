/** Settings › Carcass Defects at the API boundary: the period and species asked for, and the rows. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

export const CarcassDefectsQuery = z.object({
  /** default: 89 days before toDate (90 kill days in all) */
  fromDate: isoDate.optional(),
  /** default: the plant's today */
  toDate: isoDate.optional(),
  /** default: every one of the caller's species */
  speciesId: idNumber().optional(),
});
export type CarcassDefectsQuery = z.infer<typeof CarcassDefectsQuery>;

const CarcassDefectRow = z.object({
  speciesId: z.number(),
  code: z.string(),
  /** noRule: paid as if no defect (a whole condemnation: not paid); unused: a rule no carcass carried */
  status: z.enum(["noRule", "ruled", "unused"]),
  ruleId: z.number().nullable(),
  name: z.string(),
  everySpecies: z.boolean(),
  carcasses: z.number(),
  sharePercent: z.number().nullable(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  paid: z.string(),
}).openapi("CarcassDefectRow");

export const CarcassDefects = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  species: z.array(z.object({
    speciesId: z.number(),
    species: z.string(),
    /** carcasses of the species killed in the period */
    carcasses: z.number(),
    rows: z.array(CarcassDefectRow),
  })),
}).openapi("CarcassDefects");
export type CarcassDefects = z.infer<typeof CarcassDefects>;
