import { idNumber } from "../../http/params.ts";
import { z } from "@hono/zod-openapi";
import { FEATURE_FLAG_KEYS, type FeatureFlagKey } from "../../access/flags.ts";

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

const FeatureKey = z.enum(FEATURE_FLAG_KEYS as [FeatureFlagKey, ...FeatureFlagKey[]]);

export const FeatureFlag = z.object({
  featureKey: z.string(),
  label: z.string(),
  isEnabled: z.boolean(),
  isEnabledForSuperUser: z.boolean(),
  /** false: a flag stored for the tenant that this version does not know; it is off, and may be deleted */
  isRecognised: z.boolean(),
  /** false: never set for the tenant (off) */
  isStored: z.boolean(),
}).openapi("FeatureFlag");

export const FeatureFlagBody = z.object({
  tenantId: z.number().int().positive(),
  featureKey: FeatureKey,
  isEnabled: z.boolean(),
  isEnabledForSuperUser: z.boolean().default(false),
}).openapi("FeatureFlagBody");

export const FeatureFlagParams = z.object({
  tenantId: idNumber().openapi({ param: { name: "tenantId", in: "path" } }),
  // any stored key, known or not: super users delete the ones this version does not recognise
  featureKey: z.string().regex(
    /^[A-Za-z0-9_.-]{1,100}$/,
    "A flag key is letters, digits, dots, dashes or underscores",
  )
    .openapi({ param: { name: "featureKey", in: "path" } }),
});
