/**
 * What the invoice screens are sent (the lists' rows and the editor's invoice): plain types, shared by
 * the queries that build them and the islands that show them (through rules.ts). Pure.
 */
import type { InvoiceDocument, InvoiceStatus } from "./document.ts";
import type { UnruledDefect } from "./unruledDefects.ts";
import type { PaymentFileRef } from "./payments/liveRuns.ts";

/** A row of the invoice manager's lists (spec 2 §3 "Reciprocal invoice summary"). */
export interface InvoiceSummary {
  id: number;
  invoiceNumber: string | null;
  status: InvoiceStatus;
  livestockOrderId: number;
  speciesId: number;
  speciesCategoryName: string;
  supplierName: string;
  lotReference: string;
  productionDate: string | null;
  invoiceDueDate: string | null;
  invoicePublishedDate: string | null;
  invoiceFinalisedDate: string | null;
  supplierReference: string;
  carcassCount: number;
  subTotalCents: number;
  taxCents: number;
  levyCents: number;
  totalCents: number;
  isPublishable: boolean;
  unableToPublishReasons: string[];
  /** kill floor data changed since it was computed (drafts) or published */
  hasCorrections: boolean;
  stockMobIds: number[];
  /** the live bank payment file paying it (Invoice Manager › Payments), if any */
  paymentFile: PaymentFileRef | null;
  /** where its remittance email stands (null: never emailed, or a draft) */
  remittanceEmail: RemittanceState | null;
  lastModified: string;
}

/** One emailing of an invoice's remittance to its supplier, sent or not. */
export interface RemittanceEmail {
  at: string;
  to: string;
  by: string;
  sent: boolean;
  /** why it was not sent, in words */
  reason: string | null;
}

/** One invoice in the editor: its row, its document and its edits. */
export interface InvoiceView extends InvoiceSummary {
  leviesRemoved: boolean;
  publishedReportAvailable: boolean;
  document: InvoiceDocument;
  adjustments: { lineKey: string; centsPerUnit: number; reason: string }[];
  /** a draft's carcasses' defect codes no rule prices (none on a published invoice: its figures are fixed) */
  unruledDefects: UnruledDefect[];
  /** the remittance emailed to the supplier, newest first */
  remittanceEmails: RemittanceEmail[];
  /** the remittance waiting to be emailed by itself (the organisation's setting), or null */
  remittanceQueued: QueuedRemittance | null;
}

export interface QueuedRemittance {
  /** the next try, not before (UTC ISO) */
  nextAttemptAt: string;
  /** tries the mail server did not take so far */
  attempts: number;
  maxTries: number;
}

/** A row of "to be created": an order's killed mobs not yet on an invoice. */
export interface ToBeCreatedRow {
  livestockOrderId: number;
  supplierName: string;
  speciesCategoryName: string;
  lotReference: string;
  productionDate: string;
  quantityOrdered: number;
  isCarcassDataComplete: boolean;
  carcassCount: number;
  stockMobs: { id: number; lotReference: string; head: number; carcasses: number }[];
}

export interface RemittanceState {
  /** waiting to go by itself, or the latest attempt sent or not */
  state: "queued" | "sent" | "notSent";
  /** when the latest attempt was made (UTC ISO); null while queued */
  at: string | null;
}
