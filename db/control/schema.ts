import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/** The control database: who may sign in, to which tenant, with which role, modules and flags. */

const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const tenants = sqliteTable("tenants", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  /** processor (abattoir) or producer (farm, producer portal) */
  category: text("category", { enum: ["processor", "producer"] }).notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export const tenantSites = sqliteTable("tenant_sites", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
}, (t) => [uniqueIndex("tenant_sites_name").on(t.tenantId, t.name)]);

/** The species list is shared by all tenants; each tenant enables some of them. */
export const species = sqliteTable("species", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const tenantSpecies = sqliteTable("tenant_species", {
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  speciesId: integer("species_id").notNull().references(() => species.id),
}, (t) => [primaryKey({ columns: [t.tenantId, t.speciesId] })]);

export const tenantModules = sqliteTable("tenant_modules", {
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  module: text("module").notNull(),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(true),
}, (t) => [primaryKey({ columns: [t.tenantId, t.module] })]);

export const tenantSettings = sqliteTable("tenant_settings", {
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  settingType: text("setting_type").notNull(),
  value: text("value", { mode: "json" }).notNull().$type<{ isEnabled: boolean } & Record<string, unknown>>(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.settingType] })]);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** stored lower-case: sign-in is case-insensitive on email */
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone").notNull().default(""),
  isPhoneVerified: integer("is_phone_verified", { mode: "boolean" }).notNull().default(false),
  passwordHash: text("password_hash").notNull(),
  /** false until the user replaces a temporary password: every page sends them to change it */
  isPasswordUpdated: integer("is_password_updated", { mode: "boolean" }).notNull().default(false),
  isDisabled: integer("is_disabled", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  lastModified: text("last_modified").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
    roleLevel: text("role_level").notNull().default("user"),
    /** the tenant a sign-in opens when the user belongs to several */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (
    t,
  ) => [
    uniqueIndex("memberships_user_tenant").on(t.userId, t.tenantId),
    index("memberships_tenant").on(t.tenantId),
  ],
);

/** Per user and tenant: homepage, allowed species and sites, admin permission flags, … */
export const userSettings = sqliteTable("user_settings", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  settingType: text("setting_type").notNull(),
  value: text("value", { mode: "json" }).notNull().$type<unknown>(),
}, (t) => [primaryKey({ columns: [t.userId, t.tenantId, t.settingType] })]);

/**
 * Sessions: the token is `<id>.<secret>`; only the SHA-256 of the secret is stored, so a copy of this
 * table cannot be replayed. `expiresAt` is the token's short life (refreshed by clients); `absoluteExpiresAt`
 * is the hard end (12 h, or longer when the user chose to stay signed in).
 */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  secretHash: text("secret_hash").notNull(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** the tenant this session works in: the user's own, or the one a super user impersonates */
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  impersonating: integer("impersonating", { mode: "boolean" }).notNull().default(false),
  keepLoggedIn: integer("keep_logged_in", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  absoluteExpiresAt: integer("absolute_expires_at", { mode: "timestamp_ms" }).notNull(),
  localLoginDate: text("local_login_date"),
  /** what the user sees in their list of sessions (ASVS V7): the browser's User-Agent, its address */
  userAgent: text("user_agent").notNull().default(""),
  ipAddress: text("ip_address").notNull().default(""),
  /** the sign-in this session descends from (a refreshed token is a new row, the same sign-in) */
  signedInAt: integer("signed_in_at", { mode: "timestamp_ms" }),
  /** the last request seen, written at most once per half token life */
  lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
}, (t) => [index("sessions_user").on(t.userId)]);

/** A "forgot password" link (issue 19 §3): single use, an hour, only the secret's SHA-256 kept. */
export const passwordResets = sqliteTable("password_resets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
}, (t) => [index("password_resets_user").on(t.userId)]);

/**
 * A code texted to verify a mobile (issue 19 §5, spec 1 §5): six digits, ten minutes, five tries, used
 * once; only its SHA-256 kept. A newer code for the user replaces the older.
 */
export const phoneCodes = sqliteTable("phone_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
}, (t) => [index("phone_codes_user").on(t.userId)]);

/**
 * Invitations to join a tenant (issue 19 §1): single use, 7 days, only the secret's SHA-256 kept. The role,
 * species and sites are the inviting admin's choice; accepting gives exactly those in that tenant.
 */
export const invites = sqliteTable("invites", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  /** stored lower-case, as users.email */
  email: text("email").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  roleLevel: text("role_level").notNull().default("user"),
  /** empty = all of the tenant's */
  allowedSpeciesIds: text("allowed_species_ids", { mode: "json" }).notNull().$type<number[]>().default(
    sql`'[]'`,
  ),
  allowedTenantSiteIds: text("allowed_tenant_site_ids", { mode: "json" }).notNull().$type<number[]>()
    .default(sql`'[]'`),
  /** the invoicing user setting accepting writes (spec 1 §3 invoicing.allowedSpeciesIds); empty = all */
  invoicingSpeciesIds: text("invoicing_species_ids", { mode: "json" }).notNull().$type<number[]>()
    .default(sql`'[]'`),
  tokenHash: text("token_hash").notNull().unique(),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
  acceptedByUserId: integer("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
  /** withdrawn by an admin, or replaced by a newer invitation to the same address */
  withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
}, (t) => [index("invites_tenant").on(t.tenantId)]);

/** Feature flags per tenant. Unknown keys are treated as off by the access policy. */
export const featureFlags = sqliteTable("feature_flags", {
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  featureKey: text("feature_key").notNull(),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(false),
  isEnabledForSuperUser: integer("is_enabled_for_super_user", { mode: "boolean" }).notNull().default(false),
}, (t) => [primaryKey({ columns: [t.tenantId, t.featureKey] })]);

/**
 * API keys of plant systems (the integration partner role, issue 15): each acts as its own user with an
 * integrationPartner membership of one tenant. The key is `mpk_<id>_<secret>`; only the SHA-256 of the
 * secret is kept, so the key is shown once. A revoked key is refused from that moment.
 */
export const apiKeys = sqliteTable("api_keys", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tenantId: integer("tenant_id").notNull().references(() => tenants.id, { onDelete: "cascade" }),
  /** the key's own user (role integrationPartner in the tenant) */
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** the first characters of the key, to tell keys apart on screen */
  prefix: text("prefix").notNull(),
  secretHash: text("secret_hash").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
  lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  revokedBy: text("revoked_by"),
}, (t) => [index("api_keys_tenant").on(t.tenantId)]);

/**
 * Every action of a super user (issue 18): who, when, in which tenant, what. Written by the super area's
 * one helper (server/areas/super/audit.ts) in the control database, so it outlives a tenant's data.
 */
export const superAudit = sqliteTable("super_audit", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  at: text("at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  userName: text("user_name").notNull(),
  /** null for actions on the whole application (the maintenance message) */
  tenantId: integer("tenant_id").references(() => tenants.id, { onDelete: "set null" }),
  action: text("action").notNull(),
  /** what was asked, in plain fields (never a password) */
  detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
}, (t) => [index("super_audit_tenant").on(t.tenantId, t.id)]);

/** Application-wide switches a super user sets (App Control): one row per key, e.g. "maintenance". */
export const appControl = sqliteTable("app_control", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
  updatedAt: text("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});

/** A processor's configuration (spec 2 §7.6 get/set processor configuration): one checked document. */
export const processorConfigurations = sqliteTable("processor_configurations", {
  tenantId: integer("tenant_id").primaryKey().references(() => tenants.id, { onDelete: "cascade" }),
  document: text("document", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
  lastModified: text("last_modified").notNull(),
  updatedBy: text("updated_by").notNull(),
});

// What the settings area keeps in the control database: an organisation's details beyond its name
// (Settings › Organisation details, spec 2 §2.2) and the product's help content and release notes
// (spec 2 §3 "Support content"), which are the same for every organisation.

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

// the producer portal links (issue 44)
export * from "./producerLinks.ts";

// yield reprocessing's one-run lease (issue 43)
export * from "./reprocessLeases.ts";
