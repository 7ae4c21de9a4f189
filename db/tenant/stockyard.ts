/**
 * The stockyard (spec 1 §3 "Pen", "Stockyard"; spec 2 §3 "Stockyard (settings view)"): yards of a site,
 * their pens with the layout geometry the editor draws, and the checks each mob must pass before the
 * kill (requirements). Where a mob is lives on the mob (stock_mobs.pen_id, stockyard_id, is_in_bin).
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { flag, id, json, stamps } from "./columns.ts";
import { livestockOrders, stockMobs } from "./livestock.ts";

export const stockyards = sqliteTable("stockyards", {
  id: id(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  name: text("name").notNull(),
  /** null with isAnySpeciesYard */
  speciesId: integer("species_id"),
  isAnySpeciesYard: flag("is_any_species_yard"),
  /** a group of paddocks (mobs held there are InPaddock) rather than a yard of pens */
  isPaddockGroup: flag("is_paddock_group"),
  isIncludeUnfitBin: flag("is_include_unfit_bin"),
  isOperational: flag("is_operational"),
  /** head the yard holds */
  capacity: integer("capacity").notNull().default(0),
  /** storage key of the site map drawn behind the pens (api/storage UploadMapImage) */
  mapImageKey: text("map_image_key"),
  sort: integer("sort").notNull().default(0),
  ...stamps(),
}, (t) => [index("stockyards_site").on(t.tenantSiteId)]);

export const pens = sqliteTable("pens", {
  id: id(),
  stockyardId: integer("stockyard_id").notNull().references(() => stockyards.id),
  name: text("name").notNull(),
  /** layout units (1 unit = 1 px at 100 % zoom); width and height at least 10 */
  x: real("x").notNull().default(5),
  y: real("y").notNull().default(5),
  angle: real("angle").notNull().default(0),
  width: real("width").notNull().default(40),
  height: real("height").notNull().default(30),
  /** head the pen holds comfortably (0 = not set) */
  capacity: integer("capacity").notNull().default(0),
  isOperational: integer("is_operational", { mode: "boolean" }).notNull().default(true),
  livestockOrderReservedForId: integer("livestock_order_reserved_for_id").references(() =>
    livestockOrders.id
  ),
  isContentPendingKill: flag("is_content_pending_kill"),
  /** bumped by every change to the pen or its content: two users acting on one pen conflict (409) */
  lastModified: text("last_modified").notNull(),
}, (t) => [index("pens_yard").on(t.stockyardId)]);

/** A check a mob must pass before it is killed (NVD checked, vet inspection, water and feed…). */
export const mobRequirements = sqliteTable("mob_requirements", {
  id: id(),
  stockMobId: integer("stock_mob_id").notNull().references(() => stockMobs.id),
  name: text("name").notNull(),
  isComplete: flag("is_complete"),
  completedBy: text("completed_by"),
  completedAt: text("completed_at"),
}, (t) => [index("requirements_mob").on(t.stockMobId)]);

/**
 * NLIS devices read at the unloading race (the yard's RFID reader, through the integration sync call):
 * one row per device per order. Compared with the live head received and with the devices the kill floor
 * records, they give the RFID count errors and discrepancies (docs/decisions.md "RFID discrepancies").
 */
export const rfidScans = sqliteTable("rfid_scans", {
  id: id(),
  livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
  /** the device number as the reader sends it, without spaces, upper case ("982000123456789") */
  rfid: text("rfid").notNull(),
  scannedAt: text("scanned_at").notNull(),
  /** who sent it: the integration key's user, or "Demo reader" */
  source: text("source").notNull(),
}, (t) => [
  uniqueIndex("rfid_scans_order_device").on(t.livestockOrderId, t.rfid),
  index("rfid_scans_device").on(t.rfid),
]);

/**
 * The plant's yard settings (one row, id 1): the checks every mob must pass before the kill, in the order
 * the yard ticks them (Settings › Yards & paddocks). A mob gets the list as it is when it is penned.
 */
export const yardSettings = sqliteTable("yard_settings", {
  id: id(),
  mobChecks: json<string[]>("mob_checks").notNull(),
  lastModified: text("last_modified").notNull(),
});
