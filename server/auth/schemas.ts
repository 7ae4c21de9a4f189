import { idNumber } from "../http/params.ts";
import { z } from "@hono/zod-openapi";
import { isoDate } from "../http/validation.ts";
import { PASSWORD_RULE } from "./password.ts";

export const LoginBody = z.object({
  email: z.string({ error: "Enter your email" }).trim().min(1, "Enter your email").max(320).email(
    "Enter a valid email address",
  ),
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(
    PASSWORD_RULE.maxLength,
  ),
  localLoginDate: isoDate.nullish(),
  isKeepLoggedIn: z.boolean().optional().default(false),
}).openapi("LoginBody");

export const newPassword = z.string()
  .min(PASSWORD_RULE.minLength, `Use at least ${PASSWORD_RULE.minLength} characters`)
  .max(PASSWORD_RULE.maxLength, `Use at most ${PASSWORD_RULE.maxLength} characters`);

export const ChangePasswordBody = z.object({
  oldPassword: z.string().min(1, "Enter your old password").max(PASSWORD_RULE.maxLength),
  newPassword,
}).openapi("ChangePasswordBody");

export const ChangeTempPasswordBody = z.object({ newPassword }).openapi("ChangeTempPasswordBody");

/** ForgotPassword (spec 1 §7): the account's email (its user name), or its verified mobile (+61…). */
export const ForgotPasswordBody = z.object({
  userName: z.string({ error: "Enter your email or mobile" }).trim().min(1, "Enter your email or mobile")
    .max(320).refine(
      (v) => v.startsWith("+") ? /^\+[1-9][0-9 -]{6,18}$/.test(v) : z.email().safeParse(v).success,
      "Enter a valid email address, or a mobile in the international format (+61 400 000 000)",
    ),
}).openapi("ForgotPasswordBody");

export const ResetPasswordBody = z.object({
  token: z.string().trim().min(1, "The link is incomplete: open it from the mail again").max(100),
  newPassword,
  localLoginDate: isoDate.nullish(),
}).openapi("ResetPasswordAndLoginBody");

const Setting = z.object({ settingType: z.string(), value: z.unknown() });

export const UserModel = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  isPhoneVerified: z.boolean(),
  tenantId: z.number(),
  tenantName: z.string(),
  roleLevel: z.string(),
  isPasswordUpdated: z.boolean(),
  isKeepLoggedIn: z.boolean(),
  isImpersonating: z.boolean(),
  tokenExpiresAt: z.string().openapi({ description: "refresh the token 2 minutes before this" }),
  sessionEndsAt: z.string().openapi({ description: "the automatic logout time" }),
  token: z.string().optional(),
  modules: z.array(z.object({ name: z.string(), loginModuleGroup: z.string() })).optional(),
  tenantSites: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  species: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  tenantCategories: z.array(z.string()).optional(),
  tenantSettings: z.array(Setting).optional(),
  featureFlags: z.array(
    z.object({ featureKey: z.string(), isEnabled: z.boolean(), isEnabledForSuperUser: z.boolean() }),
  )
    .optional(),
  userSettings: z.array(Setting).optional(),
  defaultTenantSiteId: z.number().nullable().optional(),
  crossTenantClaims: z.array(
    z.object({ tenantId: z.number(), tenantName: z.string(), roleLevel: z.string() }),
  ).optional(),
}).openapi("UserModel");

export const ImpersonateQuery = z.object({
  tenantId: idNumber(),
  localLoginDate: isoDate.optional(),
});
