/**
 * The settings area's tenant tables: the plant's stock settings (Settings › Stock settings) and the
 * users' notifications (home/notifications). Site locations are the kill agenda's `site_locations`.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, json } from "./columns.ts";

/** One row (id 1): made on the first save; until then the defaults of the settings rules apply. */
export const stockSettings = sqliteTable("stock_settings", {
  id: integer("id").primaryKey(),
  /** species categories the plant buys (ids of the livestock enums) */
  speciesCategoryIds: json<number[]>("species_category_ids").notNull().default([]),
  /** carcass types the plant buys (keys of the settings rules' CARCASS_TYPES) */
  carcassTypes: json<string[]>("carcass_types").notNull().default([]),
  /** days the kill agenda strip shows ahead by default */
  agendaPlanningDays: integer("agenda_planning_days").notNull().default(2),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
});

/** A notification for one user (spec 1 §3 "Notification": type, timestamp, title, message, routeName). */
export const notifications = sqliteTable("notifications", {
  id: id(),
  /** control-database user id of whom it is for */
  userId: integer("user_id").notNull(),
  type: text("type").notNull(),
  title: text("title").notNull(),
  message: text("message").notNull().default(""),
  /** a page of this app to open (a path), or "" */
  route: text("route").notNull().default(""),
  createdAt: text("created_at").notNull(),
  readAt: text("read_at"),
}, (t) => [index("notifications_user").on(t.userId, t.readAt, t.createdAt)]);
