/** Reciprocal invoices at the API boundary (spec 2 §3, §7.1). Money in is dollars; money out is cents. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../http/params.ts";
import { isoDate } from "../../http/validation.ts";

const id = z.number().int().positive();
const lastModified = z.string().max(40).nullish().openapi({
  description: "as read; a stale one is answered 409",
});

export const SpeciesQuery = z.object({ speciesId: idNumber().optional() });
export const PublishedQuery = z.object({
  speciesId: idNumber().optional(),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
});
export const OrderQuery = z.object({ livestockOrderId: idNumber() });
export const InvoiceIdParam = z.object({ id: idNumber() });
export const LineItemQuery = z.object({ reciprocalInvoiceLineItemId: idNumber() });

export const CreateInvoicesBody = z.object({
  stockMobIds: z.array(id).max(500).default([]),
  livestockOrderIds: z.array(id).max(500).default([]),
}).refine((b) => b.stockMobIds.length + b.livestockOrderIds.length > 0, {
  message: "Choose at least one mob or order.",
  path: ["stockMobIds"],
}).openapi("CreateInvoicesBody");

export const ComputeBody = z.object({ id }).openapi("ComputeInvoiceBody");
export const EmailRemittanceBody = z.object({ id }).openapi("EmailRemittanceBody");

export const UpdateInvoiceBody = z.object({
  id,
  lastModified,
  invoiceDueDate: isoDate.nullable().optional(),
  leviesRemoved: z.boolean().optional(),
}).openapi("UpdateInvoiceBody");

export const UpdatePublishedBody = z.object({
  id,
  lastModified,
  supplierReference: z.string().trim().max(60, "At most 60 characters."),
  invoiceDueDate: isoDate.nullable(),
}).openapi("UpdatePublishedInvoiceBody");

export const LineItemBody = z.object({
  invoiceId: id,
  lastModified,
  reciprocalInvoiceLineItemId: id.optional(),
  description: z.string().trim().min(1, "Describe the line.").max(120, "At most 120 characters."),
  quantity: z.number({ error: "Enter a quantity (0 is allowed)." }).finite().min(-100_000).max(100_000),
  pricePerUnit: z.number({ error: "Enter a price per unit (0 is allowed)." }).finite().min(-10_000_000).max(
    10_000_000,
  ),
  isApplyGst: z.boolean().default(true),
}).openapi("AdditionalLineItemBody");

export const AdjustmentBody = z.object({
  invoiceId: id,
  lastModified,
  lineKey: z.string().min(1).max(200),
  /** dollars added to the line's price per unit (per kg or per head); negative lowers it */
  adjustmentPerUnit: z.number().finite().min(-1000).max(1000).refine(
    (v) => v !== 0,
    "Enter a non-zero amount.",
  ),
  reason: z.string().trim().min(1, "Say why the price is adjusted.").max(200, "At most 200 characters."),
}).openapi("PricingAdjustmentBody");

export const RemoveAdjustmentBody = z.object({
  invoiceId: id,
  lastModified,
  lineKey: z.string().min(1).max(200),
}).openapi("RemovePricingAdjustmentBody");

export const PublishBody = z.object({ id, lastModified }).openapi("PublishInvoiceBody");
export const PublishAllBody = z.object({
  speciesId: id,
  publishServiceKillSheets: z.boolean().default(false),
}).openapi("PublishAllInvoicesBody");
export const IdsBody = z.object({
  ids: z.array(id).min(1, "Choose at least one invoice.").max(500),
}).openapi("InvoiceIdsBody");
export const DeleteDraftBody = z.object({ id, lastModified }).openapi("DeleteDraftInvoiceBody");

const cents = z.number().int();
export const InvoiceSummary = z.object({
  id,
  invoiceNumber: z.string().nullable(),
  status: z.enum(["Draft", "Published", "Finalised"]),
  livestockOrderId: id,
  speciesId: id,
  speciesCategoryName: z.string(),
  supplierName: z.string(),
  lotReference: z.string(),
  productionDate: z.string().nullable(),
  invoiceDueDate: z.string().nullable(),
  invoicePublishedDate: z.string().nullable(),
  invoiceFinalisedDate: z.string().nullable(),
  supplierReference: z.string(),
  carcassCount: z.number().int(),
  subTotalCents: cents,
  taxCents: cents,
  levyCents: cents,
  totalCents: cents,
  isPublishable: z.boolean(),
  unableToPublishReasons: z.array(z.string()),
  hasCorrections: z.boolean(),
  stockMobIds: z.array(id),
  paymentFile: z.object({
    id,
    processingDate: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    amountCents: cents,
  }).nullable().openapi({
    description: "the bank payment file (Invoice Manager › Payments) paying it, while that file is not " +
      "cancelled; null otherwise. An invoice in a file cannot be unpublished until the file is cancelled",
  }),
  remittanceEmail: z.object({
    state: z.enum(["queued", "sent", "notSent"]),
    at: z.string().nullable(),
  }).nullable().openapi({
    description: "where the remittance email stands: waiting to go by itself (queued), else the latest " +
      "attempt (sent or notSent) and when; null when it was never emailed (and on a draft)",
  }),
  lastModified: z.string(),
}).openapi("ReciprocalInvoiceSummary");

export const ToBeCreated = z.object({
  livestockOrderId: id,
  supplierName: z.string(),
  speciesCategoryName: z.string(),
  lotReference: z.string(),
  productionDate: z.string(),
  quantityOrdered: z.number().int(),
  isCarcassDataComplete: z.boolean(),
  carcassCount: z.number().int(),
  stockMobs: z.array(z.object({
    id,
    lotReference: z.string(),
    head: z.number().int(),
    carcasses: z.number().int(),
  })),
}).openapi("InvoiceToBeCreated");

export const RemittanceEmail = z.object({
  at: z.string(),
  to: z.string(),
  by: z.string(),
  sent: z.boolean(),
  reason: z.string().nullable().openapi({ description: "why it was not sent, in words" }),
}).openapi("RemittanceEmail");

export const InvoiceView = InvoiceSummary.extend({
  leviesRemoved: z.boolean(),
  publishedReportAvailable: z.boolean(),
  adjustments: z.array(z.object({ lineKey: z.string(), centsPerUnit: cents, reason: z.string() })),
  unruledDefects: z.array(z.object({
    code: z.string(),
    carcasses: z.number().int(),
    message: z.string(),
  })).openapi({
    description: "a draft's defect codes no live rule of the species prices (a warning, not a reason it " +
      "cannot be published); empty on a published or finalised invoice",
  }),
  remittanceEmails: z.array(RemittanceEmail).openapi({
    description: "the remittance emailed to the supplier (EmailRemittance), newest first; empty on a draft",
  }),
  remittanceQueued: z.object({
    nextAttemptAt: z.string(),
    attempts: z.number().int(),
    maxTries: z.number().int(),
  }).nullable().openapi({
    description: "the remittance waiting to be emailed by itself once published (the organisation's " +
      "setting): the next try and the tries the mail server did not take; null when none waits",
  }),
  document: z.looseObject({
    title: z.string(),
    computation: z.looseObject({
      totalCents: cents,
      carcassLines: z.array(z.looseObject({ key: z.string() })),
    }),
  }).openapi({ description: "the invoice document (server/areas/invoices/document.ts InvoiceDocument)" }),
}).openapi("ReciprocalInvoice");

export const CreatedInvoices = z.object({
  livestockInvoiceSummaryDtos: z.array(InvoiceSummary),
  stockMobIds: z.array(id),
}).openapi("CreatedInvoices");
export const PublishAllAnswer = z.object({
  publishedIds: z.array(id),
  skipped: z.array(z.object({ id, reasons: z.array(z.string()) })),
}).openapi("PublishAllAnswer");
export const IdsAnswer = z.object({ ids: z.array(id) }).openapi("InvoiceIds");
