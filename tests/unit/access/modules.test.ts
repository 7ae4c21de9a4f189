import { describe, expect, it } from "vitest";
import {
  isModuleKey,
  isTenantCategory,
  LOGIN_MODULE_GROUPS,
  MODULE_KEYS,
  moduleInfo,
  MODULES,
  modulesInGroup,
  SETTINGS_MENU_MODULES,
  TENANT_CATEGORIES,
} from "../../../server/access/mod.ts";

describe("modules", () => {
  it("lists every module named by the briefs and specs, once", () => {
    expect([...MODULE_KEYS].sort()).toEqual([
      "buy",
      "buySettings",
      "constants",
      "directTransform",
      "farmer",
      "invoiceSettings",
      "invoices",
      "killFloorCorrections",
      "livestock",
      "livestockBoxing",
      "livestockReporting",
      "livestockSettings",
      "mlaIntegration",
      "orderReporting",
      "processorSkinGrade",
      "productDefinitions",
      "recipes",
      "scheduleBuilder",
      "stockyard",
      "stockyardSettings",
      "super",
      "tenantSettings",
      "tester",
      "yieldReporting",
      "yieldRevenue",
    ]);
    expect(new Set(MODULE_KEYS).size).toBe(MODULES.length);
  });

  it("gives each module a display name and a known login group", () => {
    for (const m of MODULES) {
      expect(m.displayName.length).toBeGreaterThan(0);
      expect(LOGIN_MODULE_GROUPS).toContain(m.group);
    }
    expect(moduleInfo("yieldReporting")).toEqual({
      key: "yieldReporting",
      displayName: "Yield Reporting",
      group: "Yield",
    });
  });

  it("puts tenantSettings and the *Settings modules in the Settings group", () => {
    expect([...modulesInGroup("Settings")].sort()).toEqual([
      "buySettings",
      "invoiceSettings",
      "livestockSettings",
      "stockyardSettings",
      "tenantSettings",
    ]);
  });

  it("settings menu modules are the Settings group minus tenantSettings", () => {
    expect([...SETTINGS_MENU_MODULES].sort()).toEqual([
      "buySettings",
      "invoiceSettings",
      "livestockSettings",
      "stockyardSettings",
    ]);
  });

  it("recognises module keys and tenant categories", () => {
    expect(isModuleKey("stockyard")).toBe(true);
    expect(isModuleKey("Stockyard")).toBe(false);
    expect(isModuleKey(undefined)).toBe(false);
    expect(TENANT_CATEGORIES).toEqual(["processor", "producer"]);
    expect(isTenantCategory("producer")).toBe(true);
    expect(isTenantCategory("farm")).toBe(false);
  });
});
