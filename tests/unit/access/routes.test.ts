import { APP_ROUTES, SCREENS } from "../../../server/areas/mod.ts";
import { describe, expect, it } from "vitest";
import {
  allRoutes,
  ancestorsOf,
  DEFAULT_ROUTE_PATH,
  findRouteByName,
  isFeatureEnabled,
  isKnownFlag,
  isKnownTenantSettingType,
  isModuleKey,
  matchRoute,
  NESTED_MENUS,
  ROLE_NAMES,
  roleValue,
  ROUTES,
  SETTINGS_MENU_MODULES,
} from "../../../server/access/mod.ts";
import { subject } from "./subjects.ts";

const BASE_PREFIXES = [
  "/home",
  "/settings",
  "/yield",
  "/productionscheduling",
  "/display",
  "/wizard",
  "/report",
  "/producerportal",
  "/super",
  "/support",
  "/tester",
  "/user",
  "/login",
  "/logout",
  "/register",
  "/oauthcallback",
  "/playground",
];

/** Every path the three specs list, as placed in the table. */
const SPEC_PATHS = [
  // public and account
  "/login",
  "/login/forgotpassword",
  "/logout",
  "/register/handleinvite",
  "/register/producer", // ours: a producer's sign-up through a processor's link invitation (issue 44 §1)
  "/oauthcallback",
  "/user/required",
  "/user/changepassword",
  "/user/account",
  "/user/phone",
  "/user/settings",
  // home
  "/home/userHome",
  "/home/killagenda",
  "/home/killagenda/$focusDay",
  "/home/stockyard",
  "/home/stockyard/orderedit/$id",
  "/home/stockyard/deliveryedit/$id",
  "/home/stockyard/reservepens/$id",
  "/home/stockyard/killagenda",
  "/home/stockyardOverview",
  "/home/stocklocations",
  "/home/processoverview",
  "/home/livestockDashboard",
  "/home/livestockSiteSummaryDashboard",
  "/home/livestockRegionalSummary",
  "/home/RoiAnalysisMenu",
  "/home/invoicemanager",
  "/home/invoicemanager/edit/$id",
  "/home/invoicemanager/payments", // ours: paying suppliers by bank file (ABA), session 49
  "/home/skingrade",
  "/home/killagendacontrolleddocument",
  "/home/killagendareport",
  "/home/orderreporting",
  "/home/invoicereporting",
  "/home/feedBackSheets",
  "/home/levyreporting",
  "/home/hidereporting",
  "/home/scheduledProductsReport",
  "/home/dataupload",
  "/home/locationinfo",
  "/home/test",
  "/home/clientusers",
  "/home/clientusers/useredit",
  "/home/clientusers/usernew",
  "/home/clientusers/invite", // ours: invite by email (issue 19 §1, docs/decisions.md)
  "/home/suppliers",
  "/home/suppliers/new", // ours: a producer's add/edit pages (docs/decisions.md)
  "/home/suppliers/$id",
  "/home/buyers",
  "/home/buyers/new",
  "/home/buyers/$id",
  "/home/support",
  "/home/notifications",
  "/home/find", // ours: the header's Find (orders, invoices, parties, NLIS tags), session 53
  "/home/RoiLayoutDisplay/$id",
  // livestock
  "/home/livestock",
  "/home/livestock/ordergroup/new",
  "/home/livestock/ordergroup/newGroup",
  "/home/livestock/ordergroups/$id",
  "/home/livestock/order/new/$livestockOrderGroupId",
  "/home/livestock/ordersplit/$livestockOrderGroupId/$orderId",
  "/home/livestock/orders/$id",
  "/home/livestock/supplier/new",
  "/home/livestock/suppliers/$id",
  "/home/livestock/buyer/new",
  "/home/livestock/buyer/$id",
  "/home/livestock/transportCompany/new",
  "/home/livestock/transportCompanies/$id",
  "/home/livestock/stakeholder/new",
  "/home/livestock/stakeholders/$id",
  "/home/livestock/deliveries",
  "/home/livestock/deliveries/$fromDate",
  "/home/livestock/undeliveredorders",
  "/home/livestock/carcassdistribution",
  "/home/livestock/management",
  "/home/livestock/management/$mobId",
  "/home/livestock/livestockBoxing",
  "/home/livestock/rfidDiscrepancies",
  "/home/livestock/matchOrderNVDs",
  // display
  "/display",
  "/display/killagendareport/$paramSpecies",
  "/display/stockyard",
  "/display/yieldCarcass/$index",
  "/display/operationalyield/$id",
  "/display/viewreport/$id",
  "/display/configure",
  // settings
  "/settings",
  "/settings/details",
  "/settings/stockSettings",
  "/settings/pricinggrids",
  "/settings/volumetargets",
  "/settings/skinprice",
  "/settings/stockyard",
  "/settings/carcasses",
  "/settings/products",
  "/settings/products/productPackaging",
  "/settings/specifications",
  "/settings/specifications/productSpecTypes",
  "/settings/specifications/cutSpecSelector",
  "/settings/specifications/carcassSpecList",
  "/settings/specifications/carcassType",
  "/settings/yieldsettings",
  "/settings/invoicesettings",
  "/settings/files",
  "/settings/invoicesettings/newLevy",
  "/settings/invoicesettings/levies/$levyType/$tenantSiteId/$speciesCategoryType/$startDate/{-$description}/{-$isCopy}",
  "/settings/invoicesettings/newDefectDetail",
  "/settings/invoicesettings/defectDetails/$id",
  "/settings/skinprice/$id",
  "/settings/newskinprice/$species",
  "/settings/copyskinprice/$id",
  "/settings/newhideprice",
  "/settings/hideprice/$id",
  "/settings/viewgrids/$species",
  "/settings/newpricinggrid",
  "/settings/newpricinggrid/$id",
  "/settings/pricinggrids/$id",
  "/settings/pricinggridgroups/$id",
  "/settings/clonepricinggrid/$id",
  "/settings/volumeTargetsNew",
  "/settings/volumeTargets/$id",
  "/settings/useredit",
  "/settings/usernew",
  "/settings/stockyard/$id",
  "/settings/tenantsettings",
  "/settings/loginmodules", // ours: which login module groups are on (spec 2 §7.4, issue 39 d)
  "/settings/productcodes",
  "/settings/cuthierarchyoverrides",
  "/settings/carcassdefects",
  "/settings/supportcontent",
  "/settings/releasenotes",
  // not in the spec's table: plant integrations (API keys, interchange clients), docs/decisions.md
  "/settings/integrations",
  // super, support, tester, playground
  "/super",
  "/super/home",
  // not in the spec's table: the super home's tenant screens (issue 18), docs/decisions.md
  "/super/newtenant",
  "/super/tenants/$id",
  "/super/tenants/$id/user",
  "/super/tenants/$id/configuration",
  "/super/users",
  "/super/outbox", // ours: mails and texts kept when none can be sent (issue 19 §2)
  "/super/backups", // ours: a tenant's backups, restores and deletion (issue 40 §4)
  "/super/apiTesting",
  "/super/testing",
  "/super/appControl",
  "/super/fileupload",
  "/super/datadownload",
  "/super/featureflags",
  "/super/support",
  "/super/pricinggrid",
  "/super/initialdataload",
  "/support/content/$sectionKey",
  "/tester",
  "/playground",
  // yield
  "/yield",
  "/yield/segments",
  "/yield/segmentstoday",
  "/yield/yield",
  "/yield/yieldvariance",
  "/yield/revenue",
  "/yield/revenuevariance",
  "/yield/volume",
  "/yield/custom/{-$id}",
  "/yield/edit",
  "/yield/table",
  "/yield/analysisByRun",
  "/yield/customreports",
  "/yield/viewreport",
  "/yield/createreport",
  "/yield/editreport/$id",
  "/yield/operationalyield",
  "/yield/editoperationalyieldreport/$id",
  "/yield/createopyieldreport",
  // production scheduling
  "/productionscheduling/schedulebuilder",
  "/productionscheduling/predictedproducts",
  "/productionscheduling/predictedproductsfromcarcass",
  "/productionscheduling/productionschedules",
  "/productionscheduling/recipes",
  "/productionscheduling/salesorders",
  "/productionscheduling/productdefinitions",
  "/productionscheduling/bulkoperations",
  "/productionscheduling/productcomparison",
  "/productionscheduling/scheduleplanexecution/$id",
  "/productionscheduling/productdefinition/$id",
  "/productionscheduling/productdefinition/$id/map",
  "/productionscheduling/productdefinition/$id/productPackaging",
  "/productionscheduling/productdefinition/$id/newProductPackaging",
  "/productionscheduling/productDefinitionUnmapped/$id",
  "/productionscheduling/productDefinitionResolver/{-$selectedKey}",
  "/productionscheduling/productcomparisonsummary",
  "/productionscheduling/planagainstactual", // ours: a plan against what was packed (issue 41 item 8)
  "/productionscheduling/recipeEditor/$primalCutId/$recipeId",
  "/productionscheduling/ingredient/$speciesId/$waiterOnLoad/$passedPrimarys",
  // ROI
  "/wizard/RoiWizard",
  "/wizard/RoiWizard/$id",
  "/wizard/RoiLayoutEditor/$id",
  "/report/RoiLayoutDisplay/$id",
  // producer portal
  "/producerportal",
  "/producerportal/lots/$id", // ours: one lot's kill feedback through a processor link (issue 44 §3)
  // ours: a farm's orders, deliveries, remittances and trend across its consignments (issue 44 §3)
  "/producerportal/orders",
  "/producerportal/deliveries",
  "/producerportal/remittances",
  "/producerportal/trend",
  "/home/livestock/suppliers/$id/portal", // ours: a supplier's producer portal links (issue 44 §1)
];

const routeAt = (path: string) => {
  const r = allRoutes().find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe("route table: coverage", () => {
  it("contains every route the specs list, and nothing else", () => {
    const paths = allRoutes().map((r) => r.path);
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it("covers every base prefix", () => {
    for (const prefix of BASE_PREFIXES) {
      expect(allRoutes().some((r) => r.path === prefix || r.path.startsWith(prefix + "/")), prefix).toBe(
        true,
      );
    }
  });

  it("starts every path with a base prefix", () => {
    for (const r of allRoutes()) {
      expect(BASE_PREFIXES.some((p) => r.path === p || r.path.startsWith(p + "/")), r.path).toBe(true);
    }
  });
});

describe("route table: integrity", () => {
  it("has unique names and unique (case-insensitive) paths", () => {
    const names = allRoutes().map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = allRoutes().map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gives every entry every field with a valid value", () => {
    for (const r of allRoutes()) {
      expect(r.path.startsWith("/"), r.path).toBe(true);
      expect(r.title.length, r.path).toBeGreaterThan(0);
      expect(r.icon.length, r.path).toBeGreaterThan(0);
      expect(ROLE_NAMES, r.path).toContain(r.roleValue);
      expect(typeof r.inHomeMenu, r.path).toBe("boolean");
      expect(typeof r.canBeHomePage, r.path).toBe("boolean");
      expect(typeof r.built, r.path).toBe("boolean");
      expect(["ordinary", "nested", "admin"], r.path).toContain(r.menuGroup);
      for (const m of r.modules ?? []) expect(isModuleKey(m), `${r.path} ${m}`).toBe(true);
      if (r.featureFlag) expect(isKnownFlag(r.featureFlag), r.path).toBe(true);
      if (r.tenantSetting) expect(isKnownTenantSettingType(r.tenantSetting), r.path).toBe(true);
      if (r.homeModule) expect(isModuleKey(r.homeModule), r.path).toBe(true);
    }
  });

  it("uses TanStack-style params only ($name or {-$name})", () => {
    for (const r of allRoutes()) {
      for (const seg of r.path.split("/").filter(Boolean)) {
        expect(/^([A-Za-z][\w]*|\$[A-Za-z]\w*|\{-\$[A-Za-z]\w*\})$/.test(seg), `${r.path}: ${seg}`).toBe(
          true,
        );
      }
    }
  });

  it("gives nested items a nested menu name and no one else", () => {
    for (const r of allRoutes()) {
      expect(r.menuGroup === "nested", r.path).toBe(r.nestedMenu !== undefined);
      if (r.nestedMenu) expect(NESTED_MENUS.map((m) => m.name), r.path).toContain(r.nestedMenu);
    }
  });

  it("marks only home candidates with a homeModule", () => {
    for (const r of allRoutes().filter((x) => x.homeModule)) expect(r.canBeHomePage, r.path).toBe(true);
  });

  it("points every redirect at a route of the table", () => {
    for (const r of allRoutes().filter((x) => x.redirectTo)) {
      expect(matchRoute(r.redirectTo!), r.path).toBeDefined();
    }
  });

  it("keeps onlyRoles reachable: roleValue at most the lowest listed role", () => {
    for (const r of allRoutes().filter((x) => x.onlyRoles)) {
      const lowest = Math.min(...r.onlyRoles!.map(roleValue));
      expect(roleValue(r.roleValue), r.path).toBeLessThanOrEqual(lowest);
    }
  });

  it("the app's table is built exactly where an area registers a screen (or the server answers: logout)", () => {
    expect(allRoutes().filter((r) => r.built)).toEqual([]); // the spec's table claims nothing by hand
    expect(allRoutes(APP_ROUTES).filter((r) => r.built).map((r) => r.name).sort()).toEqual(
      [...Object.keys(SCREENS), "logout"].sort(),
    );
    expect(allRoutes(APP_ROUTES).map((r) => r.path)).toEqual(allRoutes().map((r) => r.path));
  });

  it("marks exactly the public routes public", () => {
    expect(allRoutes().filter((r) => r.public).map((r) => r.path).sort()).toEqual([
      "/login",
      "/login/forgotpassword",
      "/logout",
      "/oauthcallback",
      "/register/handleinvite",
      "/register/producer",
      "/user/required",
    ]);
  });

  it("has the default route in the table", () => {
    expect(DEFAULT_ROUTE_PATH).toBe("/home/userHome");
    expect(routeAt(DEFAULT_ROUTE_PATH).name).toBe("userHome");
  });
});

describe("route table: lookups", () => {
  it("findRouteByName finds nested routes and misses unknown names", () => {
    expect(findRouteByName("stockyardOrderEdit")?.path).toBe("/home/stockyard/orderedit/$id");
    expect(findRouteByName("superHome")?.path).toBe("/super/home");
    expect(findRouteByName("nope")).toBeUndefined();
  });

  it("allRoutes lists parents before their children", () => {
    const list = allRoutes();
    expect(list.indexOf(routeAt("/settings"))).toBeLessThan(list.indexOf(routeAt("/settings/details")));
    expect(list.indexOf(routeAt("/settings/details"))).toBeLessThan(
      list.indexOf(routeAt("/settings/useredit")),
    );
    expect(list.length).toBeGreaterThan(ROUTES.length);
  });

  it("ancestorsOf gives the chain outermost first", () => {
    expect(ancestorsOf(routeAt("/settings/useredit")).map((r) => r.path)).toEqual([
      "/settings",
      "/settings/details",
    ]);
    expect(ancestorsOf(routeAt("/home/stockyard"))).toEqual([]);
  });
});

describe("route table: restrictions from the specs", () => {
  it("kill agenda pages need a processor tenant and the user role", () => {
    for (
      const path of [
        "/home/killagenda",
        "/home/killagendareport",
        "/home/killagendacontrolleddocument",
        "/home/stockyard/killagenda",
      ]
    ) {
      expect(routeAt(path).tenantCategory, path).toBe("processor");
      expect(routeAt(path).roleValue, path).toBe("user");
    }
  });

  it("deliveries, orders, undelivered orders and carcass distribution need a processor tenant", () => {
    for (
      const path of [
        "/home/livestock/deliveries",
        "/home/livestock/orders/$id",
        "/home/livestock/undeliveredorders",
        "/home/livestock/carcassdistribution",
      ]
    ) {
      expect(routeAt(path).tenantCategory, path).toBe("processor");
    }
  });

  it("suppliers and buyers pages are for admins on producer tenants", () => {
    for (const path of ["/home/suppliers", "/home/buyers"]) {
      expect(routeAt(path).tenantCategory).toBe("producer");
      expect(routeAt(path).roleValue).toBe("admin");
    }
  });

  it("super-only pages require the super role", () => {
    for (
      const path of [
        "/home/locationinfo",
        "/home/RoiAnalysisMenu",
        "/home/scheduledProductsReport",
        "/user/settings",
        "/report/RoiLayoutDisplay/$id",
        "/wizard/RoiWizard",
        "/wizard/RoiLayoutEditor/$id",
        "/super",
        "/super/initialdataload",
        "/super/tenants/$id",
        "/super/users",
        "/playground",
        "/settings/details",
        "/settings/stockSettings",
        "/settings/carcasses",
        "/settings/products",
        "/settings/specifications",
        "/productionscheduling/schedulebuilder",
        "/productionscheduling/productionschedules",
        "/productionscheduling/salesorders",
        "/productionscheduling/bulkoperations",
        "/productionscheduling/productcomparison",
      ]
    ) {
      expect(routeAt(path).roleValue, path).toBe("super");
    }
  });

  it("every route under /super is super only", () => {
    for (const r of allRoutes().filter((x) => x.path.startsWith("/super"))) {
      expect(r.roleValue, r.path).toBe("super");
    }
  });

  it("flags gate the regional summary and ROI analysis; a setting gates RFID discrepancies", () => {
    expect(routeAt("/home/livestockRegionalSummary").featureFlag).toBe("regionalLivestockDashboardMenu");
    expect(routeAt("/home/RoiAnalysisMenu").featureFlag).toBe("roiAnalysisMenu");
    expect(routeAt("/home/livestock/rfidDiscrepancies").tenantSetting).toBe("rfidDiscrepancies");
  });

  it("tester-only pages list the testing roles", () => {
    for (const path of ["/tester", "/settings/files", "/home/test"]) {
      expect([...routeAt(path).onlyRoles!].sort(), path).toEqual(["super", "support", "test"]);
    }
  });

  it("display routes need only the display role", () => {
    for (const r of allRoutes().filter((x) => x.path.startsWith("/display"))) {
      expect(r.roleValue, r.path).toBe("display");
    }
  });

  it("the settings route carries the settings-menu rule", () => {
    const settings = routeAt("/settings");
    expect(settings.modules).toEqual(SETTINGS_MENU_MODULES);
    expect(settings.allowSuper).toBe(true);
    expect(settings.roleValue).toBe("user");
  });

  it("the producer portal needs the farmer module and is the farmer home", () => {
    const portal = routeAt("/producerportal");
    expect(portal.modules).toEqual(["farmer"]);
    expect(portal.homeModule).toBe("farmer");
  });

  it("flag-gated routes stay hidden while their flag is unknown to the subject", () => {
    for (const r of allRoutes().filter((x) => x.featureFlag)) {
      expect(isFeatureEnabled(subject(), r.featureFlag!)).toBe(false);
    }
  });
});
