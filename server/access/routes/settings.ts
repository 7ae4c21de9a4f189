import { SETTINGS_MENU_MODULES } from "../modules.ts";
import { route, type RouteDef, SUPER_ONLY, TESTER_ONLY } from "./define.ts";

/**
 * Settings area (spec 2 §2.2). The /settings route itself carries the
 * settings-menu rule: any Settings-group module except tenantSettings, or a
 * super user (allowSuper). Module-gated tabs are allowSuper ("super may see
 * all"); super-only tabs require the super role; the files tab is tester-only.
 * Module per tab is not in the spec: price grids → buySettings, livestock
 * targets → livestockSettings, skin/hide price and invoicing →
 * invoiceSettings, yards → stockyardSettings, yield → yieldReporting.
 */
const s = (rest: string) => `/settings${rest}`;
const TAB = { allowSuper: true, icon: "settings" } as const;

export const SETTINGS_ROUTES = [
  route("/settings", "Settings", "settings", {
    modules: SETTINGS_MENU_MODULES,
    allowSuper: true,
    icon: "settings",
    inHomeMenu: true,
    menuGroup: "admin",
    children: [
      route(s("/details"), "Organisation Details", "settingsDetails", {
        ...SUPER_ONLY,
        icon: "organisation",
        search: ["tab"],
        children: [
          // Both return to the users tab of organisation details, hence super only like that tab.
          route(s("/useredit"), "Edit User", "settingsUserEdit", {
            ...SUPER_ONLY,
            icon: "user",
            search: ["id"],
          }),
          route(s("/usernew"), "New User", "settingsUserNew", { ...SUPER_ONLY, icon: "user" }),
        ],
      }),
      route(s("/stockSettings"), "Stock Settings", "settingsStockSettings", {
        ...SUPER_ONLY,
        icon: "settings",
      }),
      route(s("/pricinggrids"), "Price Grids", "settingsPricingGrids", {
        ...TAB,
        modules: ["buySettings"],
        icon: "price",
        children: [
          route(s("/viewgrids/$species"), "Price Grids", "settingsViewGrids", { icon: "price" }),
          route(s("/newpricinggrid"), "New Price Grid", "settingsNewPricingGrid", {
            icon: "price",
          }),
          route(s("/newpricinggrid/$id"), "New Price Grid", "settingsNewPricingGridFrom", {
            icon: "price",
          }),
          route(s("/pricinggrids/$id"), "Price Grid", "settingsPricingGrid", { icon: "price" }),
          route(s("/pricinggridgroups/$id"), "Price Grid Group", "settingsPricingGridGroup", {
            icon: "price",
          }),
          route(s("/clonepricinggrid/$id"), "Clone Price Grid", "settingsClonePricingGrid", {
            icon: "price",
          }),
        ],
      }),
      route(s("/volumetargets"), "Livestock Targets", "settingsVolumeTargets", {
        ...TAB,
        modules: ["livestockSettings"],
        icon: "target",
        children: [
          route(s("/volumeTargetsNew"), "New Livestock Target", "settingsVolumeTargetNew", {
            icon: "target",
          }),
          route(s("/volumeTargets/$id"), "Livestock Target", "settingsVolumeTarget", {
            icon: "target",
          }),
        ],
      }),
      route(s("/skinprice"), "Skin/Hide Price", "settingsSkinPrice", {
        ...TAB,
        modules: ["invoiceSettings"],
        icon: "skin",
        children: [
          route(s("/skinprice/$id"), "Skin Price", "settingsSkinPriceEdit", { icon: "skin" }),
          route(s("/newskinprice/$species"), "New Skin Price", "settingsNewSkinPrice", { icon: "skin" }),
          route(s("/copyskinprice/$id"), "Copy Skin Price", "settingsCopySkinPrice", { icon: "skin" }),
          route(s("/newhideprice"), "New Hide Price", "settingsNewHidePrice", { icon: "skin" }),
          route(s("/hideprice/$id"), "Hide Price", "settingsHidePrice", { icon: "skin" }),
        ],
      }),
      route(s("/stockyard"), "Yards & Paddocks", "settingsStockyard", {
        ...TAB,
        modules: ["stockyardSettings"],
        icon: "stockyard",
        children: [route(s("/stockyard/$id"), "Yard", "settingsStockyardEdit", { icon: "stockyard" })],
      }),
      route(s("/carcasses"), "Carcasses", "settingsCarcasses", { ...SUPER_ONLY, icon: "carcass" }),
      route(s("/products"), "Products", "settingsProducts", {
        ...SUPER_ONLY,
        icon: "product",
        children: [
          route(s("/products/productPackaging"), "Product Packaging", "settingsProductPackaging", {
            icon: "product",
          }),
        ],
      }),
      route(s("/specifications"), "Specifications", "settingsSpecifications", {
        ...SUPER_ONLY,
        icon: "specification",
        children: [
          route(s("/specifications/productSpecTypes"), "Product Spec Types", "settingsProductSpecTypes", {
            icon: "specification",
          }),
          route(s("/specifications/cutSpecSelector"), "Cut Specifications", "settingsCutSpecSelector", {
            icon: "specification",
          }),
          route(s("/specifications/carcassSpecList"), "Carcass Specifications", "settingsCarcassSpecList", {
            icon: "specification",
          }),
          route(s("/specifications/carcassType"), "Carcass Types", "settingsCarcassType", {
            icon: "specification",
          }),
        ],
      }),
      route(s("/yieldsettings"), "Yield", "settingsYield", {
        ...TAB,
        modules: ["yieldReporting"],
        icon: "yield",
      }),
      route(s("/invoicesettings"), "Invoicing", "settingsInvoicing", {
        ...TAB,
        modules: ["invoiceSettings"],
        icon: "invoice",
        children: [
          route(s("/invoicesettings/newLevy"), "New Levy", "settingsNewLevy", { icon: "invoice" }),
          route(
            s("/invoicesettings/levies/$levyType/$tenantSiteId/$speciesCategoryType/$startDate/{-$description}/{-$isCopy}"),
            "Levy",
            "settingsLevy",
            { icon: "invoice" },
          ),
          route(s("/invoicesettings/newDefectDetail"), "New Defect Detail", "settingsNewDefectDetail", {
            icon: "invoice",
          }),
          route(s("/invoicesettings/defectDetails/$id"), "Defect Detail", "settingsDefectDetail", {
            icon: "invoice",
          }),
        ],
      }),
      // Plant integrations (issue 15): API keys of the plant's systems and the interchange clients' state.
      // Not in the spec's route table; a processor admin needs one place for them (docs/decisions.md).
      route(s("/integrations"), "Plant Integrations", "settingsIntegrations", {
        roleValue: "admin",
        tenantCategory: "processor",
        icon: "control",
      }),
      route(s("/files"), "Files & Publishing", "settingsFiles", { ...TESTER_ONLY, icon: "file" }),
      // "Settings tabs also cover" (spec 2 §2.2): paths not given, chosen here.
      route(s("/tenantsettings"), "Tenant Settings", "settingsTenantSettings", {
        ...TAB,
        modules: ["tenantSettings"],
      }),
      // Spec 2 §7.4 names login module settings; the tab is ours (Settings › Login modules).
      route(s("/loginmodules"), "Login Modules", "settingsLoginModules", {
        ...TAB,
        modules: ["tenantSettings"],
        roleValue: "admin",
      }),
      route(s("/productcodes"), "Product Codes", "settingsProductCodes", {
        ...TAB,
        modules: ["yieldReporting"],
        icon: "product",
      }),
      route(s("/cuthierarchyoverrides"), "Cut Hierarchy Overrides", "settingsCutHierarchyOverrides", {
        ...TAB,
        modules: ["yieldReporting"],
        icon: "hierarchy",
      }),
      route(s("/carcassdefects"), "Carcass Defects", "settingsCarcassDefects", {
        ...TAB,
        modules: ["invoiceSettings"],
        icon: "carcass",
      }),
      route(s("/supportcontent"), "Support Content", "settingsSupportContent", {
        ...SUPER_ONLY,
        icon: "help",
      }),
      route(s("/releasenotes"), "Release Notes", "settingsReleaseNotes", { icon: "notes" }),
    ],
  }),
] as const satisfies readonly RouteDef[];
