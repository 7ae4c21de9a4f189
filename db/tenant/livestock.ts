/**
 * Livestock buying (spec 1 §3, spec 2 §3): suppliers, stakeholders, buyers, transport companies, order
 * groups and orders, delivery loads and the stock mobs they create, pricing grid groups and grids, kill
 * volume targets. Dates are `yyyy-MM-dd` text (the plant's local date), times `HH:mm`; `lastModified` is
 * an ISO timestamp the client sends back so a stale write is answered 409.
 */
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { flag, id, json, stamps } from "./columns.ts";

export interface MsaProperties {
  /** MSA producer registration number */
  msaNumber: string;
  isMsaAccredited: boolean;
}

/** The columns a supplier and a stakeholder share (spec 1 §3 "Supplier / stakeholder"). */
const partyColumns = () => ({
  id: id(),
  name: text("name").notNull(),
  isTenant: flag("is_tenant"),
  /** ABN */
  businessTaxIdentifier: text("business_tax_identifier").notNull().default(""),
  /** ACN */
  companyIdentifier: text("company_identifier").notNull().default(""),
  isGstExempt: flag("is_gst_exempt"),
  /** Property Identification Code (8 characters) */
  pic: text("pic").notNull().default(""),
  /** a place name as people say it ("Wagga Wagga NSW") */
  location: text("location").notNull().default(""),
  roles: json<string[]>("roles").notNull().default([]),
  /** species ids the party supplies */
  stockTypes: json<number[]>("stock_types").notNull().default([]),
  msaProperties: json<MsaProperties | null>("msa_properties"),
  contactFirstName: text("contact_first_name").notNull().default(""),
  contactLastName: text("contact_last_name").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  contactMobile: text("contact_mobile").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  contactJobTitle: text("contact_job_title").notNull().default(""),
  addressLine1: text("address_line1").notNull().default(""),
  addressLine2: text("address_line2").notNull().default(""),
  city: text("city").notNull().default(""),
  state: text("state").notNull().default(""),
  postcode: text("postcode").notNull().default(""),
  /** ISO 3166 numeric; 36 = Australia */
  countryId: integer("country_id").notNull().default(36),
  addressType: text("address_type").notNull().default("Postal"),
  bankAccountName: text("bank_account_name").notNull().default(""),
  /** six digits, zero-padded (spec 1 §5) */
  bsb: text("bsb").notNull().default(""),
  bankAccountNumber: text("bank_account_number").notNull().default(""),
  ...stamps(),
});

export const suppliers = sqliteTable("suppliers", partyColumns(), (t) => [
  index("suppliers_name").on(t.name),
  index("suppliers_modified").on(t.lastModified),
]);

export const stakeholders = sqliteTable("stakeholders", {
  ...partyColumns(),
  /** Agent, Feedlot, Saleyard, Backgrounder, Carrier, Other */
  stakeholderType: text("stakeholder_type").notNull(),
}, (t) => [index("stakeholders_name").on(t.name)]);

export const buyers = sqliteTable("buyers", {
  id: id(),
  name: text("name").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  mobile: text("mobile").notNull().default(""),
  email: text("email").notNull().default(""),
  isSoftDeleted: flag("is_soft_deleted"),
  ...stamps(),
});

export const transportCompanies = sqliteTable("transport_companies", {
  id: id(),
  name: text("name").notNull(),
  phone: text("phone").notNull().default(""),
  email: text("email").notNull().default(""),
  ...stamps(),
});

/** A purchase from one supplier, delivered as one or more orders (spec 1 §3 "Order group"). */
export const livestockOrderGroups = sqliteTable("livestock_order_groups", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  speciesCategoryId: integer("species_category_id"),
  quantityRequired: integer("quantity_required").notNull().default(0),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  transportCompanyId: integer("transport_company_id").references(() => transportCompanies.id),
  buyerId: integer("buyer_id").references(() => buyers.id),
  deliveryDate: text("delivery_date"),
  /** cleared when there is no buyer (spec 1 §5) */
  orderDate: text("order_date"),
  ...stamps(),
}, (t) => [index("order_groups_delivery").on(t.deliveryDate)]);

export const livestockOrders = sqliteTable("livestock_orders", {
  id: id(),
  livestockOrderGroupId: integer("livestock_order_group_id").notNull()
    .references(() => livestockOrderGroups.id),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  tenantSiteId: integer("tenant_site_id"),
  speciesId: integer("species_id").notNull(),
  speciesCategoryId: integer("species_category_id"),
  quantityOrdered: integer("quantity_ordered").notNull(),
  declaredQuantity: integer("declared_quantity"),
  deliveryDate: text("delivery_date").notNull(),
  deliveryTime: text("delivery_time"),
  productionDate: text("production_date"),
  /** see server/areas/livestock/orders/status.ts */
  orderStatus: integer("order_status").notNull(),
  orderConfirmed: flag("order_confirmed"),
  agendaLotReference: text("agenda_lot_reference"),
  /** boxing (issue 39 item 4): the lot several small consignments are killed as, e.g. "BOX-812" */
  boxedLotRef: text("boxed_lot_ref"),
  /** the order the lot lives on (its own id for that order); null when the order is not boxed */
  boxedOrderCollectionId: integer("boxed_order_collection_id"),
  pic: text("pic").notNull().default(""),
  nvd: text("nvd").notNull().default(""),
  isMsaEligible: flag("is_msa_eligible"),
  isSaleyardOrder: flag("is_saleyard_order"),
  transportCompanyId: integer("transport_company_id").references(() => transportCompanies.id),
  stakeholderIds: json<number[]>("stakeholder_ids").notNull().default([]),
  tags: json<string[]>("tags").notNull().default([]),
  notes: text("notes").notNull().default(""),
  pricingGridGroupId: integer("pricing_grid_group_id"),
  offGridPrice: real("off_grid_price"),
  /** PerHead, PerKgLive, PerKgCarcass */
  offGridPricePer: text("off_grid_price_per"),
  /** Fixed, OverGrid, UnderGrid */
  offGridPriceType: text("off_grid_price_type"),
  /** None, Weekly, Fortnightly, FourWeekly */
  recurrenceFrequency: text("recurrence_frequency").notNull().default("None"),
  recurrenceEndDate: text("recurrence_end_date"),
  /** the first order of a recurring series; null for a one-off */
  recurrenceSeriesId: integer("recurrence_series_id"),
  totalDelivered: integer("total_delivered").notNull().default(0),
  totalDoa: integer("total_doa").notNull().default(0),
  totalUnloaded: integer("total_unloaded").notNull().default(0),
  totalProcessed: integer("total_processed").notNull().default(0),
  /** every live head is accounted for by the kill floor's records (issue 15): the invoice can be made */
  carcassDataCompleteAt: text("carcass_data_complete_at"),
  isWaitingForExternalHeadCount: flag("is_waiting_for_external_head_count"),
  externalHeadCount: integer("external_head_count"),
  externalDoaCount: integer("external_doa_count"),
  statusBeforeCancel: integer("status_before_cancel"),
  cancelReason: text("cancel_reason"),
  cancelledAt: text("cancelled_at"),
  ...stamps(),
}, (t) => [
  index("orders_delivery").on(t.deliveryDate),
  index("orders_group").on(t.livestockOrderGroupId),
  index("orders_series").on(t.recurrenceSeriesId),
  index("orders_production").on(t.productionDate),
  index("orders_boxed").on(t.boxedOrderCollectionId),
]);

/** One truck arriving for an order: the record the delivery team adds (head, DOA, NVD, time). */
export const deliveryLoads = sqliteTable("delivery_loads", {
  id: id(),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  head: integer("head").notNull(),
  doa: integer("doa").notNull().default(0),
  nvdNumber: text("nvd_number").notNull().default(""),
  deliveryDate: text("delivery_date").notNull(),
  deliveryTime: text("delivery_time").notNull(),
  /** the truck's registration plate, as on the NVD's transporter section */
  truckRego: text("truck_rego").notNull().default(""),
  /** who drove it (the person who signs the NVD's transporter section) */
  driverName: text("driver_name").notNull().default(""),
  createdAt: text("created_at").notNull(),
  createdBy: text("created_by").notNull(),
}, (t) => [index("loads_order").on(t.livestockOrderId)]);

/** A group of animals from one order moving through the yards together (spec 1 §3 "Stock mob"). */
export const stockMobs = sqliteTable("stock_mobs", {
  id: id(),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  deliveryLoadId: integer("delivery_load_id").references(() => deliveryLoads.id),
  supplierId: integer("supplier_id").notNull(),
  speciesId: integer("species_id").notNull(),
  speciesCategoryId: integer("species_category_id"),
  tenantSiteId: integer("tenant_site_id"),
  head: integer("head").notNull(),
  separatedHead: integer("separated_head").notNull().default(0),
  /** see server/areas/livestock/orders/status.ts */
  mobStatus: integer("mob_status").notNull(),
  penId: integer("pen_id"),
  pic: text("pic").notNull().default(""),
  agendaLotReference: text("agenda_lot_reference"),
  agendaLotReferenceSuffix: text("agenda_lot_reference_suffix"),
  plannedProductionDate: text("planned_production_date"),
  applicableProductionDate: text("applicable_production_date"),
  reasonSentToBin: text("reason_sent_to_bin"),
  sort: integer("sort").notNull().default(0),
  /** the yard the mob is in (its pen's, its bin's, or the one it is moving to); null before unloading */
  stockyardId: integer("stockyard_id"),
  /** in that yard's unfit bin (status Unfit) until the bin is emptied */
  isInBin: flag("is_in_bin"),
  binEmptiedAt: text("bin_emptied_at"),
  sentToKillFloorAt: text("sent_to_kill_floor_at"),
  /** sent to the kill floor as if in the last shift of the day */
  isLastShift: flag("is_last_shift"),
  /** the kill floor (site location) the mob is killed on: its agenda's */
  killFloorId: integer("kill_floor_id"),
  /** the mob this one was merged into (all its head joined the same order's mob in a pen); ids once
   * sent to the plant keep resolving to it */
  mergedIntoId: integer("merged_into_id"),
  ...stamps(),
}, (t) => [
  index("mobs_order").on(t.livestockOrderId),
  index("mobs_pen").on(t.penId),
  index("mobs_production").on(t.applicableProductionDate),
]);

/** Pricing grid groups (spec 2 §3): a period of prices for a species; grids per species category. */
export const pricingGridGroups = sqliteTable("pricing_grid_groups", {
  id: id(),
  name: text("name").notNull(),
  speciesId: integer("species_id").notNull(),
  startDate: text("start_date").notNull(),
  /** null = onwards */
  endDate: text("end_date"),
  isServiceKill: flag("is_service_kill"),
  isDefaultGroup: flag("is_default_group"),
  ...stamps(),
}, (t) => [index("grid_groups_species").on(t.speciesId, t.startDate)]);

/** Carcass weight bands × fat scores, cents per kg hot standard carcass weight. */
export interface GridCells {
  weightBands: { fromKg: number; toKg: number | null }[];
  fatScores: number[];
  /** prices[band][fat], null = not bought */
  prices: (number | null)[][];
}

export const pricingGrids = sqliteTable("pricing_grids", {
  id: id(),
  pricingGridGroupId: integer("pricing_grid_group_id").notNull().references(() => pricingGridGroups.id, {
    onDelete: "cascade",
  }),
  speciesCategoryId: integer("species_category_id").notNull(),
  reference: text("reference").notNull(),
  /** the best price of the grid in $/kg (derived from the cells when there are any) */
  bestPrice: real("best_price"),
  /** position within the group: 1 is tried first */
  priority: integer("priority").notNull(),
  cells: json<GridCells | null>("cells"),
  ...stamps(),
}, (t) => [index("grids_group").on(t.pricingGridGroupId)]);

/** Kill volume targets (spec 1 §3): head per week over a period, on the selected weekdays. */
export const killVolumeTargets = sqliteTable("kill_volume_targets", {
  id: id(),
  speciesId: integer("species_id").notNull(),
  tenantSiteId: integer("tenant_site_id"),
  daysOperatingPerWeek: integer("days_operating_per_week").notNull(),
  weeklyTarget: integer("weekly_target").notNull(),
  startDate: text("start_date").notNull(),
  endDate: text("end_date"),
  /** Monday … Sunday */
  weekDaysSelected: json<boolean[]>("week_days_selected").notNull(),
  ...stamps(),
});

/**
 * A National Vendor Declaration (LPA eNVD) that travelled with a consignment (issue 39 item 5): its
 * serial, the PIC it came from, its date and head, typed from an uploaded PDF or photo (kept in the blob
 * store under `nvds/<id>.<ext>`) or sent by the plant's systems; matched to at most one order.
 */
export const nvdDocuments = sqliteTable("nvd_documents", {
  id: id(),
  serialNumber: text("serial_number").notNull(),
  /** the Property Identification Code of origin */
  pic: text("pic").notNull().default(""),
  /** the day the vendor signed it (yyyy-MM-dd) */
  nvdDate: text("nvd_date").notNull(),
  /** total head declared */
  head: integer("head").notNull(),
  /** the head by description as written ("40 steers, 12 heifers") */
  description: text("description").notNull().default(""),
  consignee: text("consignee").notNull().default(""),
  /** upload or system */
  source: text("source").notNull(),
  /** the file's key inside the tenant's space, null when sent without one */
  fileKey: text("file_key"),
  fileName: text("file_name").notNull().default(""),
  contentType: text("content_type"),
  livestockOrderId: integer("livestock_order_id").references(() => livestockOrders.id),
  /** why it was matched: the rule's words, or "Matched by hand" */
  matchReason: text("match_reason").notNull().default(""),
  matchedAt: text("matched_at"),
  matchedBy: text("matched_by"),
  ...stamps(),
}, (t) => [
  index("nvd_documents_serial").on(t.serialNumber),
  index("nvd_documents_order").on(t.livestockOrderId),
  index("nvd_documents_pic_date").on(t.pic, t.nvdDate),
]);
