/**
 * Paying suppliers (the invoices area, server/areas/invoices/payments): a payment run is one bank payment
 * file (ABA) of published invoices; its invoices are listed with the amount each was paid. An invoice is in
 * one live run at most (a cancelled run frees its invoices): the run's operation checks it inside its unit,
 * since SQLite's partial unique index cannot see the run's status.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, id, stamps } from "./columns.ts";
import { invoices } from "./invoices.ts";

/** One row (id 1): what the bank needs on every payment file; made on the first save. */
export const paymentFileSettings = sqliteTable("payment_file_settings", {
  id: integer("id").primaryKey(),
  /** the user id the plant's bank issued for direct entry (6 digits) */
  apcaUserId: text("apca_user_id").notNull().default(""),
  /** the bank the file is lodged with (CBA, WBC, NAB, ANZ, …) */
  bankAbbreviation: text("bank_abbreviation").notNull().default(""),
  /** the name the bank knows the plant by (≤ 26); "" = the plant's own party name */
  userName: text("user_name").notNull().default(""),
  /** what the entries are for (≤ 12) */
  description: text("description").notNull().default("LIVESTOCK"),
  /** add a debit of the total to the plant's own account (a self-balancing file) */
  balancing: flag("balancing"),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
});

export const paymentRuns = sqliteTable("payment_runs", {
  id: id(),
  /** the day the bank is to process the file (yyyy-mm-dd) */
  processingDate: text("processing_date").notNull(),
  description: text("description").notNull(),
  totalCents: integer("total_cents").notNull(),
  invoiceCount: integer("invoice_count").notNull(),
  /** created, cancelled */
  status: text("status").notNull(),
  /** the ABA file as written (a few KB: kept in the row, it never changes) */
  fileText: text("file_text").notNull(),
  createdBy: text("created_by").notNull(),
  cancelledAt: text("cancelled_at"),
  cancelledBy: text("cancelled_by"),
  ...stamps(),
}, (t) => [index("payment_runs_created").on(t.createdAt)]);

export const paymentRunInvoices = sqliteTable("payment_run_invoices", {
  paymentRunId: integer("payment_run_id").notNull().references(() => paymentRuns.id, { onDelete: "cascade" }),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id),
  amountCents: integer("amount_cents").notNull(),
}, (t) => [
  index("payment_run_invoices_run").on(t.paymentRunId),
  index("payment_run_invoices_invoice").on(t.invoiceId),
]);
