/**
 * Yield reprocessing's one-run-at-a-time lease (issue 43 item 2): one row per tenant and species while a
 * run goes on, on whichever server instance. Taken with one conditional insert (or takeover of an expired
 * row), renewed while the run goes on, deleted at its end; a server that died leaves a row that expires.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { species, tenants } from "./schema.ts";

export const reprocessLeases = sqliteTable("reprocess_leases", {
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  speciesId: integer("species_id").notNull().references(() => species.id),
  /** the server instance running it (host and process) */
  instanceId: text("instance_id").notNull(),
  /** this run (a release or renewal touches only its own row) */
  runId: text("run_id").notNull(),
  /** who asked for it, in words for the refusal */
  holderName: text("holder_name").notNull(),
  takenAt: text("taken_at").notNull(),
  expiresAt: text("expires_at").notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.speciesId] })]);
