import { route, type RouteDef, SUPER_ONLY, TESTER_ONLY } from "./define.ts";

/**
 * Home routes (spec 1 §2 "Home routes"). Kill agenda pages have no module of
 * their own in the spec; they are gated by the livestock module plus the
 * processor tenant category and user role the spec requires.
 */
const KILL_AGENDA = { modules: ["livestock"], tenantCategory: "processor" } as const;

export const HOME_ROUTES = [
  // The default home: any signed-in user can see it, so the home fallback never lands on a 403.
  route("/home/userHome", "Home", "userHome", { roleValue: "none", icon: "home" }),

  route("/home/killagenda", "Kill Agenda", "killagenda", {
    ...KILL_AGENDA,
    icon: "agenda",
    inHomeMenu: true,
    children: [route("/home/killagenda/$focusDay", "Kill Agenda", "killagendaFocusDay", { icon: "agenda" })],
  }),

  route("/home/stockyard", "Stockyard", "stockyard", {
    modules: ["stockyard"],
    icon: "stockyard",
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "stockyard",
    children: [
      route("/home/stockyard/orderedit/$id", "Edit Order", "stockyardOrderEdit", {
        icon: "order",
        search: ["pen", "mob"],
      }),
      route("/home/stockyard/deliveryedit/$id", "Edit Delivery", "stockyardDeliveryEdit", {
        icon: "delivery",
        search: ["updateQuantity", "singleTab"],
      }),
      route("/home/stockyard/reservepens/$id", "Reserve Pens", "stockyardReservePens", { icon: "pen" }),
      route("/home/stockyard/killagenda", "Kill Agenda", "stockyardKillagenda", {
        ...KILL_AGENDA,
        icon: "agenda",
      }),
    ],
  }),
  route("/home/stockyardOverview", "Stockyard Overview", "stockyardOverview", {
    modules: ["stockyard"],
    icon: "stockyard",
    inHomeMenu: true,
  }),
  route("/home/stocklocations", "Stock Locations", "stocklocations", {
    modules: ["stockyard"],
    icon: "location",
    inHomeMenu: true,
  }),

  // Dashboards
  route("/home/processoverview", "Process Overview", "processoverview", {
    modules: ["livestockReporting"],
    icon: "dashboard",
    inHomeMenu: true,
    nestedMenu: "Dashboards",
  }),
  route("/home/livestockDashboard", "Livestock Dashboard", "livestockDashboard", {
    modules: ["livestockReporting"],
    icon: "dashboard",
    inHomeMenu: true,
    nestedMenu: "Dashboards",
    canBeHomePage: true,
    homeModule: "livestockReporting",
  }),
  route("/home/livestockSiteSummaryDashboard", "Site Summary", "livestockSiteSummaryDashboard", {
    modules: ["livestockReporting"],
    icon: "dashboard",
    inHomeMenu: true,
    nestedMenu: "Dashboards",
  }),
  route("/home/livestockRegionalSummary", "Regional Summary", "livestockRegionalSummary", {
    modules: ["livestockReporting"],
    featureFlag: "regionalLivestockDashboardMenu",
    icon: "dashboard",
    inHomeMenu: true,
    nestedMenu: "Dashboards",
  }),
  route("/home/RoiAnalysisMenu", "ROI Analysis", "RoiAnalysisMenu", {
    ...SUPER_ONLY,
    featureFlag: "roiAnalysisMenu",
    icon: "roi",
    inHomeMenu: true,
    nestedMenu: "Dashboards",
  }),

  route("/home/invoicemanager", "Invoice Manager", "invoicemanager", {
    modules: ["invoices"],
    icon: "invoice",
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "invoices",
    children: [
      route("/home/invoicemanager/edit/$id", "Edit Invoice", "invoiceEdit", { icon: "invoice" }),
      route("/home/invoicemanager/payments", "Payments", "invoicePayments", { icon: "invoice" }),
    ],
  }),
  route("/home/skingrade", "Skin Grade", "skingrade", {
    modules: ["processorSkinGrade"],
    icon: "skin",
    inHomeMenu: true,
    canBeHomePage: true,
    homeModule: "processorSkinGrade",
  }),

  // Reports
  route(
    "/home/killagendacontrolleddocument",
    "Kill Agenda Controlled Document",
    "killagendacontrolleddocument",
    {
      ...KILL_AGENDA,
      icon: "report",
      inHomeMenu: true,
      nestedMenu: "Reports",
    },
  ),
  route("/home/killagendareport", "Kill Agenda Report", "killagendareport", {
    ...KILL_AGENDA,
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/orderreporting", "Order Report", "orderreporting", {
    modules: ["orderReporting"],
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/invoicereporting", "Invoice Report", "invoicereporting", {
    modules: ["invoices"],
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/feedBackSheets", "Feedback Sheets", "feedBackSheets", {
    modules: ["invoices"],
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/levyreporting", "Levy Report", "levyreporting", {
    modules: ["invoices"],
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/hidereporting", "Hide Report", "hidereporting", {
    modules: ["processorSkinGrade"],
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),
  route("/home/scheduledProductsReport", "Scheduled Products Report", "scheduledProductsReport", {
    ...SUPER_ONLY,
    icon: "report",
    inHomeMenu: true,
    nestedMenu: "Reports",
  }),

  // Admin-level and utility pages
  // the kill floor's carcass data: a processor's (a producer tenant has no kill floor; issue 36 §9)
  route("/home/dataupload", "Data Upload", "dataupload", {
    roleValue: "admin",
    tenantCategory: "processor",
    icon: "upload",
    inHomeMenu: true,
    menuGroup: "admin",
  }),
  route("/home/locationinfo", "Location Info", "locationinfo", {
    ...SUPER_ONLY,
    icon: "location",
    inHomeMenu: true,
    menuGroup: "admin",
    search: ["tab"],
  }),
  route("/home/test", "Test", "test", {
    ...TESTER_ONLY,
    modules: ["tester"],
    allowSuper: true,
    icon: "test",
    inHomeMenu: true,
    menuGroup: "admin",
  }),
  route("/home/clientusers", "Users", "clientusers", {
    roleValue: "admin",
    icon: "users",
    inHomeMenu: true,
    menuGroup: "admin",
    children: [
      route("/home/clientusers/useredit", "Edit User", "clientUserEdit", {
        roleValue: "admin",
        icon: "user",
        search: ["id"],
      }),
      route("/home/clientusers/usernew", "New User", "clientUserNew", {
        roleValue: "admin",
        icon: "user",
      }),
      // ours (issue 19 §1): the spec names only register/GenerateInviteLink
      route("/home/clientusers/invite", "Invite User", "clientUserInvite", {
        roleValue: "admin",
        icon: "user",
      }),
    ],
  }),
  // Add/edit pages under both lists are ours (the spec names only the lists); see docs/decisions.md.
  route("/home/suppliers", "Suppliers", "suppliers", {
    roleValue: "admin",
    tenantCategory: "producer",
    icon: "supplier",
    inHomeMenu: true,
    menuGroup: "admin",
    search: ["q"],
    children: [
      route("/home/suppliers/new", "New Supplier", "producerSupplierNew", {
        roleValue: "admin",
        icon: "supplier",
      }),
      route("/home/suppliers/$id", "Supplier", "producerSupplier", {
        roleValue: "admin",
        icon: "supplier",
      }),
    ],
  }),
  route("/home/buyers", "Buyers", "buyers", {
    roleValue: "admin",
    tenantCategory: "producer",
    icon: "buyer",
    inHomeMenu: true,
    menuGroup: "admin",
    search: ["q"],
    children: [
      route("/home/buyers/new", "New Buyer", "producerBuyerNew", {
        roleValue: "admin",
        icon: "buyer",
      }),
      route("/home/buyers/$id", "Buyer", "producerBuyer", { roleValue: "admin", icon: "buyer" }),
    ],
  }),
  route("/home/support", "Support", "support", { icon: "help", inHomeMenu: true }),
  route("/home/notifications", "Notifications", "notifications", { icon: "bell" }),
  // ours (the spec shows no search): the header's Find, over what the areas offer (docs/decisions.md
  // "Find"): for a plant that buys livestock or pays for it, whose records it finds
  route("/home/find", "Find", "find", {
    icon: "search",
    tenantCategory: "processor",
    modules: ["buy", "invoices"],
    search: ["q"],
  }),
  // The ROI report display lives under /report (spec 3 §2.3); the /home spelling of spec 1 forwards there.
  route("/home/RoiLayoutDisplay/$id", "ROI Report", "homeRoiLayoutDisplay", {
    ...SUPER_ONLY,
    icon: "roi",
    redirectTo: "/report/RoiLayoutDisplay/$id",
  }),
] as const satisfies readonly RouteDef[];
