/**
 * The kill agenda (spec 1 §3 "Agenda item", §7 "Kill agenda"): one agenda per production day, species and
 * site, holding the kill order of its items. An item is a mob scheduled for that day or, until it is
 * delivered, an order expected that day. Which mobs and orders belong to a day follows their production
 * dates; the agenda keeps their order, the lot references and what was printed or sent to the plant.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, stamps } from "./columns.ts";
import { livestockOrders, stockMobs } from "./livestock.ts";

/** A place on a site (spec 2 §3 "tenant site locations"): the agenda's kill floor is one of them. */
export const siteLocations = sqliteTable("site_locations", {
  id: id(),
  tenantSiteId: integer("tenant_site_id").notNull(),
  name: text("name").notNull(),
  /** KillFloor, Stockyard, Chiller, BoningRoom */
  locationType: text("location_type").notNull(),
  /** species the location handles (empty: any) */
  speciesIds: text("species_ids", { mode: "json" }).$type<number[]>().notNull().default([]),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...stamps(),
}, (t) => [index("site_locations_site").on(t.tenantSiteId)]);

/** A lot as the plant's systems were sent it (the agenda's item at that moment). */
export interface SentLot {
  killOrder: number;
  livestockOrderId: number;
  stockMobId: number | null;
  lot: string;
  suffix: string;
  head: number;
}

export const killAgendas = sqliteTable("kill_agendas", {
  id: id(),
  productionDate: text("production_date").notNull(),
  speciesId: integer("species_id").notNull(),
  /** 0 for a tenant without sites */
  tenantSiteId: integer("tenant_site_id").notNull(),
  /** the kill floor (a site location) the day's stock is killed on */
  siteLocationId: integer("site_location_id").references(() => siteLocations.id),
  /** lot references stop being renumbered once the agenda was printed or sent to the plant */
  printedAt: text("printed_at"),
  printedBy: text("printed_by"),
  /** bumped by every change after the first print: the controlled document's version */
  revision: integer("revision").notNull().default(1),
  /** NotSent, Sent, Failed: the plant's systems have the agenda (api/KillAgendaManagement/) */
  integrationStatus: text("integration_status").notNull().default("NotSent"),
  integrationSentAt: text("integration_sent_at"),
  integrationSentBy: text("integration_sent_by"),
  integrationMessage: text("integration_message"),
  /** the revision the plant's systems last took, and its lots as sent: what "changed since sent" compares */
  sentRevision: integer("sent_revision"),
  sentLots: text("sent_lots", { mode: "json" }).$type<SentLot[]>(),
  ...stamps(),
}, (t) => [uniqueIndex("kill_agendas_day").on(t.productionDate, t.speciesId, t.tenantSiteId)]);

export const killAgendaItems = sqliteTable(
  "kill_agenda_items",
  {
    id: id(),
    killAgendaId: integer("kill_agenda_id").notNull().references(() => killAgendas.id),
    livestockOrderId: integer("livestock_order_id").notNull().references(() => livestockOrders.id),
    /** null while the order is expected (not yet delivered) */
    stockMobId: integer("stock_mob_id").references(() => stockMobs.id),
    /** 1, 2, 3… the kill order on the day */
    killOrder: integer("kill_order").notNull(),
  },
  (
    t,
  ) => [
    index("kill_agenda_items_agenda").on(t.killAgendaId),
    index("kill_agenda_items_mob").on(t.stockMobId),
  ],
);
