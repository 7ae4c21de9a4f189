/**
 * Yield reporting (issue 38; the model is in docs/decisions.md "Yield"): what the boning room made of the
 * carcasses the kill floor weighed. Reference data per species (the cut hierarchy, the plant's product
 * codes with their AUS-MEAT item numbers, effective-dated standard yields and prices, boning rooms), the
 * boning runs (a lot's carcasses boned in one room on one shift: the HSCW boned is the yield's
 * denominator), the cartons (and bone, fat and trim bins) each run made, and the daily summaries every
 * view reads, rebuilt by one function whenever cartons, a run or a kill floor correction change a day.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, json } from "./columns.ts";

/**
 * The cut hierarchy (spec 3 §3 "Segments"): product type → body segment → primal → cut, per species.
 * `parentId` is null only for a product type.
 */
export const yieldSegments = sqliteTable("yield_segments", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  /** productType, bodySegment, primal or cut */
  level: text("level").notNull(),
  name: text("name").notNull(),
  parentId: integer("parent_id"),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [uniqueIndex("yield_segments_name").on(t.speciesId, t.level, t.name)]);

/**
 * A product code of the plant (what a carton's label says). `kind` places it in the mass balance: product
 * (saleable meat, under a cut), or the bone, fat and trim that close the balance to the HSCW boned.
 */
export const productCodes = sqliteTable("product_codes", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  /** the plant's own code, unique per species ("L-LEG-TB") */
  code: text("code").notNull(),
  description: text("description").notNull(),
  /** AUS-MEAT Handbook item number where one exists ("4800"); null for the plant's own items */
  meatCode: text("meat_code"),
  /** product, bone, fat or trim */
  kind: text("kind").notNull().default("product"),
  /** the cut (a yield segment of level cut) it reports under; null for bone, fat and trim */
  cutId: integer("cut_id"),
  isActive: flag("is_active"),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [uniqueIndex("product_codes_code").on(t.speciesId, t.code)]);

/** Cut hierarchy overrides: a product code reported under another cut from a date (Settings › Cut hierarchy). */
export const segmentOverrides = sqliteTable("segment_overrides", {
  id: id(),
  productCodeId: integer("product_code_id").notNull(),
  cutId: integer("cut_id").notNull(),
  effectiveFrom: text("effective_from").notNull(),
  reason: text("reason").notNull().default(""),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [uniqueIndex("segment_overrides_from").on(t.productCodeId, t.effectiveFrom)]);

/** The standard (expected) yield of a product code, as % of HSCW boned, from a date. */
export const standardYields = sqliteTable("standard_yields", {
  id: id(),
  productCodeId: integer("product_code_id").notNull(),
  effectiveFrom: text("effective_from").notNull(),
  /** percent of HSCW, e.g. 7.85 */
  percent: real("percent").notNull(),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [uniqueIndex("standard_yields_from").on(t.productCodeId, t.effectiveFrom)]);

/** The $/kg a product code is worth, in cents, from a date (the yield revenue module's price list). */
export const productPrices = sqliteTable("product_prices", {
  id: id(),
  productCodeId: integer("product_code_id").notNull(),
  effectiveFrom: text("effective_from").notNull(),
  centsPerKg: integer("cents_per_kg").notNull(),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [uniqueIndex("product_prices_from").on(t.productCodeId, t.effectiveFrom)]);

/** A boning room of a site and the species it bones (a site bones a species when a room does). */
export const boningRooms = sqliteTable("boning_rooms", {
  id: id(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  name: text("name").notNull(),
  speciesIds: json<number[]>("species_ids").notNull().default([]),
  isActive: flag("is_active"),
  lastModified: text("last_modified").notNull(),
}, (t) => [uniqueIndex("boning_rooms_name").on(t.tenantSiteId, t.name)]);

/**
 * A boning run: the carcasses of one lot (a mob of one kill day) boned in one room on one shift. Its head
 * and HSCW come from the kill floor's carcasses of that mob and day (whole condemnations left out) and are
 * refreshed by the rebuild; a run sent without a mob keeps the head and HSCW it was sent with.
 */
export const boningRuns = sqliteTable("boning_runs", {
  id: id(),
  /** the boning (production) date the yield is reported on */
  productionDate: text("production_date").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  speciesId: integer("species_id").notNull(),
  boningRoomId: integer("boning_room_id").notNull(),
  /** day or night */
  shift: text("shift").notNull(),
  /** the plant's run number on that date in that room */
  runNumber: integer("run_number").notNull(),
  killDate: text("kill_date"),
  stockMobId: integer("stock_mob_id"),
  livestockOrderId: integer("livestock_order_id"),
  supplierId: integer("supplier_id"),
  head: integer("head").notNull().default(0),
  hscwKg: real("hscw_kg").notNull().default(0),
  /** sum of fat depth (mm) over the carcasses that had one, and how many: the run's average fat */
  fatMmSum: real("fat_mm_sum").notNull().default(0),
  fatHead: integer("fat_head").notNull().default(0),
  lastModified: text("last_modified").notNull(),
}, (t) => [
  uniqueIndex("boning_runs_number").on(t.productionDate, t.tenantSiteId, t.boningRoomId, t.runNumber),
  index("boning_runs_mob").on(t.stockMobId, t.killDate),
]);

/** A carton (or a bin of bone, fat or trim) the boning room labelled; a serial sent again replaces it. */
export const cartons = sqliteTable("cartons", {
  id: id(),
  serial: text("serial").notNull(),
  productCodeId: integer("product_code_id").notNull(),
  netKg: real("net_kg").notNull(),
  pieces: integer("pieces").notNull().default(0),
  productionDate: text("production_date").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  speciesId: integer("species_id").notNull(),
  boningRoomId: integer("boning_room_id").notNull(),
  shift: text("shift").notNull(),
  boningRunId: integer("boning_run_id").notNull(),
  importId: integer("import_id").notNull(),
  receivedAt: text("received_at").notNull(),
}, (t) => [
  uniqueIndex("cartons_serial").on(t.serial),
  index("cartons_day").on(t.productionDate, t.tenantSiteId, t.speciesId),
  index("cartons_run").on(t.boningRunId),
]);

/** One batch or file of cartons: who sent it and what came of it. */
export const cartonImports = sqliteTable("carton_imports", {
  id: id(),
  /** api, upload or simulator */
  source: text("source").notNull(),
  name: text("name").notNull(),
  sentBy: text("sent_by").notNull(),
  sentAt: text("sent_at").notNull(),
  rows: integer("rows").notNull(),
  added: integer("added").notNull().default(0),
  replaced: integer("replaced").notNull().default(0),
  productionDates: json<string[]>("production_dates").notNull().default([]),
}, (t) => [index("carton_imports_sent").on(t.sentAt)]);

/**
 * The daily summary: one row per run and product code, with the standard and price in force that day and
 * the cut the code reported under (overrides applied). Every yield view reads these, so none depends on
 * how many cartons there were. Written only by the rebuild (server/areas/yield/rebuild.ts).
 */
export const yieldSummaries = sqliteTable("yield_summaries", {
  id: id(),
  productionDate: text("production_date").notNull(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  speciesId: integer("species_id").notNull(),
  boningRoomId: integer("boning_room_id").notNull(),
  shift: text("shift").notNull(),
  boningRunId: integer("boning_run_id").notNull(),
  productCodeId: integer("product_code_id").notNull(),
  /** the cut it reported under that day (null for bone, fat and trim) */
  cutId: integer("cut_id"),
  kind: text("kind").notNull(),
  cartons: integer("cartons").notNull(),
  pieces: integer("pieces").notNull(),
  kg: real("kg").notNull(),
  /** standard % × the run's HSCW */
  expectedKg: real("expected_kg").notNull(),
  standardPercent: real("standard_percent").notNull(),
  /** null without a price that day */
  centsPerKg: integer("cents_per_kg"),
  revenueCents: integer("revenue_cents").notNull().default(0),
  expectedRevenueCents: integer("expected_revenue_cents").notNull().default(0),
}, (t) => [
  index("yield_summaries_day").on(t.productionDate, t.tenantSiteId, t.speciesId),
  uniqueIndex("yield_summaries_key").on(t.boningRunId, t.productCodeId),
]);

/**
 * A saved yield report (spec 3 §2.1): a Yield Summary Report (kind summary: saved filters and columns,
 * viewed as a table) or an Operational Yield Report (kind operational: for the floor and the TV).
 */
export const yieldReports = sqliteTable("yield_reports", {
  id: id(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  speciesId: integer("species_id").notNull(),
  /** control-database user id and name of who made it */
  ownerId: integer("owner_id").notNull(),
  ownerName: text("owner_name").notNull(),
  /** the filters: plants, boning rooms, shifts, segments, a relative or fixed date range */
  filters: json<Record<string, unknown>>("filters").notNull().default({}),
  /** metric keys (server/areas/yield/metrics.ts) shown as columns, in order */
  columns: json<number[]>("columns").notNull().default([]),
  /** the grouping of the rows (a dimension key) */
  groupBy: text("group_by").notNull().default("cut"),
  isShared: flag("is_shared"),
  createdAt: text("created_at").notNull(),
  lastModified: text("last_modified").notNull(),
}, (t) => [index("yield_reports_kind").on(t.kind)]);
