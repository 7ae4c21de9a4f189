import type { AccessSubject } from "./subject.ts";

/** Known feature flags and their labels (spec 1 §3 "Feature flag"). */
export const FEATURE_FLAGS = {
  msaDataRequery: "MSA data re-query",
  supplierBankDetailsOnRemittance: "Supplier bank details on remittance",
  roiAnalysisMenu: "ROI analysis menu",
  condensedBeefInvoice: "Condensed beef invoice",
  dynamicThemeColors: "Dynamic theme colors",
  regionalLivestockDashboardMenu: "Regional livestock dashboard menu",
  integrationErrorNotifications: "Integration error notifications",
} as const;
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_KEYS = Object.keys(FEATURE_FLAGS) as FeatureFlagKey[];

export function isKnownFlag(key: unknown): key is FeatureFlagKey {
  return typeof key === "string" && Object.hasOwn(FEATURE_FLAGS, key);
}

/** A flag's label; an unknown key as it is. */
export const featureLabel = (key: string): string => isKnownFlag(key) ? FEATURE_FLAGS[key] : key;

/**
 * A flag is on when it is known and stored as enabled, or enabled for super
 * users and the subject is super. Unknown flags are always off (spec 2 §4).
 */
export function isFeatureEnabled(
  subject: Pick<AccessSubject, "roleLevel" | "featureFlags">,
  key: string,
): boolean {
  if (!isKnownFlag(key)) return false;
  return subject.featureFlags.some((f) =>
    f.featureKey === key && (f.isEnabled || (f.isEnabledForSuperUser && subject.roleLevel === "super"))
  );
}

/**
 * Tenant setting types with an on/off value. The spec names only two such
 * gates (RFID discrepancies page, reprocessing during onboarding); the theme
 * colour switch is kept per tenant too, and whether a published invoice's
 * remittance is emailed to its supplier (session 50). Unknown types are
 * rejected (spec 2 §5).
 */
export const TENANT_SETTING_TYPES = [
  "rfidDiscrepancies",
  "allowReprocessingDuringOnboarding",
  "dynamicThemeColors",
  "emailRemittancesOnPublish",
] as const;
export type TenantSettingType = typeof TENANT_SETTING_TYPES[number];

export function isKnownTenantSettingType(type: unknown): type is TenantSettingType {
  return typeof type === "string" && (TENANT_SETTING_TYPES as readonly string[]).includes(type);
}

/** On only for a known type whose stored value has isEnabled === true. */
export function isTenantSettingEnabled(
  subject: Pick<AccessSubject, "tenantSettings">,
  type: string,
): boolean {
  if (!isKnownTenantSettingType(type)) return false;
  return subject.tenantSettings.some((s) => s.settingType === type && s.value?.isEnabled === true);
}

/** User setting types (spec 1 §3 "User"). */
export const USER_SETTING_TYPES = [
  "homepage",
  "invoicing",
  "species",
  "yield",
  "tenantSite",
  "admin",
  "speciesId",
  "yieldCustomDashboard",
  "reportFavourites",
  "displayUserSettings",
] as const;
export type UserSettingType = typeof USER_SETTING_TYPES[number];

export function isKnownUserSettingType(type: unknown): type is UserSettingType {
  return typeof type === "string" && (USER_SETTING_TYPES as readonly string[]).includes(type);
}

/** The value of the first user setting of a type, or undefined. */
export function userSettingValue(
  subject: Pick<AccessSubject, "userSettings">,
  type: UserSettingType,
): unknown {
  return subject.userSettings.find((s) => s.settingType === type)?.value;
}

/** Flags of the "admin" user setting that unlock editing (spec 1 §6). */
export const ADMIN_PERMISSION_FLAGS = [
  "hasSupplierAdminPermission",
  "hasTransportAdminPermission",
  "hasBuyerAdminPermission",
  "hasProductDefinitionAdminPermission",
  "hasStakeholderAdminPermission",
  "hasRecipeAdminPermission",
] as const;
export type AdminPermissionFlag = typeof ADMIN_PERMISSION_FLAGS[number];

/**
 * Whether the subject may edit the entity guarded by `flag`. Super users
 * always may; everyone else (admins included) only with the flag set to true
 * in their admin user setting. Without it the pages are read-only.
 */
export function hasAdminPermission(
  subject: Pick<AccessSubject, "roleLevel" | "userSettings">,
  flag: AdminPermissionFlag,
): boolean {
  if (subject.roleLevel === "super") return true;
  const value = userSettingValue(subject, "admin");
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[flag] === true;
}

/** Entities that are read-only without their admin permission flag. */
export const ENTITY_ADMIN_PERMISSION = {
  supplier: "hasSupplierAdminPermission",
  transportCompany: "hasTransportAdminPermission",
  buyer: "hasBuyerAdminPermission",
  productDefinition: "hasProductDefinitionAdminPermission",
  stakeholder: "hasStakeholderAdminPermission",
  recipe: "hasRecipeAdminPermission",
} as const satisfies Record<string, AdminPermissionFlag>;
export type AdminEditableEntity = keyof typeof ENTITY_ADMIN_PERMISSION;

/** Whether the subject may change (not just view) an entity of this kind. */
export function canEditEntity(
  subject: Pick<AccessSubject, "roleLevel" | "userSettings">,
  entity: AdminEditableEntity,
): boolean {
  return hasAdminPermission(subject, ENTITY_ADMIN_PERMISSION[entity]);
}
