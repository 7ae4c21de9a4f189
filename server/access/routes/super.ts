import { route, type RouteDef, SUPER_ONLY, TESTER_ONLY } from "./define.ts";

/**
 * Super area (spec 2 §2.3), support content, the tester home, the ROI wizard
 * and report wrapper (spec 3 §2.3, super only) and the developer playground.
 */
const sup = (rest: string) => `/super${rest}`;

export const SUPER_ROUTES = [
  route("/super", "Super", "super", {
    ...SUPER_ONLY,
    icon: "super",
    redirectTo: "/super/home",
    children: [
      route(sup("/home"), "Super", "superHome", {
        ...SUPER_ONLY,
        modules: ["super"],
        allowSuper: true,
        icon: "super",
        inHomeMenu: true,
        menuGroup: "admin",
        canBeHomePage: true,
        homeModule: "super",
      }),
      // Tenant screens under the super home (issue 18; the spec names the jobs, not the paths)
      route(sup("/newtenant"), "New Organisation", "superTenantNew", { ...SUPER_ONLY, icon: "super" }),
      route(sup("/tenants/$id"), "Organisation", "superTenant", { ...SUPER_ONLY, icon: "super" }),
      route(sup("/tenants/$id/user"), "Organisation User", "superTenantUser", {
        ...SUPER_ONLY,
        icon: "super",
        search: ["userId"],
      }),
      route(sup("/tenants/$id/configuration"), "Processor Configuration", "superProcessorConfiguration", {
        ...SUPER_ONLY,
        icon: "super",
      }),
      route(sup("/users"), "Cross-tenant Users", "superCrossTenantUsers", { ...SUPER_ONLY, icon: "super" }),
      route(sup("/apiTesting"), "API Testing", "superApiTesting", { ...SUPER_ONLY, icon: "test" }),
      route(sup("/testing"), "Testing", "superTesting", { ...SUPER_ONLY, icon: "test" }),
      route(sup("/appControl"), "App Control", "superAppControl", { ...SUPER_ONLY, icon: "control" }),
      route(sup("/fileupload"), "File Upload", "superFileUpload", { ...SUPER_ONLY, icon: "upload" }),
      route(sup("/datadownload"), "Data Download", "superDataDownload", { ...SUPER_ONLY, icon: "download" }),
      // ours (issue 40 §4): backups, restores, export and deletion of an organisation
      route(sup("/backups"), "Backups", "superBackups", {
        ...SUPER_ONLY,
        icon: "download",
        search: ["tenantId", "control", "key"],
      }),
      route(sup("/featureflags"), "Feature Flags", "superFeatureFlags", { ...SUPER_ONLY, icon: "flag" }),
      route(sup("/support"), "Support", "superSupport", { ...SUPER_ONLY, icon: "help" }),
      route(sup("/pricinggrid"), "Pricing Grid", "superPricingGrid", { ...SUPER_ONLY, icon: "price" }),
      // ours (issue 19 §2): mails and texts kept when no mail server or SMS gateway is configured
      route(sup("/outbox"), "Outbox", "superOutbox", { ...SUPER_ONLY, icon: "mail" }),
      // Initial-data load is super only (spec 1 §6); its path is not given.
      route(sup("/initialdataload"), "Initial Data Load", "superInitialDataLoad", {
        ...SUPER_ONLY,
        icon: "upload",
      }),
    ],
  }),
  // Help content is read by every signed-in user; editing it is a settings tab (super).
  route("/support/content/$sectionKey", "Support", "supportContent", { icon: "help" }),
  route("/tester", "Testing", "testerHome", {
    ...TESTER_ONLY,
    icon: "test",
    inHomeMenu: true,
    menuGroup: "admin",
    canBeHomePage: true,
    homeModule: "tester",
    search: ["tab"],
  }),
  route("/playground", "Playground", "playground", { ...SUPER_ONLY, icon: "code" }),
] as const satisfies readonly RouteDef[];

export const ROI_ROUTES = [
  route("/wizard/RoiWizard", "ROI Wizard", "RoiWizard", {
    ...SUPER_ONLY,
    icon: "roi",
    children: [route("/wizard/RoiWizard/$id", "ROI Wizard", "RoiWizardEdit", { ...SUPER_ONLY, icon: "roi" })],
  }),
  route("/wizard/RoiLayoutEditor/$id", "ROI Layout Editor", "RoiLayoutEditor", {
    ...SUPER_ONLY,
    icon: "roi",
  }),
  route("/report/RoiLayoutDisplay/$id", "ROI Report", "RoiLayoutDisplay", { ...SUPER_ONLY, icon: "roi" }),
] as const satisfies readonly RouteDef[];
