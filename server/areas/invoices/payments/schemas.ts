/** Payment runs at the API boundary: money is whole cents, dates yyyy-mm-dd. */
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { isoDate } from "../../../http/validation.ts";

const id = z.number().int().positive();

export const ToPayQuery = z.object({
  dueBy: isoDate.optional().openapi({ description: "invoices due on or before (default 7 days ahead)" }),
});
export const RunIdParam = z.object({ id: idNumber() });

export const InvoiceToPay = z.object({
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  supplierName: z.string(),
  dueDate: z.string().nullable(),
  totalCents: z.number().int(),
  status: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  /** why the file cannot pay it ("" when it can) */
  cannotPayReason: z.string(),
}).openapi("InvoiceToPay");

export const ToPayAnswer = z.object({
  dueBy: z.string(),
  invoices: z.array(InvoiceToPay),
  /** what stops any file being written (settings, the plant's own account); empty when ready */
  setupProblems: z.array(z.string()),
}).openapi("InvoicesToPay");

export const PaymentRun = z.object({
  id: z.number().int(),
  processingDate: z.string(),
  description: z.string(),
  totalCents: z.number().int(),
  invoiceCount: z.number().int(),
  status: z.enum(["created", "cancelled"]),
  createdAt: z.string(),
  createdBy: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  lastModified: z.string(),
  invoices: z.array(
    z.object({ invoiceId: z.number().int(), invoiceNumber: z.string(), amountCents: z.number().int() }),
  ),
}).openapi("PaymentRun");

export const CreateRunBody = z.object({
  invoiceIds: z.array(id).min(1, "Tick at least one invoice to pay.").max(500),
  processingDate: isoDate,
}).openapi("CreatePaymentRunBody");

export const CancelRunBody = z.object({
  id,
  lastModified: z.string().max(40).nullish().openapi({ description: "as read; a stale one is answered 409" }),
}).openapi("CancelPaymentRunBody");

export const PaymentFileSettings = z.object({
  apcaUserId: z.string().regex(/^\d{6}$/, "The APCA user id is 6 digits, from your bank."),
  bankAbbreviation: z.string().regex(/^[A-Za-z]{3}$/, "The bank is three letters, e.g. CBA, WBC, NAB, ANZ.")
    .transform((s) => s.toUpperCase()),
  userName: z.string().trim().max(26, "The name on the file is at most 26 characters."),
  description: z.string().trim().min(1, "Say what the payments are for, e.g. LIVESTOCK.")
    .max(12, "The description is at most 12 characters."),
  balancing: z.boolean(),
}).openapi("PaymentFileSettings");

export const PaymentFileSettingsAnswer = z.object({
  apcaUserId: z.string(),
  bankAbbreviation: z.string(),
  userName: z.string(),
  description: z.string(),
  balancing: z.boolean(),
  lastModified: z.string().nullable(),
  /** the plant's own account as its party record has it ("" when none) */
  ownBsb: z.string(),
  ownAccountNumber: z.string(),
  ownName: z.string(),
}).openapi("PaymentFileSettingsAnswer");
