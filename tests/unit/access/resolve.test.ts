import { describe, expect, it } from "vitest";
import { findRouteByName, resolvePath } from "../../../server/access/mod.ts";
import { anonymous, BUILT, subject } from "./subjects.ts";
import { APP_ROUTES } from "../../../server/areas/mod.ts";

const stockyardUser = subject({ modules: ["stockyard", "buy"] });

describe("resolvePath: matching", () => {
  it("resolves a plain route", () => {
    const res = resolvePath(subject(), "/home/userHome", APP_ROUTES);
    expect(res).toEqual({ kind: "route", route: findRouteByName("userHome", APP_ROUTES), params: {} });
  });

  it("extracts params", () => {
    const res = resolvePath(stockyardUser, "/home/stockyard/orderedit/42", APP_ROUTES);
    expect(res).toEqual({
      kind: "route",
      route: findRouteByName("stockyardOrderEdit", APP_ROUTES),
      params: { id: "42" },
    });
    const split = resolvePath(stockyardUser, "/home/livestock/ordersplit/7/9", APP_ROUTES);
    expect(split).toMatchObject({ kind: "route", params: { livestockOrderGroupId: "7", orderId: "9" } });
  });

  it("matches literal segments case-insensitively and keeps param case", () => {
    const res = resolvePath(stockyardUser, "/HOME/StockYard/OrderEdit/AbC", APP_ROUTES);
    expect(res).toEqual({
      kind: "route",
      route: findRouteByName("stockyardOrderEdit", APP_ROUTES),
      params: { id: "AbC" },
    });
    expect(resolvePath(subject({ roleLevel: "admin" }), "/home/CLIENTUSERS", APP_ROUTES)).toMatchObject({
      kind: "route",
      route: { name: "clientusers" },
    });
  });

  it("ignores the query string, hash and trailing slash", () => {
    expect(resolvePath(subject({ roleLevel: "admin" }), "/home/clientusers/useredit/?id=5#top", APP_ROUTES))
      .toMatchObject({
        kind: "route",
        route: { name: "clientUserEdit" },
        params: {},
      });
  });

  it("decodes params", () => {
    expect(resolvePath(subject(), "/support/content/release%20notes", APP_ROUTES)).toMatchObject({
      kind: "route",
      params: { sectionKey: "release notes" },
    });
  });

  it("prefers literal segments over params", () => {
    expect(resolvePath(stockyardUser, "/home/livestock/buyer/new", APP_ROUTES)).toMatchObject({
      route: { name: "buyerNew" },
    });
    expect(resolvePath(stockyardUser, "/home/livestock/buyer/12", APP_ROUTES)).toMatchObject({
      route: { name: "buyer" },
      params: { id: "12" },
    });
    const settingsUser = subject({ modules: ["buySettings"] });
    expect(resolvePath(settingsUser, "/settings/newpricinggrid", APP_ROUTES)).toMatchObject({
      route: { name: "settingsNewPricingGrid" },
    });
    expect(resolvePath(settingsUser, "/settings/newpricinggrid/3", APP_ROUTES)).toMatchObject({
      route: { name: "settingsNewPricingGridFrom" },
      params: { id: "3" },
    });
  });

  it("handles optional params present or absent", () => {
    const yieldUser = subject({ modules: ["yieldReporting"] });
    expect(resolvePath(yieldUser, "/yield/custom", APP_ROUTES)).toMatchObject({
      route: { name: "yieldCustom" },
      params: {},
    });
    expect(resolvePath(yieldUser, "/yield/custom/8", APP_ROUTES)).toMatchObject({
      route: { name: "yieldCustom" },
      params: { id: "8" },
    });
    const invoiceUser = subject({ modules: ["invoiceSettings"] });
    const base = "/settings/invoicesettings/levies/1/2/3/2024-01-01";
    expect(resolvePath(invoiceUser, base, APP_ROUTES)).toMatchObject({
      route: { name: "settingsLevy" },
      params: { levyType: "1", tenantSiteId: "2", speciesCategoryType: "3", startDate: "2024-01-01" },
    });
    expect(resolvePath(invoiceUser, `${base}/Levy%20A/true`, APP_ROUTES)).toMatchObject({
      route: { name: "settingsLevy" },
      params: { description: "Levy A", isCopy: "true" },
    });
  });
});

describe("resolvePath: redirects", () => {
  it("unknown paths go to the default route", () => {
    expect(resolvePath(subject(), "/nowhere", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/home/userHome",
    });
    expect(resolvePath(subject(), "/home/stockyard/orderedit/1/extra", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/home/userHome",
    });
    expect(resolvePath(subject(), "/productionscheduling", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/home/userHome",
    });
  });

  it("unknown paths go to the login page without a role", () => {
    expect(resolvePath(anonymous(), "/nowhere", APP_ROUTES)).toEqual({ kind: "redirect", to: "/login" });
  });

  it("'/' and '/home' go to the subject's home page", () => {
    expect(resolvePath(stockyardUser, "/", BUILT)).toEqual({ kind: "redirect", to: "/home/stockyard" });
    expect(resolvePath(stockyardUser, "/", APP_ROUTES)).toEqual({ kind: "redirect", to: "/home/stockyard" });
    expect(resolvePath(subject({ modules: ["stockyard"] }), "/", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/home/stockyard",
    });
    // the invoice manager is built: an invoicing user starts there
    expect(resolvePath(subject({ modules: ["invoices"] }), "/", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/home/invoicemanager",
    });
    expect(resolvePath(subject({ roleLevel: "super" }), "/home/", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/super/home",
    });
    expect(resolvePath(subject(), "/HOME", APP_ROUTES)).toEqual({ kind: "redirect", to: "/home/userHome" });
    expect(resolvePath(anonymous(), "/", APP_ROUTES)).toEqual({ kind: "redirect", to: "/login" });
  });

  it("routes with redirectTo redirect, params filled in", () => {
    expect(resolvePath(subject({ roleLevel: "super" }), "/super", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/super/home",
    });
    expect(resolvePath(subject({ roleLevel: "super" }), "/home/RoiLayoutDisplay/77", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/report/RoiLayoutDisplay/77",
    });
  });

  it("non-public routes redirect to the login page without a role", () => {
    expect(resolvePath(anonymous(), "/home/stockyard", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/login",
    });
    expect(resolvePath(anonymous(), "/super", APP_ROUTES)).toEqual({ kind: "redirect", to: "/login" });
    expect(resolvePath(subject({ roleLevel: "none" }), "/user/account", APP_ROUTES)).toEqual({
      kind: "redirect",
      to: "/login",
    });
  });
});

describe("resolvePath: public routes and guards", () => {
  it("public routes resolve without a role", () => {
    expect(resolvePath(anonymous(), "/login", APP_ROUTES)).toMatchObject({
      kind: "route",
      route: { name: "login" },
    });
    expect(resolvePath(anonymous(), "/login/forgotpassword", APP_ROUTES)).toMatchObject({ kind: "route" });
    expect(resolvePath(anonymous(), "/register/handleinvite?token=abc", APP_ROUTES)).toMatchObject({
      kind: "route",
    });
    expect(resolvePath(anonymous(), "/oauthcallback?code=x", APP_ROUTES)).toMatchObject({ kind: "route" });
    expect(resolvePath(anonymous(), "/logout", APP_ROUTES)).toMatchObject({ kind: "route" });
    expect(resolvePath(anonymous(), "/user/required", APP_ROUTES)).toMatchObject({ kind: "route" });
  });

  it("routes the subject cannot see are forbidden", () => {
    expect(resolvePath(subject(), "/super/home", APP_ROUTES)).toEqual({
      kind: "forbidden",
      route: findRouteByName("superHome", APP_ROUTES),
    });
    expect(resolvePath(subject(), "/home/stockyard", APP_ROUTES)).toMatchObject({
      kind: "forbidden",
      route: { name: "stockyard" },
    });
    expect(resolvePath(subject({ roleLevel: "admin" }), "/tester", APP_ROUTES)).toMatchObject({
      kind: "forbidden",
    });
    expect(
      resolvePath(
        subject({ modules: ["livestock"], tenantCategories: ["producer"] }),
        "/home/killagenda",
        APP_ROUTES,
      ),
    )
      .toMatchObject({ kind: "forbidden" });
  });

  it("a child is forbidden when its parent is", () => {
    expect(resolvePath(subject(), "/home/stockyard/orderedit/1", APP_ROUTES)).toMatchObject({
      kind: "forbidden",
    });
    expect(resolvePath(subject({ modules: ["yieldReporting"] }), "/settings/yieldsettings", APP_ROUTES))
      .toMatchObject({
        kind: "forbidden",
      });
  });

  it("a redirect route redirects before the target is checked", () => {
    // /super redirects even for a user; the target is then forbidden on its own request.
    expect(resolvePath(subject(), "/super", APP_ROUTES)).toEqual({ kind: "redirect", to: "/super/home" });
    expect(resolvePath(subject(), "/super/home", APP_ROUTES)).toMatchObject({ kind: "forbidden" });
  });
});
