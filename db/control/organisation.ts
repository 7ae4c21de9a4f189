/**
 * What the settings area keeps in the control database: an organisation's details beyond its name
 * (Settings › Organisation details, spec 2 §2.2) and the product's help content and release notes
 * (spec 2 §3 "Support content"), which are the same for every organisation.
 */
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "./schema.ts";

/** One row per tenant, made on the first save; a tenant without one has blank details. */
export const tenantProfiles = sqliteTable("tenant_profiles", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  /** 11 digits, no spaces (ATO checksum checked on save) */
  abn: text("abn").notNull().default(""),
  street: text("street").notNull().default(""),
  suburb: text("suburb").notNull().default(""),
  /** NSW, VIC, … */
  state: text("state").notNull().default(""),
  postcode: text("postcode").notNull().default(""),
  contactName: text("contact_name").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  accountsEmail: text("accounts_email").notNull().default(""),
  /** an IANA zone (Australia/Sydney) */
  timeZone: text("time_zone").notNull().default("Australia/Sydney"),
  /** the logo's blob reference in storage, when one was uploaded */
  logoRef: text("logo_ref"),
  lastModified: text("last_modified").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
});

/** A section of help (settingTypeId 1, Support) or of the release notes (2, Releases). */
export const supportSections = sqliteTable("support_sections", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  settingTypeId: integer("setting_type_id").notNull(),
  /** the address: /support/content/{sectionKey} */
  sectionKey: text("section_key").notNull(),
  title: text("title").notNull(),
  /** plain text: blank lines part paragraphs, "- " starts a list item, **bold** (rendered on the server) */
  body: text("body").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  lastModifiedUtc: text("last_modified_utc").notNull(),
  modifiedBy: text("modified_by").notNull().default(""),
}, (t) => [uniqueIndex("support_sections_key").on(t.sectionKey)]);
