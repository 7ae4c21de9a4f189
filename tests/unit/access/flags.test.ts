import { describe, expect, it } from "vitest";
import {
  ADMIN_PERMISSION_FLAGS,
  canEditEntity,
  FEATURE_FLAGS,
  hasAdminPermission,
  isFeatureEnabled,
  isKnownFlag,
  isKnownTenantSettingType,
  isKnownUserSettingType,
  isTenantSettingEnabled,
  TENANT_SETTING_TYPES,
  USER_SETTING_TYPES,
  userSettingValue,
} from "../../../server/access/mod.ts";
import { subject } from "./subjects.ts";

const flag = (featureKey: string, isEnabled: boolean, isEnabledForSuperUser = false) => ({
  featureKey,
  isEnabled,
  isEnabledForSuperUser,
});

describe("feature flags", () => {
  it("knows the seven flags with their spec labels", () => {
    expect(FEATURE_FLAGS).toEqual({
      msaDataRequery: "MSA data re-query",
      supplierBankDetailsOnRemittance: "Supplier bank details on remittance",
      roiAnalysisMenu: "ROI analysis menu",
      condensedBeefInvoice: "Condensed beef invoice",
      dynamicThemeColors: "Dynamic theme colors",
      regionalLivestockDashboardMenu: "Regional livestock dashboard menu",
      integrationErrorNotifications: "Integration error notifications",
    });
    expect(isKnownFlag("roiAnalysisMenu")).toBe(true);
    expect(isKnownFlag("somethingElse")).toBe(false);
    expect(isKnownFlag("hasOwnProperty")).toBe(false);
  });

  it("is on when stored enabled", () => {
    expect(isFeatureEnabled(subject({ featureFlags: [flag("msaDataRequery", true)] }), "msaDataRequery"))
      .toBe(true);
  });

  it("is off when stored disabled or missing", () => {
    expect(isFeatureEnabled(subject({ featureFlags: [flag("msaDataRequery", false)] }), "msaDataRequery"))
      .toBe(
        false,
      );
    expect(isFeatureEnabled(subject(), "msaDataRequery")).toBe(false);
  });

  it("unknown flags are off even when stored enabled", () => {
    const s = subject({ roleLevel: "super", featureFlags: [flag("legacyThing", true, true)] });
    expect(isFeatureEnabled(s, "legacyThing")).toBe(false);
  });

  it("a super-only flag is on for super users only", () => {
    const flags = [flag("roiAnalysisMenu", false, true)];
    expect(isFeatureEnabled(subject({ roleLevel: "super", featureFlags: flags }), "roiAnalysisMenu")).toBe(
      true,
    );
    expect(isFeatureEnabled(subject({ roleLevel: "admin", featureFlags: flags }), "roiAnalysisMenu")).toBe(
      false,
    );
    expect(isFeatureEnabled(subject({ roleLevel: "user", featureFlags: flags }), "roiAnalysisMenu")).toBe(
      false,
    );
  });

  it("matches the key exactly", () => {
    expect(isFeatureEnabled(subject({ featureFlags: [flag("RoiAnalysisMenu", true)] }), "roiAnalysisMenu"))
      .toBe(
        false,
      );
  });
});

describe("tenant settings", () => {
  it("has a small known list", () => {
    expect(TENANT_SETTING_TYPES).toEqual([
      "rfidDiscrepancies",
      "allowReprocessingDuringOnboarding",
      "dynamicThemeColors",
      "emailRemittancesOnPublish",
    ]);
    expect(isKnownTenantSettingType("rfidDiscrepancies")).toBe(true);
    expect(isKnownTenantSettingType("unknownType")).toBe(false);
  });

  it("is on only when the known setting has isEnabled true", () => {
    const on = subject({
      tenantSettings: [{ settingType: "rfidDiscrepancies", value: { isEnabled: true } }],
    });
    const off = subject({
      tenantSettings: [{ settingType: "rfidDiscrepancies", value: { isEnabled: false } }],
    });
    expect(isTenantSettingEnabled(on, "rfidDiscrepancies")).toBe(true);
    expect(isTenantSettingEnabled(off, "rfidDiscrepancies")).toBe(false);
    expect(isTenantSettingEnabled(subject(), "rfidDiscrepancies")).toBe(false);
    expect(isTenantSettingEnabled(on, "allowReprocessingDuringOnboarding")).toBe(false);
  });

  it("unknown setting types are off", () => {
    const s = subject({ tenantSettings: [{ settingType: "madeUp", value: { isEnabled: true } }] });
    expect(isTenantSettingEnabled(s, "madeUp")).toBe(false);
  });

  it("tolerates a malformed stored value", () => {
    const s = subject({
      tenantSettings: [{
        settingType: "rfidDiscrepancies",
        value: null as unknown as { isEnabled: boolean },
      }],
    });
    expect(isTenantSettingEnabled(s, "rfidDiscrepancies")).toBe(false);
  });
});

describe("user settings and admin permissions", () => {
  it("lists the user setting types", () => {
    expect(USER_SETTING_TYPES).toEqual([
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
    ]);
    expect(isKnownUserSettingType("homepage")).toBe(true);
    expect(isKnownUserSettingType("colour")).toBe(false);
  });

  it("reads the first setting of a type", () => {
    const s = subject({
      userSettings: [{ settingType: "speciesId", value: 3 }, { settingType: "speciesId", value: 4 }],
    });
    expect(userSettingValue(s, "speciesId")).toBe(3);
    expect(userSettingValue(s, "homepage")).toBeUndefined();
  });

  it("lists the six admin permission flags", () => {
    expect(ADMIN_PERMISSION_FLAGS).toEqual([
      "hasSupplierAdminPermission",
      "hasTransportAdminPermission",
      "hasBuyerAdminPermission",
      "hasProductDefinitionAdminPermission",
      "hasStakeholderAdminPermission",
      "hasRecipeAdminPermission",
    ]);
  });

  it("grants a permission only when the admin setting has it true", () => {
    const s = subject({
      roleLevel: "admin",
      userSettings: [{
        settingType: "admin",
        value: {
          hasSupplierAdminPermission: true,
          hasBuyerAdminPermission: false,
          hasRecipeAdminPermission: "yes",
        },
      }],
    });
    expect(hasAdminPermission(s, "hasSupplierAdminPermission")).toBe(true);
    expect(hasAdminPermission(s, "hasBuyerAdminPermission")).toBe(false);
    expect(hasAdminPermission(s, "hasRecipeAdminPermission")).toBe(false);
    expect(hasAdminPermission(s, "hasTransportAdminPermission")).toBe(false);
  });

  it("admins without the setting are read-only", () => {
    for (const f of ADMIN_PERMISSION_FLAGS) {
      expect(hasAdminPermission(subject({ roleLevel: "admin" }), f)).toBe(false);
    }
    const odd = subject({ userSettings: [{ settingType: "admin", value: "hasSupplierAdminPermission" }] });
    expect(hasAdminPermission(odd, "hasSupplierAdminPermission")).toBe(false);
  });

  it("super users always have every permission", () => {
    for (const f of ADMIN_PERMISSION_FLAGS) {
      expect(hasAdminPermission(subject({ roleLevel: "super" }), f)).toBe(true);
    }
  });

  it("canEditEntity maps each entity to its flag", () => {
    const s = subject({
      userSettings: [{ settingType: "admin", value: { hasTransportAdminPermission: true } }],
    });
    expect(canEditEntity(s, "transportCompany")).toBe(true);
    expect(canEditEntity(s, "supplier")).toBe(false);
    expect(canEditEntity(s, "stakeholder")).toBe(false);
    expect(canEditEntity(subject({ roleLevel: "super" }), "productDefinition")).toBe(true);
  });
});
