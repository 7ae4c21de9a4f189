import { idNumber } from "../../http/params.ts";
import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/validation.ts";
import { ReportFavourites } from "../livestock/orderReport/schemas.ts";
import { CustomDashboard } from "../yield/schemas.ts";

const name = (label: string) => z.string().trim().min(1, `Enter the ${label}`).max(100);
/** International format (spec 1 §5): + then digits; empty allowed where the phone is optional. */
export const phone = z.string().trim().max(20).regex(
  /^(\+[1-9][0-9 ]{6,18})?$/,
  "Use the international format, e.g. +61 400 000 000",
);

export const UpdateUserDetailsBody = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  phone: phone.default(""),
}).openapi("UpdateUserDetailsBody");

/** Settings a user may change for themselves; allow-lists and admin permissions are set by admins. */
export const SelfSettingBody = z.discriminatedUnion("settingType", [
  z.object({
    settingType: z.literal("homepage"),
    value: z.object({ module: z.string().max(100), title: z.string().max(200) }),
  }),
  z.object({
    settingType: z.literal("speciesId"),
    value: z.object({ speciesId: z.number().int().positive() }),
  }),
  z.object({
    settingType: z.literal("tenantSite"),
    value: z.object({ defaultTenantSiteId: z.number().int().positive() }),
  }),
  z.object({
    settingType: z.literal("reportFavourites"),
    // favourite reports and the order report's saved filters (server/areas/livestock/orderReport/schemas.ts)
    value: ReportFavourites,
  }),
  // the custom metric tabs, in exactly the yield area's shape (server/areas/yield/schemas.ts)
  z.object({ settingType: z.literal("yieldCustomDashboard"), value: CustomDashboard }),
  z.object({ settingType: z.literal("displayUserSettings"), value: z.record(z.string(), z.unknown()) }),
]).openapi("UserUpdatesSingleSettingBody");

/** Several of the user's own settings at once, each setting type at most once. */
export const SelfSettingsBody = z.object({
  settings: z.array(SelfSettingBody).min(1).max(6).refine(
    (list) => new Set(list.map((s) => s.settingType)).size === list.length,
    "Send each setting once.",
  ),
}).openapi("UpdateUserSettingsOnlyBody");

/** The admin setting's permission flags (spec 1 §3): without one, that master data is read-only. */
export const AdminPermissions = z.object({
  hasSupplierAdminPermission: z.boolean().default(false),
  hasTransportAdminPermission: z.boolean().default(false),
  hasBuyerAdminPermission: z.boolean().default(false),
  hasProductDefinitionAdminPermission: z.boolean().default(false),
  hasStakeholderAdminPermission: z.boolean().default(false),
  hasRecipeAdminPermission: z.boolean().default(false),
});

export const TenantUserBody = z.object({
  id: z.number().int().positive().nullish(),
  email: z.string().trim().toLowerCase().max(320).email("Enter a valid email address"),
  firstName: name("first name"),
  lastName: name("last name"),
  phone: phone.default(""),
  roleLevel: z.string().min(1, "Choose a role"),
  /** empty = all of the tenant's species / sites */
  allowedSpeciesIds: z.array(idNumber()).default([]),
  allowedTenantSiteIds: z.array(idNumber()).default([]),
  /** the invoicing user setting (spec 1 §3 invoicing {allowedSpeciesIds}); empty = all of their species */
  invoicingSpeciesIds: z.array(idNumber()).max(50).default([]),
  ...AdminPermissions.shape,
  /** the lastModified the client read; a newer one on the server means someone else saved first (409) */
  lastModified: z.string().nullish(),
}).openapi("TenantUserBody");

export const TenantUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  roleLevel: z.string(),
  isPasswordUpdated: z.boolean(),
  /** the account cannot sign in anywhere; its sessions were ended when it was disabled */
  isDisabled: z.boolean(),
  canManageAccount: z.boolean().openapi({
    description: "the caller may change the account's email, names and mobile and disable it; false when " +
      "another organisation also uses it or it is above the caller's role (only the membership is theirs)",
  }),
  allowedSpeciesIds: z.array(z.number()),
  allowedTenantSiteIds: z.array(z.number()),
  /** the species whose invoices they may see and work on; empty = all of their species */
  invoicingSpeciesIds: z.array(z.number()),
  ...AdminPermissions.shape,
  lastModified: z.string(),
}).openapi("TenantUser");

export const SavedTenantUser = TenantUser.extend({
  temporaryPassword: z.string().optional().openapi({
    description: "only when a new account was created: give it to the user",
  }),
});

/**
 * An admin's Add user answer (issue 35 §7): an invitation, the same fields whether or not the email
 * already has an account somewhere, so the answer says nothing about other organisations.
 */
export const InvitedInstead = z.object({
  invited: z.literal(true),
  inviteId: z.number(),
  email: z.string(),
  /** also mailed to the address (when PUBLIC_URL is set); the admin may pass it on */
  link: z.string(),
  expiresAt: z.string(),
}).openapi("InvitedInstead");

export { IdParam } from "../../http/params.ts";

/** Disable / enable: the user's id. */
export const TenantUserIdBody = z.object({ id: idNumber() }).openapi("TenantUserIdBody");

/** One of the caller's sessions, as their Account page lists it (ASVS V7: they can see and end them). */
export const MySession = z.object({
  sessionId: z.string(),
  /** "Chrome on Windows" */
  device: z.string(),
  ipAddress: z.string(),
  signedInAt: z.string(),
  /** within half a token's life */
  lastSeenAt: z.string().nullable(),
  /** the session of this request */
  isCurrent: z.boolean(),
}).openapi("MySession");

export const SessionIdBody = z.object({ sessionId: z.string().min(1).max(64) }).openapi("SessionIdBody");
export const EndedSessions = z.object({ ended: z.number().int() }).openapi("EndedSessions");

/** register/GenerateInviteLink: who, as what, with which species and sites (empty = all). */
export const InviteBody = z.object({
  email: z.string().trim().toLowerCase().max(320).email("Enter a valid email address"),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  roleLevel: z.string().min(1, "Choose a role"),
  allowedSpeciesIds: z.array(idNumber()).max(50).default([]),
  allowedTenantSiteIds: z.array(idNumber()).max(50).default([]),
  /** the invoicing user setting accepting writes (spec 1 §3); empty = all of their species */
  invoicingSpeciesIds: z.array(idNumber()).max(50).default([]),
}).openapi("InviteBody");

export const InviteLink = z.object({
  id: z.number(),
  email: z.string(),
  /** also mailed to the address; shown once to the admin, who may pass it on */
  link: z.string(),
  expiresAt: z.string(),
}).openapi("InviteLink");

export const PendingInvite = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleLevel: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
}).openapi("PendingInvite");

export const InviteToken = z.object({
  token: z.string().trim().min(1, "The link is incomplete: open it from the mail again").max(100),
});

/** register/HandleInvite: what a live link invites to. */
export const InviteDetail = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  tenantName: z.string(),
  invitedBy: z.string(),
  roleLevel: z.string(),
  /** the role in words */
  roleName: z.string(),
  expiresAt: z.string(),
  /** an account uses the address already: it signs in to accept, no new password */
  accountExists: z.boolean(),
}).openapi("InviteDetail");

/** register/SignUp: a new account's details, or only the token when signed in as the invited address. */
export const SignUpBody = z.object({
  token: InviteToken.shape.token,
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  phone: phone.default(""),
  password: z.string().max(200).optional(),
  localLoginDate: isoDate.nullish(),
}).openapi("SignUpBody");

/** SendPhoneCode (spec 1 §5): an international number, + first. */
export const SendPhoneCodeBody = z.object({
  phone: z.string().trim().min(1, "Enter your mobile").max(20).regex(
    /^\+[1-9][0-9 -]{6,18}$/,
    "Start with + and the country code, e.g. +61 400 000 000",
  ),
}).openapi("SendPhoneCodeBody");

export const PhoneCodeSent = z.object({ phone: z.string(), expiresAt: z.string() }).openapi("PhoneCodeSent");

/** VerifyPhoneCode (spec 1 §5): the code is exactly six characters. */
export const VerifyPhoneCodeBody = SendPhoneCodeBody.extend({
  code: z.string().trim().regex(/^[0-9]{6}$/, "The code is the six digits in the message"),
}).openapi("VerifyPhoneCodeBody");

/** A processor's link code (issue 44 §1): the ten characters the producer was sent. */
const linkCode = z.string().trim().toUpperCase().regex(
  /^[A-Z0-9]{10}$/,
  "Enter the 10-character code from the invitation",
);

export const ProducerInviteQuery = z.object({ code: linkCode }).openapi("ProducerInviteQuery");

/** What a link code invites to: the sign-up page shows it first. */
export const ProducerInviteDetail = z.object({
  processorName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  accountExists: z.boolean(),
}).openapi("ProducerInviteDetail");

/**
 * register/SignUpProducer: a new farm (farmName, abn) with a new account (names, password) or the
 * signed-in account; or, signed in, producerTenantId names a farm the caller administers.
 */
export const ProducerSignUpBody = z.object({
  code: linkCode,
  producerTenantId: idNumber().optional(),
  farmName: z.string().trim().max(100).default(""),
  abn: z.string().trim().max(20).default(""),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  phone: phone.default(""),
  password: z.string().max(200).optional(),
  localLoginDate: isoDate.nullish(),
}).openapi("ProducerSignUpBody");
