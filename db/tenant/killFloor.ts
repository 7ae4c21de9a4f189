/**
 * Kill floor data (issue 15; the model is in docs/decisions.md "Kill floor data"): one record per animal
 * killed, as the plant's systems (scales, grading camera, MSA grader, the interchange client) report it,
 * keyed the way a plant numbers its carcasses: production day, site, species and body number. Re-sending a
 * body number replaces its record. Each file or batch that brought records is kept with who sent it; the
 * plant's interchange clients report their state by heartbeat; their errors become notifications.
 */
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, json } from "./columns.ts";
import { livestockOrders, stockMobs } from "./livestock.ts";

export const carcasses = sqliteTable("carcasses", {
  id: id(),
  productionDate: text("production_date").notNull(),
  /** 0 for a tenant without sites */
  tenantSiteId: integer("tenant_site_id").notNull(),
  speciesId: integer("species_id").notNull(),
  /** the plant's number for the carcass on the day (restarts daily per site and species) */
  bodyNumber: integer("body_number").notNull(),
  /** place in the day's kill (the order the chain killed them); defaults to the body number */
  killSequence: integer("kill_sequence").notNull(),
  stockMobId: integer("stock_mob_id").notNull().references(() => stockMobs.id),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  supplierId: integer("supplier_id").notNull(),
  speciesCategoryId: integer("species_category_id"),
  /** NLIS device (RFID) number, as read at the kill (sheep: the mob's PIC may stand for it) */
  rfid: text("rfid"),
  /** M (male entire), F (female), C (castrate) */
  sex: text("sex"),
  /** permanent incisors, 0–8 */
  dentition: integer("dentition"),
  /** hot standard carcass weight, kg (AUS-MEAT standard trim); 0 when the whole carcass was condemned */
  hscwKg: real("hscw_kg").notNull(),
  /** fat depth, mm: P8 site for cattle and pigs, GR site for sheep and goats */
  fatDepthMm: real("fat_depth_mm"),
  /** AUS-MEAT fat score 1–6 */
  fatScore: integer("fat_score"),
  /** the plant's grade code (AUS-MEAT category or the plant's own) */
  gradeCode: text("grade_code"),
  /** MSA grading (cattle): hump height mm, hang method (AT Achilles, TS tenderstretch), HGP treated */
  msaHumpMm: integer("msa_hump_mm"),
  msaHangMethod: text("msa_hang_method"),
  msaHgp: integer("msa_hgp", { mode: "boolean" }),
  /** ossification score 100–590 */
  msaOssification: integer("msa_ossification"),
  /** MSA marbling 100–1190 */
  msaMarbling: integer("msa_marbling"),
  msaRibFatMm: integer("msa_rib_fat_mm"),
  msaUltimatePh: real("msa_ultimate_ph"),
  msaLoinTempC: real("msa_loin_temp_c"),
  /** MSA index 30–80 (two decimals) */
  msaIndex: real("msa_index"),
  /** eye muscle area, cm² (MSA grading at the quartering) */
  msaEyeMuscleAreaCm2: integer("msa_eye_muscle_area_cm2"),
  /** the grader's verdict: MSA compliant or not (null: not graded) */
  msaCompliant: integer("msa_compliant", { mode: "boolean" }),
  /** why a graded carcass did not comply (pH above 5.70, rib fat under 3 mm…) */
  msaNonComplianceReason: text("msa_non_compliance_reason"),
  /** defect codes (bruising, arthritis, grass seeds…) found on the carcass */
  defects: json<string[]>("defects").notNull().default([]),
  /** kg trimmed off for defects (already out of the HSCW) */
  trimKg: real("trim_kg").notNull().default(0),
  /** none, part (trimmed, the rest passed) or whole (the carcass was condemned) */
  condemned: text("condemned").notNull().default("none"),
  condemnedReason: text("condemned_reason"),
  /** skin or hide grade the plant gave it (1, 2, 3, reject…) */
  skinGrade: text("skin_grade"),
  /** the import (file or batch) that brought the record last */
  importId: integer("import_id").notNull(),
  /** a kill floor correction was made after it arrived */
  isCorrected: flag("is_corrected"),
  receivedAt: text("received_at").notNull(),
  lastModified: text("last_modified").notNull(),
}, (t) => [
  uniqueIndex("carcasses_body").on(t.productionDate, t.tenantSiteId, t.speciesId, t.bodyNumber),
  // with condemned: a mob's processed and condemned counts come from the index alone (the processing overview)
  index("carcasses_mob").on(t.stockMobId, t.condemned),
  index("carcasses_order").on(t.livestockOrderId),
  // a linked supplier's kills from a day on: the producer portal's lots and feedback files (issue 44)
  index("carcasses_supplier").on(t.supplierId, t.productionDate),
  // a whole NLIS tag looked up (Find: a reader or scanner types all of it) however it was spaced when
  // stored; the expression is server/areas/finding.ts `compacted`, which a query must use to meet it
  index("carcasses_rfid_compact").on(sql`replace(replace(${t.rfid}, ' ', ''), '-', '')`),
]);

/** One file, upload or batch of carcass records: who sent what, and what came of it. */
export const carcassImports = sqliteTable("carcass_imports", {
  id: id(),
  /** api (an integration key), upload (a person's file), simulator */
  source: text("source").notNull(),
  /** file name, or the integration key's name */
  name: text("name").notNull(),
  sentBy: text("sent_by").notNull(),
  sentAt: text("sent_at").notNull(),
  rows: integer("rows").notNull(),
  added: integer("added").notNull().default(0),
  replaced: integer("replaced").notNull().default(0),
  productionDates: json<string[]>("production_dates").notNull().default([]),
}, (t) => [index("carcass_imports_sent").on(t.sentAt)]);

/**
 * The plant's interchange clients (spec 3 §3 "Interchange client row"): the program at the plant that
 * moves data between its systems and ours, as its last heartbeat described it.
 */
export const interchangeClients = sqliteTable("interchange_clients", {
  id: id(),
  /** the client's own name for itself (unique per tenant) */
  clientName: text("client_name").notNull(),
  tenantSiteId: integer("tenant_site_id"),
  /** IANA time zone of the plant ("Australia/Sydney"); null when the client did not say */
  timeZone: text("time_zone"),
  isInErrorState: flag("is_in_error_state"),
  isCurrentlyOperating: flag("is_currently_operating"),
  hasInterchangeEnabled: flag("has_interchange_enabled"),
  /** ReadyToProcess, Processing, Paused, Error… (the client's pipeline) */
  currentDataFlowStatus: text("current_data_flow_status").notNull().default("ReadyToProcess"),
  processEntries: json<{ name: string; status: string; at?: string | null }[]>("process_entries").notNull()
    .default([]),
  nextPipelineSchedule: text("next_pipeline_schedule"),
  clientAppVersion: text("client_app_version").notNull().default(""),
  isSoftwareUpToDate: flag("is_software_up_to_date"),
  lastHeartbeatAt: text("last_heartbeat_at").notNull(),
  /** a reset asked from here, for the client to take on its next heartbeat */
  resetRequestedAt: text("reset_requested_at"),
  resetForce: flag("reset_force"),
  lastModified: text("last_modified").notNull(),
}, (t) => [uniqueIndex("interchange_clients_name").on(t.clientName)]);

/** An error a plant system reported (spec 1 §3 "Integration error notification"). */
export const integrationErrors = sqliteTable("integration_errors", {
  id: id(),
  /** the partner's own id of the failed item (a body number, a lot, a file) */
  errorItemId: text("error_item_id").notNull(),
  date: text("date").notNull(),
  integrationPartner: text("integration_partner").notNull(),
  errorType: text("error_type").notNull(),
  message: text("message").notNull().default(""),
  acknowledgedAt: text("acknowledged_at"),
  acknowledgedBy: text("acknowledged_by"),
}, (t) => [index("integration_errors_date").on(t.date)]);
