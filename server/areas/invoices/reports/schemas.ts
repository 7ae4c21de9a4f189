/** The invoice reports at the API boundary: periods of at most a year, by kill day or publish day. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

const period = { fromDate: isoDate, toDate: isoDate };
/** killed: the production day; published: the day it was issued */
const dateField = z.enum(["killed", "published"]).default("killed");
const speciesId = idNumber().optional().openapi({ description: "default: every species you invoice" });

export const INVOICE_STATUSES = ["Draft", "Published", "Finalised"] as const;

/** One invoice's feedback sheet, or every sheet of a species killed in a period (at most 100). */
export const FeedbackQuery = z.object({
  invoiceId: idNumber().optional(),
  speciesId: idNumber().optional().openapi({ description: "default: the species chosen in the header" }),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
}).refine((q) => q.invoiceId !== undefined || (q.fromDate && q.toDate), {
  message: "Choose an invoice or a period.",
  path: ["invoiceId"],
});
export type FeedbackQuery = z.infer<typeof FeedbackQuery>;

export const FeedbackPeriodQuery = z.object({
  speciesId: idNumber().optional().openapi({ description: "default: the species chosen in the header" }),
  ...period,
});

export const FeedbackSheetRow = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string().nullable(),
  status: z.string(),
  supplierName: z.string(),
  lotReference: z.string(),
  speciesCategory: z.string(),
  productionDate: z.string().nullable(),
  carcassCount: z.number(),
}).openapi("FeedbackSheetRow");

export const LevyQuery = z.object({ ...period, speciesId });
export type LevyQuery = z.infer<typeof LevyQuery>;

export const LevyReport = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  /** by species, category and levy: what the published invoices deducted */
  rows: z.array(z.object({
    species: z.string(),
    speciesCategory: z.string(),
    levy: z.string(),
    invoices: z.number(),
    head: z.number(),
    cents: z.number(),
  })),
  /** by levy (what is remitted to each levy body) */
  totals: z.array(z.object({ levy: z.string(), head: z.number(), cents: z.number() })),
  totalCents: z.number(),
  /** invoices of the period still drafts (not counted: nothing was deducted yet) */
  draftsNotCounted: z.number(),
}).openapi("LevyReport");
export type LevyReport = z.infer<typeof LevyReport>;

export const InvoiceFilter = z.object({
  ...period,
  dateField,
  speciesId,
  statuses: z.array(z.enum(INVOICE_STATUSES)).max(3).default([]).openapi({ description: "none = all" }),
  supplier: z.string().trim().max(100).default("").openapi({ description: "part of the supplier's name" }),
}).openapi("InvoiceFilter");
export type InvoiceFilter = z.infer<typeof InvoiceFilter>;

/** The CSV's query: the filter as query parameters (statuses comma separated). */
export const InvoiceFilterQuery = z.object({
  ...period,
  dateField,
  speciesId,
  statuses: z.string().max(40).default(""),
  supplier: z.string().trim().max(100).default(""),
});

export const InvoiceReportRow = z.object({
  id: z.number(),
  invoiceNumber: z.string().nullable(),
  status: z.string(),
  species: z.string(),
  speciesCategory: z.string(),
  supplierName: z.string(),
  lotReference: z.string(),
  productionDate: z.string().nullable(),
  publishedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  carcassCount: z.number(),
  subTotalCents: z.number(),
  taxCents: z.number(),
  levyCents: z.number(),
  totalCents: z.number(),
}).openapi("InvoiceReportRow");

export const InvoiceReport = z.object({
  rows: z.array(InvoiceReportRow),
  /** the report is bounded; true when more matched */
  truncated: z.boolean(),
  totals: z.object({
    invoices: z.number(),
    carcassCount: z.number(),
    subTotalCents: z.number(),
    taxCents: z.number(),
    levyCents: z.number(),
    totalCents: z.number(),
  }),
}).openapi("InvoiceReport");
export type InvoiceReport = z.infer<typeof InvoiceReport>;
