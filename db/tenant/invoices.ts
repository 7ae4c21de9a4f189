/**
 * Reciprocal invoices and skins (issue 16; the model is in docs/decisions.md "Invoices and skins"): the
 * recipient-created tax invoice (RCTI) a processor issues to a supplier for the stock it killed, built from
 * the carcass records of the mobs on it and priced on the order's grid; the invoicing settings it reads
 * (levies, defect price rules, skin and hide prices); and the skin counts recorded per order.
 *
 * Money is whole cents (integers) everywhere; prices per kg are cents per kg.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, json, stamps } from "./columns.ts";
import { livestockOrders, stockMobs } from "./livestock.ts";

/**
 * Levies and charges per head or on value (spec 2 §3 "Invoice settings (levies)"), keyed by levy type,
 * site (0 = every site), species category and start date (+ description for the plant's own levies). The
 * latest start date on or before the production day applies.
 */
export interface LevyBand {
  /** value of one carcass (cents) from which the band applies; bands ascend, the first from 0 */
  fromValueCents: number;
  /** cents per head in this band */
  perHeadCents: number;
  /** basis points of the carcass value (200 = 2 %) */
  basisPoints: number;
}

export const levySettings = sqliteTable("levy_settings", {
  id: id(),
  /** see server/areas/invoiceSettings/rules.ts LEVY_TYPES */
  levyType: text("levy_type").notNull(),
  /** 0 = every site */
  tenantSiteId: integer("tenant_site_id").notNull().default(0),
  /** the species category it applies to */
  speciesCategoryId: integer("species_category_id").notNull(),
  startDate: text("start_date").notNull(),
  /** "" for the statutory levies; names a plant's own levy or charge */
  description: text("description").notNull().default(""),
  bands: json<LevyBand[]>("bands").notNull(),
  /** a cap per head (cents); null = none */
  maxPerHeadCents: integer("max_per_head_cents"),
  ...stamps(),
}, (t) => [
  uniqueIndex("levy_key").on(t.levyType, t.tenantSiteId, t.speciesCategoryId, t.startDate, t.description),
]);

/**
 * How a defect or condemnation is paid (spec 3 "Carcass defect details"): the carcass keeps its grid
 * price, loses a percentage or cents per kg, is paid a fixed amount per head, or is not paid.
 */
export const defectDetails = sqliteTable("defect_details", {
  id: id(),
  /** the defect code the kill floor sends (BRUISE, ARTH…) or CONDEMNED / PART_CONDEMNED */
  code: text("code").notNull(),
  /** the defect category an invoice line reads ("Bruising", "Condemned") */
  name: text("name").notNull(),
  /** null = every species */
  speciesId: integer("species_id"),
  /** GridPrice, PercentOff, CentsPerKgOff, FixedPerHead, NoPayment */
  priceRule: text("price_rule").notNull(),
  /** percent (PercentOff), cents per kg (CentsPerKgOff) or cents per head (FixedPerHead) */
  amount: integer("amount").notNull().default(0),
  isArchived: flag("is_archived"),
  ...stamps(),
}, (t) => [index("defect_details_code").on(t.code)]);

/**
 * Skin (sheep, goat) and hide (cattle) prices: cents per piece by grade, from a start date until it is
 * archived (spec 2 §3 "Skin price and hide price").
 */
export const skinPrices = sqliteTable("skin_prices", {
  id: id(),
  /** skin or hide */
  kind: text("kind").notNull(),
  speciesId: integer("species_id").notNull(),
  /** null = every category of the species */
  speciesCategoryId: integer("species_category_id"),
  name: text("name").notNull(),
  startDate: text("start_date").notNull(),
  /** from this day the price no longer applies (null = in use) */
  archivedDate: text("archived_date"),
  /** cents per piece by grade, in the order graders call them */
  grades: json<{ grade: string; centsPerPiece: number }[]>("grades").notNull(),
  ...stamps(),
}, (t) => [index("skin_prices_species").on(t.speciesId, t.startDate)]);

/** The skins or hides of an order counted by grade for a production day (UpsertSkinCountForOrdersForDate). */
export const skinCounts = sqliteTable("skin_counts", {
  id: id(),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  productionDate: text("production_date").notNull(),
  /** pieces by grade */
  counts: json<Record<string, number>>("counts").notNull(),
  total: integer("total").notNull(),
  recordedBy: text("recorded_by").notNull(),
  ...stamps(),
}, (t) => [uniqueIndex("skin_counts_order_day").on(t.livestockOrderId, t.productionDate)]);

/** A reciprocal invoice (RCTI): the mobs of one order it pays for, its edits and, once published, its document. */
export const invoices = sqliteTable("invoices", {
  id: id(),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  supplierId: integer("supplier_id").notNull(),
  speciesId: integer("species_id").notNull(),
  speciesCategoryId: integer("species_category_id"),
  productionDate: text("production_date"),
  /** Draft, Published, Finalised */
  status: text("status").notNull(),
  /** RCTI number, given at the first publish and kept */
  invoiceNumber: text("invoice_number"),
  dueDate: text("due_date"),
  supplierReference: text("supplier_reference").notNull().default(""),
  /** levies taken off by a user (the supplier pays them elsewhere) */
  leviesRemoved: flag("levies_removed"),
  /** the computed figures of the last compute (lists read them without computing) */
  subTotalCents: integer("sub_total_cents").notNull().default(0),
  taxCents: integer("tax_cents").notNull().default(0),
  levyCents: integer("levy_cents").notNull().default(0),
  totalCents: integer("total_cents").notNull().default(0),
  carcassCount: integer("carcass_count").notNull().default(0),
  isPublishable: flag("is_publishable"),
  unableToPublishReasons: json<string[]>("unable_to_publish_reasons").notNull().default([]),
  /**
   * the last compute; null asks for a recompute on the next read (skin counts changed). Kill floor data
   * changed after it makes a draft "created with corrections" until someone recomputes it.
   */
  computedAt: text("computed_at"),
  /** the document as published (frozen until unpublished) */
  publishedDocument: json<unknown>("published_document"),
  publishedAt: text("published_at"),
  publishedBy: text("published_by"),
  /** the stored PDF of the last publish (storage blob reference) */
  publishedReportRef: text("published_report_ref"),
  finalisedAt: text("finalised_at"),
  finalisedBy: text("finalised_by"),
  createdBy: text("created_by").notNull(),
  ...stamps(),
}, (t) => [
  index("invoices_order").on(t.livestockOrderId),
  index("invoices_status").on(t.status, t.speciesId),
  index("invoices_published").on(t.publishedAt),
]);

/** Which invoice pays for a mob (a mob is on one invoice at most). */
export const invoiceMobs = sqliteTable("invoice_mobs", {
  stockMobId: integer("stock_mob_id").primaryKey().references(() => stockMobs.id),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id, { onDelete: "cascade" }),
}, (t) => [index("invoice_mobs_invoice").on(t.invoiceId)]);

/** Additional line items (spec 2 §3): freight, a bonus, a deduction; total = quantity × price per unit. */
export const invoiceLineItems = sqliteTable("invoice_line_items", {
  id: id(),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id, { onDelete: "cascade" }),
  description: text("description").notNull(),
  quantity: real("quantity").notNull(),
  /** cents; negative for a deduction */
  pricePerUnitCents: integer("price_per_unit_cents").notNull(),
  isApplyGst: flag("is_apply_gst"),
  sort: integer("sort").notNull().default(0),
  ...stamps(),
}, (t) => [index("invoice_lines_invoice").on(t.invoiceId)]);

/** A pricing adjustment on one carcass line (its key: defect category, band, fat score): ± cents per unit. */
export const invoicePriceAdjustments = sqliteTable("invoice_price_adjustments", {
  id: id(),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id, { onDelete: "cascade" }),
  lineKey: text("line_key").notNull(),
  /** added to the line's price per unit (cents per kg or per head) */
  centsPerUnit: integer("cents_per_unit").notNull(),
  reason: text("reason").notNull(),
  ...stamps(),
}, (t) => [uniqueIndex("invoice_adjustment_line").on(t.invoiceId, t.lineKey)]);

/**
 * Remittance emails waiting to go (the organisation's "Email remittances when published"): written in the
 * publish's own transaction, so a restart between the publish and the send loses none; sent by whichever
 * instance claims the row first (`claimedUntil`), tried again later while the mail server does not take
 * it, and deleted once sent or given up (the invoice's audit trail keeps each attempt).
 */
export const remittanceMailings = sqliteTable("remittance_mailings", {
  id: id(),
  invoiceId: integer("invoice_id").notNull().references(() => invoices.id, { onDelete: "cascade" }),
  /** control-database user id of who published it: the mail is sent, and recorded, as theirs */
  requestedBy: integer("requested_by").notNull(),
  /** tries made so far */
  attempts: integer("attempts").notNull().default(0),
  /** the next try, not before (UTC ISO) */
  nextAttemptAt: text("next_attempt_at").notNull(),
  /** an instance sending it holds it until then (UTC ISO); null = free */
  claimedUntil: text("claimed_until"),
  /** why the last try failed, in words */
  lastError: text("last_error"),
  createdAt: text("created_at").notNull(),
}, (t) => [
  uniqueIndex("remittance_mailings_invoice").on(t.invoiceId),
  index("remittance_mailings_due").on(t.nextAttemptAt),
]);
