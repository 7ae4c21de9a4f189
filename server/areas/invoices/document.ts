/**
 * The invoice as a document (the remittance advice / recipient-created tax invoice, the feedback sheet):
 * everything reports/invoices/ renders, assembled by InvoiceQueries.document. Pure types and small
 * helpers; no I/O.
 */
import type { InvoiceComputation } from "./computation.ts";

export interface PartyOnDocument {
  name: string;
  /** ABN as stored (11 digits, spaced when shown) */
  abn: string;
  addressLines: string[];
  email: string;
  phone: string;
}

export interface BankDetails {
  accountName: string;
  /** six digits */
  bsb: string;
  accountNumber: string;
}

/** One carcass as the feedback sheet lists it, with what it was paid. */
export interface FeedbackCarcass {
  bodyNumber: number;
  killSequence: number;
  rfid: string | null;
  sex: string | null;
  dentition: number | null;
  hscwKg: number;
  fatDepthMm: number | null;
  fatScore: number | null;
  gradeCode: string | null;
  msaIndex: number | null;
  msaMarbling: number | null;
  msaOssification: number | null;
  msaRibFatMm: number | null;
  msaUltimatePh: number | null;
  defects: string[];
  condemned: string;
  condemnedReason: string | null;
  skinGrade: string | null;
  /** the carcass line it was paid on: defect category, band, fat */
  lineKey: string;
  /** cents per unit of its line (per kg or per head), null = not priced */
  pricePerUnitCents: number | null;
  unitType: "kg" | "head";
  /** cents, rounded on its own (the invoice's lines are rounded per line, so these may differ by a cent) */
  valueCents: number;
}

export type InvoiceStatus = "Draft" | "Published" | "Finalised";

export type InvoiceDocument = {
  invoiceId: number;
  /** RCTI number, given at the first publish (null on a draft) */
  invoiceNumber: string | null;
  status: InvoiceStatus;
  /** "Recipient Created Tax Invoice" or "Service Kill Sheet" */
  title: string;
  /** the day it was (or would be) issued: the publish date, or today on a draft */
  issueDate: string;
  dueDate: string | null;
  productionDate: string | null;
  supplierReference: string;
  processor: PartyOnDocument;
  supplier: PartyOnDocument & {
    isGstExempt: boolean;
    pic: string;
    /** only when the supplier-bank-details flag is on and the supplier has them */
    bank: BankDetails | null;
  };
  order: {
    id: number;
    lotReference: string;
    pic: string;
    nvd: string;
    speciesId: number;
    speciesName: string;
    speciesCategoryName: string;
    deliveryDate: string;
    /** how it was priced, in words: "Lamb grid L-NOV (Nov 2026 grids)", "Fixed $7.20 per kg carcass weight" */
    pricing: string;
  };
  isServiceKill: boolean;
  /** the condensed beef invoice flag: per-category summary lines instead of every grid cell */
  condensed: boolean;
  computation: InvoiceComputation;
  carcasses: FeedbackCarcass[];
};

/** "12 345 678 901": an ABN as the ATO prints it. */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\D/g, "");
  return d.length === 11 ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

/** "062-000": a BSB padded to six digits (spec 2 §5). */
export function formatBsb(bsb: string): string {
  const d = bsb.replace(/\D/g, "").padStart(6, "0");
  return `${d.slice(0, 3)}-${d.slice(3)}`;
}

/** The statement an RCTI must carry (GST Act, A New Tax System (Goods and Services Tax) (RCTI) determination). */
export const RCTI_AGREEMENT =
  "The recipient and the supplier declare that this agreement applies to supplies to which this tax invoice " +
  "relates. The recipient can issue tax invoices in respect of these supplies. The supplier will not issue tax " +
  "invoices in respect of these supplies. The supplier acknowledges that it is registered for GST and that it " +
  "will notify the recipient if it ceases to be registered. The recipient acknowledges that it is registered " +
  "for GST and that it will notify the supplier if it ceases to be registered.";
