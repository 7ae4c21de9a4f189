import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";
import { MODULE_KEYS, type ModuleKey, TENANT_CATEGORIES } from "../../../access/modules.ts";
import { TenantUser, TenantUserBody } from "../../users/schemas.ts";

const siteName = z.string().trim().min(1).max(100);

/**
 * Sites as a list of names; the super form sends them as one text, a site a line (a textarea), so a
 * text is split into lines here. Blank lines are dropped; a name twice is refused.
 */
const Sites = z.union([z.array(siteName), z.string().max(5000)])
  .transform((v) => (typeof v === "string" ? v.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : v))
  .pipe(
    z.array(siteName.max(100, "A site name is at most 100 characters"))
      .min(1, "Enter at least one site").max(50, "At most 50 sites")
      .refine((l) => new Set(l.map((s) => s.toLowerCase())).size === l.length, "Enter each site once"),
  );

const Module = z.enum(MODULE_KEYS as [ModuleKey, ...ModuleKey[]], { error: "Choose known modules" });

/** A tenant as the super user creates or edits it (`id` empty = new). */
export const TenantBody = z.object({
  id: z.number().int().positive().nullish(),
  name: z.string().trim().min(2, "Enter the organisation's name").max(100),
  category: z.enum(TENANT_CATEGORIES, { error: "Choose processor or producer" }),
  isActive: z.boolean().default(true),
  sites: Sites,
  speciesIds: z.array(idNumber()).min(1, "Choose at least one species").max(20),
  modules: z.array(Module).min(1, "Choose at least one module").max(MODULE_KEYS.length),
  /** a new tenant's first admin: an account with a temporary password that must be changed */
  adminEmail: z.string().trim().toLowerCase().max(320).email("Enter a valid email address").optional(),
  adminFirstName: z.string().trim().max(100).optional(),
  adminLastName: z.string().trim().max(100).optional(),
}).openapi("SuperTenantBody");

export const TenantSummary = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(TENANT_CATEGORIES),
  isActive: z.boolean(),
  sites: z.array(z.string()),
  species: z.array(z.string()),
  modules: z.array(z.string()),
  users: z.number(),
  /** the latest sign-in or request of any of its users still on record, ISO; null = none */
  lastActivity: z.string().nullable(),
}).openapi("SuperTenantSummary");

export const TenantDetail = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(TENANT_CATEGORIES),
  isActive: z.boolean(),
  sites: z.array(z.object({ id: z.number(), name: z.string(), isActive: z.boolean() })),
  speciesIds: z.array(z.number()),
  modules: z.array(z.string()),
  createdAt: z.string(),
}).openapi("SuperTenant");

/** What a save answers: the tenant, and for a new one its first admin (the password shown once). */
export const SavedTenant = z.object({
  id: z.number(),
  tenant: TenantDetail,
  adminUserId: z.number().optional(),
  temporaryPassword: z.string().optional().openapi({
    description: "only when a new admin account was created: give it to them; it must be changed",
  }),
}).openapi("SuperSavedTenant");

export const TenantIdQuery = z.object({ tenantId: idNumber() });

/** A user of any tenant: the tenant admin's user body plus the tenant. */
export const SuperTenantUserBody = TenantUserBody.extend({ tenantId: idNumber() }).openapi(
  "SuperTenantUserBody",
);
export const SuperTenantUser = TenantUser.extend({
  temporaryPassword: z.string().optional(),
}).openapi("SuperTenantUser");

/** A user who belongs to more than one tenant, with every membership (crossTenantClaims). */
export const CrossTenantUser = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
  isDisabled: z.boolean(),
  crossTenantClaims: z.array(z.object({
    tenantId: z.number(),
    tenantName: z.string(),
    roleLevel: z.string(),
  })),
}).openapi("CrossTenantUser");

export const CrossTenantQuery = z.object({
  q: z.string().trim().max(100).optional(),
});

export const ResetPasswordResult = z.object({
  userId: z.number(),
  temporaryPassword: z.string(),
  sessionsEnded: z.number(),
}).openapi("SuperResetUserPasswordResult");

/** The super user's tenant-wide push actions (ForceRefresh, ForceTotalLogout, GetOnlineUsers). */
export const TenantNotice = z.object({
  tenantId: z.number().int().positive(),
  /** shown to the users (forceTotalLogout: on the sign-in page) */
  reason: z.string().trim().max(200).default(""),
}).openapi("TenantNotice");

export const TenantIdParam = z.object({
  tenantId: idNumber().openapi({ param: { name: "tenantId", in: "path" } }),
});

export const NoticeResult = z.object({
  tenantId: z.number().int(),
  /** open hub connections of the tenant that were told */
  connectionsTold: z.number().int(),
  /** sessions ended on the server (forceTotalLogout only) */
  sessionsEnded: z.number().int(),
}).openapi("NoticeResult");

export const OnlineUser = z.object({
  userId: z.number().int(),
  name: z.string(),
  connections: z.number().int(),
  since: z.string(),
}).openapi("OnlineUser");
