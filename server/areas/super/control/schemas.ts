import { FEATURE_FLAG_KEYS, type FeatureFlagKey } from "../../../access/flags.ts";
import { z } from "@hono/zod-openapi";
import { idNumber } from "../../../http/params.ts";

/** The maintenance message every signed-in page shows while it is on (App Control). */
export const MaintenanceBody = z.object({
  message: z.string().trim().max(300, "Keep the message to 300 characters"),
  isActive: z.boolean(),
}).refine((b) => !b.isActive || b.message.length > 0, {
  path: ["message"],
  message: "Write the message users should see",
}).openapi("MaintenanceBody");

export const MaintenanceState = z.object({
  message: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
}).openapi("MaintenanceState");

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time like 06:30");

/**
 * A processor's configuration (spec 2 §7.6 "get or set processor configuration"; its fields are not
 * shown there): what the plant is licensed as and how it runs its days. One document per tenant,
 * checked whole on every save. The ABN is not here: its one home is the organisation's details
 * (Settings › Organisation details, checksum checked), which invoices print.
 */
export const ProcessorConfiguration = z.object({
  establishmentNumber: z.string().trim().regex(/^[0-9]{1,6}$/, "Up to six digits, as on the export licence"),
  killFloors: z.number().int().min(1, "At least one kill floor").max(10, "At most 10 kill floors"),
  shiftsPerDay: z.number().int().min(1, "At least one shift").max(3, "At most 3 shifts"),
  dayStartTime: time,
  chillerCapacityHead: z.number().int().min(0).max(100_000, "At most 100,000 head"),
  isMsaLicensed: z.boolean(),
  msaLicenceNumber: z.string().trim().max(20).default(""),
  isInterchangeEnabled: z.boolean(),
}).refine((c) => !c.isMsaLicensed || c.msaLicenceNumber.length > 0, {
  path: ["msaLicenceNumber"],
  message: "Enter the MSA licence number",
});

export const ProcessorConfigurationBody = z.object({
  tenantId: idNumber(),
  document: ProcessorConfiguration,
  /** what the client read; a newer one on the server means someone else saved first (409) */
  lastModified: z.string().nullish(),
}).openapi("ProcessorConfigurationBody");

export const ProcessorConfigurationState = z.object({
  tenantId: z.number(),
  /** null: never set */
  document: z.record(z.string(), z.unknown()).nullable(),
  lastModified: z.string().nullable(),
  updatedBy: z.string().nullable(),
}).openapi("ProcessorConfigurationState");

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
