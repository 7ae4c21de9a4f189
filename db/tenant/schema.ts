import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One database per tenant holds all its operational data: the audit trail every area writes to, and one
 * module per business area (re-exported here so drizzle-kit and `TenantDb` see every table).
 */
export * from "./livestock.ts";
export * from "./stockyard.ts";
export * from "./killAgenda.ts";
export * from "./killFloor.ts";
export * from "./invoices.ts";
export * from "./payments.ts";
export * from "./support.ts";
export * from "./settings.ts";
export * from "./storage.ts";
export * from "./yield.ts";
export * from "./roi.ts";
export * from "./roiLayouts.ts";
export * from "./planningSchedules.ts";
export * from "./planning.ts";
export * from "./planningSettings.ts";

export const auditLog = sqliteTable("audit_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
  /** control-database user id of whoever made the change */
  userId: integer("user_id").notNull(),
  userName: text("user_name").notNull(),
  entity: text("entity").notNull(),
  entityId: text("entity_id").notNull(),
  action: text("action").notNull(),
  before: text("before", { mode: "json" }),
  after: text("after", { mode: "json" }),
  reason: text("reason"),
}, (t) => [index("audit_entity").on(t.entity, t.entityId)]);
export * from "./supportChat.ts";
export * from "./demoData.ts";
export * from "./producerNotices.ts";
