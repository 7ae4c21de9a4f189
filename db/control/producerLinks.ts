/**
 * The producer portal's links (issue 44 §1): a processor lets a producer tenant read chosen parts of what
 * one or more of its suppliers (a business may have several PICs) sent it. The link lives here, in the
 * control database, because it joins two tenants; the reads it allows go through one door
 * (server/areas/producer/door.ts), and each one is written to producer_link_reads.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { tenants, users } from "./schema.ts";

/** What a link may show: orders, deliveries, kill feedback, remittances (published only), grids. */
export const LINK_SCOPES = ["orders", "deliveries", "feedback", "remittances", "grids"] as const;
export type LinkScope = typeof LINK_SCOPES[number];

export const producerLinks = sqliteTable("producer_links", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  processorTenantId: integer("processor_tenant_id").notNull().references(() => tenants.id, {
    onDelete: "cascade",
  }),
  /** null while an emailed invitation waits to be accepted */
  producerTenantId: integer("producer_tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
  /** supplier ids in the processor's tenant database */
  supplierIds: text("supplier_ids", { mode: "json" }).notNull().$type<number[]>(),
  scopes: text("scopes", { mode: "json" }).notNull().$type<LinkScope[]>(),
  /** yyyy-MM-dd: nothing dated before it is shown */
  visibleFrom: text("visible_from").notNull(),
  /** the address an invitation went to (lower-case); blank for a link made from the producer's code */
  inviteEmail: text("invite_email").notNull().default(""),
  /** SHA-256 of the invitation's code (single use, 14 days); null once accepted or for a code link */
  inviteCodeHash: text("invite_code_hash"),
  inviteExpiresAt: integer("invite_expires_at", { mode: "timestamp_ms" }),
  grantedBy: text("granted_by").notNull(),
  grantedAt: text("granted_at").notNull(),
  acceptedAt: text("accepted_at"),
  /** ended by either side: the next request is refused */
  revokedAt: text("revoked_at"),
  revokedBy: text("revoked_by"),
  lastModified: text("last_modified").notNull(),
}, (t) => [
  index("producer_links_processor").on(t.processorTenantId),
  index("producer_links_producer").on(t.producerTenantId),
  uniqueIndex("producer_links_code").on(t.inviteCodeHash),
]);

/** A producer tenant's code, which it gives a processor so the processor can link it to a supplier. */
export const producerCodes = sqliteTable("producer_codes", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
});

/** Every read across tenants through a link: who, when, what. */
export const producerLinkReads = sqliteTable("producer_link_reads", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  linkId: integer("link_id").notNull().references(() => producerLinks.id, { onDelete: "cascade" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  at: text("at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  /** the door's function and its key (e.g. "lotFeedback 412") */
  what: text("what").notNull(),
}, (t) => [index("producer_link_reads_link").on(t.linkId, t.id)]);
