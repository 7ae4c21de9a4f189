import { describe, expect, it } from "vitest";
import {
  type AccessSubject,
  allRoutes,
  buildSideMenu,
  canSeeRoute,
  type MenuItem,
  type RouteDef,
  selectHomePage,
} from "../../../server/access/mod.ts";
import { route } from "../../../server/access/routes/define.ts";
import { allBuilt, anonymous, subject } from "./subjects.ts";
import { APP_ROUTES } from "../../../server/areas/mod.ts";

const shown = { inHomeMenu: true, built: true } as const;

/** A small table exercising every menu rule. */
const TABLE: RouteDef[] = [
  route("/home/userHome", "Home", "userHome", { roleValue: "none", built: true }),
  route("/m/admin1", "Admin One", "admin1", { ...shown, roleValue: "admin", menuGroup: "admin" }),
  route("/m/plain1", "Plain One", "plain1", { ...shown, icon: "one" }),
  route("/m/report1", "Report One", "report1", { ...shown, nestedMenu: "Reports" }),
  route("/m/dash1", "Dash One", "dash1", { ...shown, nestedMenu: "Dashboards", modules: ["stockyard"] }),
  route("/m/unbuilt", "Unbuilt", "unbuilt", { inHomeMenu: true, built: false }),
  route("/m/hidden", "Not In Menu", "hidden", { built: true }),
  route("/m/custom1", "Custom One", "custom1", { ...shown, nestedMenu: "Custom" }),
  route("/m/dash2", "Dash Two", "dash2", { ...shown, nestedMenu: "Dashboards" }),
  route("/m/plain2", "Plain Two", "plain2", {
    ...shown,
    children: [route("/m/plain2/child", "Child", "plain2child", { ...shown })],
  }),
  route("/m/lonely", "Lonely Unbuilt", "lonely", {
    inHomeMenu: true,
    built: false,
    nestedMenu: "Scheduling",
  }),
  route("/m/secret", "Super Report", "secret", { ...shown, roleValue: "super", nestedMenu: "Yield Reports" }),
  route("/m/admin2", "Admin Two", "admin2", { ...shown, roleValue: "admin", menuGroup: "admin" }),
  route("/m/home", "Stockyard", "stockyardHome", {
    modules: ["stockyard"],
    canBeHomePage: true,
    homeModule: "stockyard",
  }),
];

const names = (items: MenuItem[]) => items.map((i) => i.name);

describe("buildSideMenu: grouping and order", () => {
  it("home first, then ordinary, nested (known menus in fixed order, others after), then admin", () => {
    const menu = buildSideMenu(subject({ roleLevel: "admin" }), TABLE);
    expect(names(menu)).toEqual([
      "home",
      "plain1",
      "plain2",
      "plain2child",
      "Dashboards",
      "Reports",
      "Custom",
      "admin1",
      "admin2",
    ]);
  });

  it("nested menus hold their visible children in table order and link to the first", () => {
    const menu = buildSideMenu(subject({ roleLevel: "admin", modules: ["stockyard"] }), TABLE);
    const dashboards = menu.find((i) => i.name === "Dashboards")!;
    expect(dashboards).toEqual({
      name: "Dashboards",
      title: "Dashboards",
      path: "/m/dash1",
      icon: "dashboard",
      children: [
        { name: "dash1", title: "Dash One", path: "/m/dash1", icon: "page" },
        { name: "dash2", title: "Dash Two", path: "/m/dash2", icon: "page" },
      ],
    });
    expect(menu.find((i) => i.name === "Custom")).toMatchObject({ title: "Custom", icon: "folder" });
  });

  it("items carry name, title, path and icon", () => {
    const menu = buildSideMenu(subject(), TABLE);
    expect(menu.find((i) => i.name === "plain1")).toEqual({
      name: "plain1",
      title: "Plain One",
      path: "/m/plain1",
      icon: "one",
    });
  });
});

describe("buildSideMenu: what is left out", () => {
  const everything = buildSideMenu(subject({ roleLevel: "admin" }), TABLE).flatMap((i) => [
    i.name,
    ...(i.children ?? []).map((c) => c.name),
  ]);

  it("unbuilt screens are not linked", () => {
    expect(everything).not.toContain("unbuilt");
  });

  it("items not flagged for the home menu are left out", () => {
    expect(everything).not.toContain("hidden");
    expect(everything).not.toContain("userHome");
    expect(everything).not.toContain("stockyardHome");
  });

  it("a nested menu with only an unbuilt child is dropped", () => {
    expect(everything).not.toContain("Scheduling");
  });

  it("a nested menu with only invisible children is dropped", () => {
    expect(everything).not.toContain("Yield Reports");
    const superMenu = buildSideMenu(subject({ roleLevel: "super" }), TABLE);
    expect(names(superMenu)).toContain("Yield Reports");
  });

  it("items the subject cannot see are left out", () => {
    const userMenu = buildSideMenu(subject({ roleLevel: "user" }), TABLE);
    expect(names(userMenu)).not.toContain("admin1");
    expect(names(userMenu)).not.toContain("admin2");
    expect(userMenu.find((i) => i.name === "Dashboards")?.children?.map((c) => c.name)).toEqual(["dash2"]);
  });

  it("no role: an empty menu", () => {
    expect(buildSideMenu(anonymous(), TABLE)).toEqual([]);
    expect(buildSideMenu(subject({ roleLevel: "none" }), APP_ROUTES)).toEqual([]);
  });
});

describe("buildSideMenu: home button", () => {
  it("links to the selected home page", () => {
    const s = subject({ modules: ["stockyard"] });
    expect(buildSideMenu(s, allBuilt(TABLE))[0]).toEqual({
      name: "home",
      title: "Home",
      path: "/m/home",
      icon: "home",
    });
    expect(buildSideMenu(subject(), TABLE)[0].path).toBe("/home/userHome");
  });
});

describe("buildSideMenu on the app's table", () => {
  it("a stockyard and buying user's home is the live yard (stockyard comes before buy in the home order)", () => {
    expect(buildSideMenu(subject({ modules: ["stockyard", "buy", "invoices", "buySettings"] }), APP_ROUTES))
      .toEqual([
        { name: "home", title: "Home", path: "/home/stockyard", icon: "home" },
        { name: "stockyard", title: "Stockyard", path: "/home/stockyard", icon: "stockyard" },
        {
          name: "stockyardOverview",
          title: "Stockyard Overview",
          path: "/home/stockyardOverview",
          icon: "stockyard",
        },
        { name: "stocklocations", title: "Stock Locations", path: "/home/stocklocations", icon: "location" },
        { name: "invoicemanager", title: "Invoice Manager", path: "/home/invoicemanager", icon: "invoice" },
        { name: "support", title: "Support", path: "/home/support", icon: "help" },
        { name: "livestock", title: "Livestock Orders", path: "/home/livestock", icon: "livestock" },
        { name: "displayHome", title: "Display", path: "/display", icon: "display" },
        {
          name: "Reports",
          title: "Reports",
          path: "/home/invoicereporting",
          icon: "report",
          children: [
            {
              name: "invoicereporting",
              title: "Invoice Report",
              path: "/home/invoicereporting",
              icon: "report",
            },
            {
              name: "feedBackSheets",
              title: "Feedback Sheets",
              path: "/home/feedBackSheets",
              icon: "report",
            },
            { name: "levyreporting", title: "Levy Report", path: "/home/levyreporting", icon: "report" },
          ],
        },
        // buySettings opens the settings menu (spec 2 §2.2)
        { name: "settings", title: "Settings", path: "/settings", icon: "settings" },
      ]);
  });

  it("a buying user without the stockyard module starts on the livestock orders page", () => {
    expect(buildSideMenu(subject({ modules: ["buy", "invoices"] }), APP_ROUTES)[0].path).toBe(
      "/home/livestock",
    );
  });

  it("an admin also gets the users page", () => {
    expect(names(buildSideMenu(subject({ roleLevel: "admin" }), APP_ROUTES))).toEqual([
      "home",
      "support",
      "displayHome",
      "dataupload",
      "clientusers",
    ]);
  });

  it("a super gets users and the super home, and the home button goes to the super home", () => {
    const menu = buildSideMenu(subject({ roleLevel: "super" }), APP_ROUTES);
    expect(names(menu)).toEqual([
      "home",
      "support",
      "displayHome",
      "Reports", // the Scheduled Products Report (super only, issue 41)
      "dataupload",
      "locationinfo",
      "test", // the testing home (issue 43)
      "clientusers",
      "settings",
      "superHome",
      "testerHome",
    ]);
    expect(menu[0].path).toBe("/super/home");
  });

  it("never links an unbuilt or invisible route, for any subject", () => {
    const subjects: AccessSubject[] = [
      subject({ roleLevel: "super", modules: ["stockyard", "livestock", "yieldReporting", "buySettings"] }),
      subject({ roleLevel: "admin", tenantCategories: ["producer"], modules: ["farmer"] }),
      subject({ roleLevel: "test", modules: ["tester"] }),
      subject({ roleLevel: "display" }),
    ];
    const byPath = new Map(allRoutes(APP_ROUTES).map((r) => [r.path, r]));
    for (const s of subjects) {
      const items = buildSideMenu(s, APP_ROUTES).flatMap((i) => (i.children ? i.children : [i])).slice(1);
      for (const item of items) {
        const r = byPath.get(item.path)!;
        expect(r.built && r.inHomeMenu, item.path).toBe(true);
      }
      expect(buildSideMenu(s, APP_ROUTES)[0].path).toBe(selectHomePage(s, APP_ROUTES));
    }
  });
});

describe("a login module group the tenant switched off (Settings › Login modules)", () => {
  const TABLE_BY_GROUP: RouteDef[] = [
    route("/home/userHome", "Home", "userHome", { roleValue: "none", built: true }),
    route("/g/yard", "Yard", "yard", { ...shown, modules: ["stockyard"] }),
    route("/g/report", "Order Report", "orderReport", {
      ...shown,
      nestedMenu: "Reports",
      modules: ["orderReporting"],
    }),
    route("/g/either", "Either", "either", { ...shown, modules: ["orderReporting", "stockyard"] }),
    route("/g/yield", "Yield", "yieldPage", { ...shown, modules: ["yieldReporting"], allowSuper: true }),
  ];
  const modules = ["stockyard", "orderReporting", "yieldReporting"] as const;
  const menuOf = (s: AccessSubject) =>
    buildSideMenu(s, TABLE_BY_GROUP).flatMap((i) => (i.children ? i.children : [i])).map((i) => i.name);

  it("its items vanish from the menu and its pages close; other groups' items stay", () => {
    const off = subject({ roleLevel: "admin", modules: [...modules], disabledModuleGroups: ["Reports"] });
    expect(menuOf(off)).toEqual(["home", "yard", "either", "yieldPage"]);
    expect(canSeeRoute(off, TABLE_BY_GROUP[2], TABLE_BY_GROUP)).toBe(false);
    // a page any of whose modules is still open stays open
    expect(canSeeRoute(off, TABLE_BY_GROUP[3], TABLE_BY_GROUP)).toBe(true);
    const on = subject({ roleLevel: "admin", modules: [...modules] });
    expect(menuOf(on)).toContain("orderReport");
  });

  it("a super user still sees the switched-off groups", () => {
    const superOff = subject({
      roleLevel: "super",
      modules: [...modules],
      disabledModuleGroups: ["Reports", "Yield"],
    });
    expect(menuOf(superOff)).toContain("orderReport");
    expect(menuOf(superOff)).toContain("yieldPage");
  });
});
