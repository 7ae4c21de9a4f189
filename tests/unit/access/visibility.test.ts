import { describe, expect, it } from "vitest";
import {
  type AccessSubject,
  allRoutes,
  canSeeRoute,
  canSeeRouteNamed,
  findRouteByName,
  isSettingsMenuVisible,
  ROLE_NAMES,
  type RoleName,
  type RouteDef,
} from "../../../server/access/mod.ts";
import { route } from "../../../server/access/routes/define.ts";
import { anonymous, subject } from "./subjects.ts";

const at = (path: string): RouteDef => {
  const r = allRoutes().find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};
const sees = (s: AccessSubject, path: string) => canSeeRoute(s, at(path));
const flag = (featureKey: string, isEnabled: boolean, isEnabledForSuperUser = false) => ({
  featureKey,
  isEnabled,
  isEnabledForSuperUser,
});

describe("public routes and users without a role", () => {
  const publicPaths = allRoutes().filter((r) => r.public).map((r) => r.path);

  it("public routes are visible to everyone, with or without a role", () => {
    for (const path of publicPaths) {
      expect(sees(anonymous(), path), path).toBe(true);
      for (const role of ROLE_NAMES) {
        expect(sees(subject({ roleLevel: role }), path), `${role} ${path}`).toBe(true);
      }
    }
  });

  it("a user with no role sees only public routes, even with everything licensed", () => {
    const s = subject({
      roleLevel: null,
      modules: ["stockyard", "buy", "livestock"],
      tenantCategories: ["processor", "producer"],
    });
    for (const r of allRoutes()) expect(canSeeRoute(s, r), r.path).toBe(r.public === true);
  });

  it("the role 'none' counts as no role", () => {
    const s = subject({ roleLevel: "none", modules: ["stockyard"] });
    expect(sees(s, "/home/userHome")).toBe(false);
    expect(sees(s, "/user/changepassword")).toBe(false);
    expect(sees(s, "/login")).toBe(true);
  });
});

describe("role level", () => {
  // route → minimum role; a role sees it when at or above (tester pages aside).
  const probes: [string, RoleName][] = [
    ["/home/userHome", "display"], // roleValue none: any real role
    ["/user/changepassword", "display"],
    ["/display", "display"],
    ["/home/support", "user"],
    ["/home/dataupload", "admin"],
    ["/home/clientusers", "admin"],
    ["/super/home", "super"],
    ["/playground", "super"],
  ];
  for (const role of ROLE_NAMES.filter((r) => r !== "none")) {
    it(`${role} sees exactly the routes at or below its level`, () => {
      const s = subject({ roleLevel: role });
      for (const [path, minimum] of probes) {
        const level = ROLE_NAMES.indexOf(role);
        expect(sees(s, path), `${role} ${path}`).toBe(level >= ROLE_NAMES.indexOf(minimum));
      }
    });
  }

  it("display users reach the display carousel but not user pages", () => {
    const s = subject({ roleLevel: "display", modules: ["stockyard"] });
    expect(sees(s, "/display")).toBe(true);
    expect(sees(s, "/display/stockyard")).toBe(true);
    expect(sees(s, "/display/configure")).toBe(true);
    expect(sees(s, "/home/stockyard")).toBe(false);
  });

  it("demo and integration partner roles are below user", () => {
    for (const role of ["demo", "integrationPartner"] as const) {
      expect(sees(subject({ roleLevel: role, modules: ["stockyard"] }), "/home/stockyard")).toBe(false);
      expect(sees(subject({ roleLevel: role }), "/home/userHome")).toBe(true);
    }
  });
});

describe("onlyRoles (tester-only pages)", () => {
  const expected: Record<RoleName, boolean> = {
    none: false,
    display: false,
    integrationPartner: false,
    demo: false,
    user: false,
    newCustomTemplate: false,
    support: true,
    test: true,
    admin: false,
    super: true,
  };
  for (const role of ROLE_NAMES) {
    it(`${role} ${expected[role] ? "sees" : "does not see"} /tester`, () => {
      expect(sees(subject({ roleLevel: role }), "/tester")).toBe(expected[role]);
    });
  }

  it("admin outranks test but is still kept out of tester-only pages", () => {
    const admin = subject({ roleLevel: "admin", modules: ["buySettings", "tester"] });
    expect(sees(admin, "/tester")).toBe(false);
    expect(sees(admin, "/settings/files")).toBe(false);
    expect(sees(admin, "/home/test")).toBe(false);
  });

  it("the files tab needs a testing role and a visible settings menu", () => {
    expect(sees(subject({ roleLevel: "test", modules: ["buySettings"] }), "/settings/files")).toBe(true);
    expect(sees(subject({ roleLevel: "test" }), "/settings/files")).toBe(false);
    expect(sees(subject({ roleLevel: "super" }), "/settings/files")).toBe(true);
  });

  it("the /home/test page also needs the tester module (super allowed without)", () => {
    expect(sees(subject({ roleLevel: "test" }), "/home/test")).toBe(false);
    expect(sees(subject({ roleLevel: "test", modules: ["tester"] }), "/home/test")).toBe(true);
    expect(sees(subject({ roleLevel: "super" }), "/home/test")).toBe(true);
  });
});

describe("modules", () => {
  const table: RouteDef[] = [route("/x/any", "Any", "any", { modules: ["buy", "stockyard"] })];

  it("any one of the listed modules is enough", () => {
    expect(canSeeRoute(subject({ modules: ["stockyard"] }), table[0], table)).toBe(true);
    expect(canSeeRoute(subject({ modules: ["buy"] }), table[0], table)).toBe(true);
    expect(canSeeRoute(subject({ modules: ["invoices"] }), table[0], table)).toBe(false);
    expect(canSeeRoute(subject(), table[0], table)).toBe(false);
  });

  it("an empty module list means no module is needed", () => {
    const r = route("/x/free", "Free", "free", { modules: [] });
    expect(canSeeRoute(subject(), r, [r])).toBe(true);
  });

  it("real module gates", () => {
    expect(sees(subject({ modules: ["stockyard"] }), "/home/stockyard")).toBe(true);
    expect(sees(subject({ modules: ["buy"] }), "/home/stockyard")).toBe(false);
    expect(sees(subject({ modules: ["invoices"] }), "/home/invoicemanager")).toBe(true);
    expect(sees(subject({ modules: ["processorSkinGrade"] }), "/home/skingrade")).toBe(true);
    expect(sees(subject({ modules: ["farmer"], tenantCategories: ["producer"] }), "/producerportal")).toBe(
      true,
    );
    // a producer tenant's portal (issue 44): a processor with the module does not see it
    expect(sees(subject({ modules: ["farmer"] }), "/producerportal")).toBe(false);
    expect(sees(subject(), "/producerportal")).toBe(false);
    expect(sees(subject({ modules: ["livestockBoxing"] }), "/home/livestock/livestockBoxing")).toBe(true);
    expect(sees(subject({ modules: ["livestock"] }), "/home/livestock/livestockBoxing")).toBe(false);
  });

  it("a child needs its parent's module too", () => {
    expect(sees(subject({ modules: ["buy"] }), "/home/livestock/supplier/new")).toBe(true);
    expect(sees(subject({ modules: ["livestock"] }), "/home/livestock/supplier/new")).toBe(false);
    expect(sees(subject({ modules: ["yieldReporting"] }), "/yield/segments")).toBe(true);
    expect(sees(subject(), "/yield/segments")).toBe(false);
  });

  it("revenue pages need yield revenue on top of yield reporting", () => {
    expect(sees(subject({ modules: ["yieldReporting"] }), "/yield/revenue")).toBe(false);
    expect(sees(subject({ modules: ["yieldReporting", "yieldRevenue"] }), "/yield/revenue")).toBe(true);
    expect(sees(subject({ modules: ["yieldRevenue"] }), "/yield/revenue")).toBe(false);
  });
});

describe("allowSuper", () => {
  const gated = route("/x/gated", "Gated", "gated", { modules: ["buy"], allowSuper: true });
  const strict = route("/x/strict", "Strict", "strict", { modules: ["buy"] });
  const table = [gated, strict];

  it("a super sees allowSuper items without the module", () => {
    expect(canSeeRoute(subject({ roleLevel: "super" }), gated, table)).toBe(true);
  });

  it("a super does not see module items without allowSuper", () => {
    expect(canSeeRoute(subject({ roleLevel: "super" }), strict, table)).toBe(false);
    expect(sees(subject({ roleLevel: "super" }), "/home/stockyard")).toBe(false);
    expect(sees(subject({ roleLevel: "super" }), "/productionscheduling/schedulebuilder")).toBe(false);
    expect(
      sees(
        subject({ roleLevel: "super", modules: ["scheduleBuilder"] }),
        "/productionscheduling/schedulebuilder",
      ),
    )
      .toBe(true);
  });

  it("allowSuper does nothing for other roles", () => {
    expect(canSeeRoute(subject({ roleLevel: "admin" }), gated, table)).toBe(false);
  });

  it("a super sees every settings tab without settings modules", () => {
    const s = subject({ roleLevel: "super" });
    for (const r of allRoutes().filter((x) => x.path.startsWith("/settings"))) {
      expect(canSeeRoute(s, r), r.path).toBe(true);
    }
  });
});

describe("tenant category", () => {
  it("kill agenda pages need a processor tenant", () => {
    const processor = subject({ modules: ["livestock"], tenantCategories: ["processor"] });
    const producer = subject({ modules: ["livestock"], tenantCategories: ["producer"] });
    for (const path of ["/home/killagenda", "/home/killagendareport", "/home/killagendacontrolleddocument"]) {
      expect(sees(processor, path), path).toBe(true);
      expect(sees(producer, path), path).toBe(false);
    }
    expect(
      sees(
        subject({ roleLevel: "super", tenantCategories: ["producer"], modules: ["livestock"] }),
        "/home/killagenda",
      ),
    )
      .toBe(false);
  });

  it("the kill agenda child of the stockyard needs a processor tenant on top of the stockyard module", () => {
    expect(sees(subject({ modules: ["stockyard", "livestock"] }), "/home/stockyard/killagenda")).toBe(true);
    expect(
      sees(
        subject({ modules: ["stockyard", "livestock"], tenantCategories: ["producer"] }),
        "/home/stockyard/killagenda",
      ),
    ).toBe(false);
    // a producer tenant's plant modules count for nothing: it reaches only the portal (issue 44 §7)
    expect(
      sees(
        subject({ modules: ["stockyard", "livestock"], tenantCategories: ["producer"] }),
        "/home/stockyard/orderedit/$id",
      ),
    ).toBe(false);
  });

  it("deliveries and orders need a processor tenant", () => {
    const producer = subject({ modules: ["livestock", "buy"], tenantCategories: ["producer"] });
    expect(sees(producer, "/home/livestock/deliveries")).toBe(false);
    expect(sees(producer, "/home/livestock/orders/$id")).toBe(false);
    // order groups are orders: a processor's (the page and the API agree since the area kit)
    expect(sees(producer, "/home/livestock/ordergroups/$id")).toBe(false);
  });

  it("suppliers and buyers are for admins on producer tenants", () => {
    const producerAdmin = subject({ roleLevel: "admin", tenantCategories: ["producer"] });
    expect(sees(producerAdmin, "/home/suppliers")).toBe(true);
    expect(sees(producerAdmin, "/home/buyers")).toBe(true);
    expect(sees(subject({ roleLevel: "admin", tenantCategories: ["processor"] }), "/home/suppliers")).toBe(
      false,
    );
    expect(sees(subject({ roleLevel: "user", tenantCategories: ["producer"] }), "/home/buyers")).toBe(false);
  });

  it("a tenant in both categories passes both", () => {
    const s = subject({
      roleLevel: "admin",
      modules: ["livestock"],
      tenantCategories: ["processor", "producer"],
    });
    expect(sees(s, "/home/killagenda")).toBe(true);
    expect(sees(s, "/home/suppliers")).toBe(true);
  });
});

describe("feature flags and tenant settings", () => {
  it("the regional summary needs its flag", () => {
    const base = { modules: ["livestockReporting" as const] };
    expect(sees(subject(base), "/home/livestockRegionalSummary")).toBe(false);
    expect(
      sees(
        subject({ ...base, featureFlags: [flag("regionalLivestockDashboardMenu", true)] }),
        "/home/livestockRegionalSummary",
      ),
    ).toBe(true);
    expect(
      sees(
        subject({ ...base, featureFlags: [flag("regionalLivestockDashboardMenu", false)] }),
        "/home/livestockRegionalSummary",
      ),
    ).toBe(false);
    expect(sees(subject(base), "/home/livestockSiteSummaryDashboard")).toBe(true);
  });

  it("ROI analysis needs the super role and its flag (super-only flag works for super)", () => {
    expect(sees(subject({ roleLevel: "super" }), "/home/RoiAnalysisMenu")).toBe(false);
    expect(
      sees(
        subject({ roleLevel: "super", featureFlags: [flag("roiAnalysisMenu", false, true)] }),
        "/home/RoiAnalysisMenu",
      ),
    )
      .toBe(true);
    expect(
      sees(
        subject({ roleLevel: "admin", featureFlags: [flag("roiAnalysisMenu", true)] }),
        "/home/RoiAnalysisMenu",
      ),
    )
      .toBe(false);
  });

  it("a super-only flag does not open a route to others", () => {
    const r = route("/x/flagged", "Flagged", "flagged", { featureFlag: "msaDataRequery" });
    const flags = [flag("msaDataRequery", false, true)];
    expect(canSeeRoute(subject({ roleLevel: "super", featureFlags: flags }), r, [r])).toBe(true);
    expect(canSeeRoute(subject({ roleLevel: "admin", featureFlags: flags }), r, [r])).toBe(false);
  });

  it("RFID discrepancies needs its tenant setting enabled", () => {
    const base = { modules: ["livestock" as const] };
    expect(sees(subject(base), "/home/livestock/rfidDiscrepancies")).toBe(false);
    expect(
      sees(
        subject({
          ...base,
          tenantSettings: [{ settingType: "rfidDiscrepancies", value: { isEnabled: true } }],
        }),
        "/home/livestock/rfidDiscrepancies",
      ),
    ).toBe(true);
    expect(
      sees(
        subject({
          ...base,
          tenantSettings: [{ settingType: "rfidDiscrepancies", value: { isEnabled: false } }],
        }),
        "/home/livestock/rfidDiscrepancies",
      ),
    ).toBe(false);
  });
});

describe("settings menu", () => {
  it("is visible to a super user with no modules", () => {
    expect(isSettingsMenuVisible(subject({ roleLevel: "super" }))).toBe(true);
  });

  it("is visible to a user holding any Settings-group module but tenantSettings", () => {
    for (const m of ["buySettings", "livestockSettings", "stockyardSettings", "invoiceSettings"] as const) {
      expect(isSettingsMenuVisible(subject({ modules: [m] })), m).toBe(true);
    }
  });

  it("is hidden for tenantSettings alone, other modules, no role or a role below user", () => {
    expect(isSettingsMenuVisible(subject({ modules: ["tenantSettings"] }))).toBe(false);
    expect(isSettingsMenuVisible(subject({ roleLevel: "admin", modules: ["yieldReporting", "tester"] })))
      .toBe(false);
    expect(isSettingsMenuVisible(subject({ roleLevel: null, modules: ["buySettings"] }))).toBe(false);
    expect(isSettingsMenuVisible(subject({ roleLevel: "display", modules: ["buySettings"] }))).toBe(false);
  });

  it("is false for a table without a settings route", () => {
    expect(isSettingsMenuVisible(subject({ roleLevel: "super" }), [])).toBe(false);
  });

  it("tabs need their module and a visible settings menu", () => {
    const buy = subject({ modules: ["buySettings"] });
    expect(sees(buy, "/settings/pricinggrids")).toBe(true);
    expect(sees(buy, "/settings/pricinggrids/$id")).toBe(true);
    expect(sees(buy, "/settings/volumetargets")).toBe(false);
    expect(sees(buy, "/settings/details")).toBe(false);
    expect(sees(subject({ modules: ["yieldReporting"] }), "/settings/yieldsettings")).toBe(false);
    expect(sees(subject({ modules: ["yieldReporting", "buySettings"] }), "/settings/yieldsettings")).toBe(
      true,
    );
    expect(sees(subject({ modules: ["tenantSettings", "buySettings"] }), "/settings/tenantsettings")).toBe(
      true,
    );
  });

  it("super-only tabs stay hidden from admins holding settings modules", () => {
    const admin = subject({ roleLevel: "admin", modules: ["buySettings", "invoiceSettings"] });
    for (
      const path of [
        "/settings/details",
        "/settings/useredit",
        "/settings/carcasses",
        "/settings/specifications",
      ]
    ) {
      expect(sees(admin, path), path).toBe(false);
    }
    expect(sees(admin, "/settings/invoicesettings")).toBe(true);
  });
});

describe("canSeeRouteNamed", () => {
  it("looks up by name and refuses unknown names", () => {
    expect(canSeeRouteNamed(subject({ roleLevel: "admin" }), "clientusers")).toBe(true);
    expect(canSeeRouteNamed(subject({ roleLevel: "user" }), "clientusers")).toBe(false);
    expect(canSeeRouteNamed(subject({ roleLevel: "super" }), "noSuchRoute")).toBe(false);
  });

  it("agrees with canSeeRoute for every route", () => {
    const s = subject({ roleLevel: "admin", modules: ["stockyard", "buySettings"] });
    for (const r of allRoutes()) {
      expect(canSeeRouteNamed(s, r.name), r.name).toBe(canSeeRoute(s, findRouteByName(r.name)!));
    }
  });
});
