import { describe, expect, it } from "vitest";
import {
  type AccessSubject,
  DEFAULT_ROUTE_PATH,
  HOME_MODULE_ORDER,
  homeCandidates,
  type ModuleKey,
  type RouteDef,
  selectHomePage,
  SUPER_HOME_PATH,
} from "../../../server/access/mod.ts";
import { route } from "../../../server/access/routes/define.ts";
import { allBuilt, anonymous, BUILT, subject } from "./subjects.ts";

const homepage = (value: unknown): AccessSubject["userSettings"] => [{ settingType: "homepage", value }];
/** The producer portal is a producer tenant's (issue 44): a subject with the farmer module is one. */
const withModules = (modules: ModuleKey[], roleLevel?: AccessSubject["roleLevel"]) =>
  subject({
    modules,
    ...(roleLevel ? { roleLevel } : {}),
    ...(modules.includes("farmer") ? { tenantCategories: ["producer"] } : {}),
  });

/** Home page of each module in the real table. */
const MODULE_HOME: Record<string, string> = {
  farmer: "/producerportal",
  livestockReporting: "/home/livestockDashboard",
  yieldReporting: "/yield",
  stockyard: "/home/stockyard",
  buy: "/home/livestock",
  invoices: "/home/invoicemanager",
  processorSkinGrade: "/home/skingrade",
};

describe("home candidates", () => {
  it("are the visible routes that can be home pages", () => {
    const s = subject({ modules: ["stockyard", "invoices", "recipes"] });
    expect(homeCandidates(s, BUILT).map((r) => r.path).sort()).toEqual([
      "/home/invoicemanager",
      "/home/stockyard",
    ]);
  });

  it("leave out routes the subject cannot see", () => {
    expect(homeCandidates(subject(), BUILT).map((r) => r.path)).toEqual([]);
    expect(homeCandidates(subject({ roleLevel: "admin" }), BUILT).map((r) => r.path)).toEqual([]);
  });

  it("include the display home only for the display role", () => {
    expect(homeCandidates(subject({ roleLevel: "display" }), BUILT).map((r) => r.path)).toEqual(["/display"]);
    expect(homeCandidates(subject({ roleLevel: "user" }), BUILT).map((r) => r.path)).not.toContain(
      "/display",
    );
    expect(homeCandidates(subject({ roleLevel: "super" }), BUILT).map((r) => r.path)).not.toContain(
      "/display",
    );
  });

  it("include the tester home for testing roles and the super home for super", () => {
    expect(homeCandidates(subject({ roleLevel: "test" }), BUILT).map((r) => r.path)).toEqual(["/tester"]);
    expect(homeCandidates(subject({ roleLevel: "support" }), BUILT).map((r) => r.path)).toEqual(["/tester"]);
    expect(homeCandidates(subject({ roleLevel: "super" }), BUILT).map((r) => r.path).sort()).toEqual([
      "/super/home",
      "/tester",
    ]);
  });

  it("are empty without a role", () => {
    expect(homeCandidates(anonymous(), BUILT)).toEqual([]);
  });
});

describe("selectHomePage: spec 1 §2 order", () => {
  it("no role: the login page", () => {
    expect(selectHomePage(anonymous(), BUILT)).toBe("/login");
    expect(selectHomePage(subject({ roleLevel: "none", modules: ["stockyard"] }), BUILT)).toBe("/login");
  });

  it("no candidate: the default home", () => {
    expect(selectHomePage(subject(), BUILT)).toBe(DEFAULT_ROUTE_PATH);
    expect(selectHomePage(subject({ modules: ["killFloorCorrections", "mlaIntegration"] }), BUILT)).toBe(
      DEFAULT_ROUTE_PATH,
    );
    expect(selectHomePage(subject({ roleLevel: "demo" }), BUILT)).toBe(DEFAULT_ROUTE_PATH);
  });

  it("exactly one candidate: that one", () => {
    for (const [module, path] of Object.entries(MODULE_HOME)) {
      expect(selectHomePage(withModules([module as ModuleKey]), BUILT), module).toBe(path);
    }
    expect(selectHomePage(subject({ roleLevel: "test" }), BUILT)).toBe("/tester");
  });

  it("exactly one candidate wins even when it is late in the module order", () => {
    expect(selectHomePage(subject({ modules: ["processorSkinGrade", "killFloorCorrections"] }), BUILT)).toBe(
      "/home/skingrade",
    );
  });

  it("super role: the super home, whatever the modules", () => {
    expect(selectHomePage(subject({ roleLevel: "super" }), BUILT)).toBe(SUPER_HOME_PATH);
    expect(
      selectHomePage(
        subject({ roleLevel: "super", modules: ["farmer", "stockyard", "scheduleBuilder"] }),
        BUILT,
      ),
    ).toBe(
      "/super/home",
    );
  });

  it("test role: the tester home over module pages", () => {
    expect(selectHomePage(subject({ roleLevel: "test", modules: ["farmer", "stockyard"] }), BUILT)).toBe(
      "/tester",
    );
  });

  it("support role has no own home: module order applies", () => {
    expect(selectHomePage(subject({ roleLevel: "support", modules: ["stockyard"] }), BUILT)).toBe(
      "/home/stockyard",
    );
  });

  it("display role: the display home", () => {
    expect(selectHomePage(subject({ roleLevel: "display", modules: ["stockyard", "farmer"] }), BUILT)).toBe(
      "/display",
    );
  });

  it("otherwise the first module in the order farmer, livestock reporting, yield reporting, stockyard, buy, invoices, skin grade", () => {
    expect(HOME_MODULE_ORDER).toEqual([
      "farmer",
      "livestockReporting",
      "yieldReporting",
      "stockyard",
      "buy",
      "invoices",
      "processorSkinGrade",
    ]);
    // With the modules from position i onwards, the module at i wins.
    for (let i = 0; i < HOME_MODULE_ORDER.length - 1; i++) {
      const modules = HOME_MODULE_ORDER.slice(i);
      expect(
        selectHomePage(withModules([...modules].reverse() as ModuleKey[], "admin"), BUILT),
        modules[0],
      )
        .toBe(
          MODULE_HOME[modules[0]],
        );
    }
  });

  it("module order ignores candidates whose module is not in the list", () => {
    const s = subject({ roleLevel: "super", modules: ["scheduleBuilder"] });
    // super branch first; for a non-super table the order would skip scheduleBuilder
    expect(selectHomePage(s, BUILT)).toBe("/super/home");
    const table: RouteDef[] = [
      route("/p/schedule", "Schedule", "schedule", {
        modules: ["scheduleBuilder"],
        canBeHomePage: true,
        homeModule: "scheduleBuilder",
      }),
      route("/p/invoices", "Invoices", "inv", {
        modules: ["invoices"],
        canBeHomePage: true,
        homeModule: "invoices",
      }),
    ];
    expect(selectHomePage(subject({ modules: ["scheduleBuilder", "invoices"] }), allBuilt(table))).toBe(
      "/p/invoices",
    );
  });

  it("several candidates and no module in the order: the default home", () => {
    const table: RouteDef[] = [
      route("/p/one", "One", "one", { modules: ["recipes"], canBeHomePage: true, homeModule: "recipes" }),
      route("/p/two", "Two", "two", { modules: ["recipes"], canBeHomePage: true }),
    ];
    expect(selectHomePage(subject({ modules: ["recipes"] }), allBuilt(table))).toBe(DEFAULT_ROUTE_PATH);
  });
});

describe("selectHomePage: role homes on synthetic tables", () => {
  const table: RouteDef[] = [
    route("/t/super", "Super", "superHome", { roleValue: "super", canBeHomePage: true }),
    route("/t/tester", "Tester", "testerHome", { roleValue: "support", canBeHomePage: true }),
    route("/t/display", "Display", "displayHome", { roleValue: "display", canBeHomePage: true }),
    route("/t/wall", "Wall", "wall", { roleValue: "display", canBeHomePage: true, homeModule: "stockyard" }),
  ];

  it("display role with two candidates gets the display home", () => {
    expect(selectHomePage(subject({ roleLevel: "display" }), allBuilt(table))).toBe("/t/display");
  });

  it("test role with several candidates gets the tester home", () => {
    expect(selectHomePage(subject({ roleLevel: "test" }), allBuilt(table))).toBe("/t/tester");
  });

  it("a role whose own home is missing falls through to the module order", () => {
    const noDisplayHome = table.filter((r) => r.name !== "displayHome");
    expect(selectHomePage(subject({ roleLevel: "display" }), allBuilt(noDisplayHome))).toBe("/t/wall");
  });

  it("super gets the super home path even when the table lacks it", () => {
    const noSuperHome = table.filter((r) => r.name !== "superHome");
    expect(selectHomePage(subject({ roleLevel: "super" }), allBuilt(noSuperHome))).toBe(SUPER_HOME_PATH);
    expect(selectHomePage(subject({ roleLevel: "super" }), allBuilt(table))).toBe("/t/super");
  });
});

describe("selectHomePage: the user's chosen home page", () => {
  it("wins when the user can see it", () => {
    const s = subject({
      modules: ["farmer", "invoices"],
      userSettings: homepage({ module: "invoices", title: "Invoice Manager" }),
    });
    expect(selectHomePage(s, BUILT)).toBe("/home/invoicemanager");
  });

  it("wins over the super home and over a single candidate", () => {
    expect(
      selectHomePage(
        subject({
          roleLevel: "super",
          modules: ["stockyard"],
          userSettings: homepage({ module: "stockyard", title: "Stockyard" }),
        }),
        BUILT,
      ),
    ).toBe("/home/stockyard");
    expect(
      selectHomePage(
        subject({ modules: ["stockyard"], userSettings: homepage({ module: "userHome", title: "Home" }) }),
        BUILT,
      ),
    ).toBe(DEFAULT_ROUTE_PATH);
  });

  it("is ignored when the user cannot see it", () => {
    const s = subject({ modules: ["stockyard", "buy"], userSettings: homepage({ module: "farmer" }) });
    expect(selectHomePage(s, BUILT)).toBe("/home/stockyard");
    const notSuper = subject({
      roleLevel: "admin",
      modules: ["invoices"],
      userSettings: homepage({ module: "super" }),
    });
    expect(selectHomePage(notSuper, BUILT)).toBe("/home/invoicemanager");
    const notDisplay = subject({ modules: ["invoices"], userSettings: homepage({ module: "displayHome" }) });
    expect(selectHomePage(notDisplay, BUILT)).toBe("/home/invoicemanager");
  });

  it("can name a candidate by route name or, without a module, by title", () => {
    const base = { modules: ["stockyard", "invoices"] as ModuleKey[] };
    expect(selectHomePage(subject({ ...base, userSettings: homepage({ module: "invoicemanager" }) }), BUILT))
      .toBe(
        "/home/invoicemanager",
      );
    expect(selectHomePage(subject({ ...base, userSettings: homepage({ title: "invoice manager" }) }), BUILT))
      .toBe(
        "/home/invoicemanager",
      );
  });

  it("uses the title to pick between candidates of the same module", () => {
    const table: RouteDef[] = [
      route("/p/a", "Alpha", "alpha", { modules: ["buy"], canBeHomePage: true, homeModule: "buy" }),
      route("/p/b", "Beta", "beta", { modules: ["buy"], canBeHomePage: true, homeModule: "buy" }),
    ];
    const s = (title: string) =>
      subject({ modules: ["buy"], userSettings: homepage({ module: "buy", title }) });
    expect(selectHomePage(s("Beta"), allBuilt(table))).toBe("/p/b");
    expect(selectHomePage(s("Unknown"), allBuilt(table))).toBe("/p/a");
  });

  it("ignores malformed settings", () => {
    for (const value of [null, "stockyard", 3, {}, { module: "" }, { module: 7 }]) {
      const s = subject({ modules: ["stockyard", "invoices"], userSettings: homepage(value) });
      expect(selectHomePage(s, BUILT), JSON.stringify(value)).toBe("/home/stockyard");
    }
  });
});
