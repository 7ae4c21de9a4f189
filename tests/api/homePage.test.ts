/**
 * Choosing one's home page (spec 1 §2, §3 "homepage {module, title}") over real HTTP: the choice is kept
 * as the homepage setting, signing in lands on it, a page the user may not open is refused in words, and
 * once the page's module is gone the fallback order applies and the user is told once.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { jsonCalls, startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";
import { tenantModules, tenants, users, userSettings } from "../../db/control/schema.ts";
import { FLASH_COOKIE } from "../../server/http/cookies.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const { post } = jsonCalls(() => t, tokens);
let tenantId = 0;
/** where the user lands with no choice (the fallback order over what is built today) */
let usual = "";
const SAVE = "/api/user/UserUpdatesSingleSetting";
/** Saves the user's home page choice: the status (204 saved, no body). */
const choose = async (module: string) =>
  (await t.request(SAVE, {
    method: "POST",
    token: tokens.user,
    json: { settingType: "homepage", value: { module, title: "" } },
  }))
    .status;

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["admin", "user"]) tokens[who] = await t.login(`${who}@demo.processor`);
  [{ id: tenantId }] = await t.services.db.control.select({ id: tenants.id }).from(tenants)
    .where(eq(tenants.name, "Demo Processing"));
  usual = (await signIn("user@demo.processor")).location!;
});
afterAll(() => t.close());

/** Signs in through the plain form: where it lands, and the one-time message it leaves, if any. */
async function signIn(email: string) {
  const res = await t.request("/login", {
    method: "POST",
    body: new URLSearchParams({ email, password: TEST_PASSWORD }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const flash = /flash[^=]*=([^;]+)/.exec(
    res.headers.getSetCookie().find((c) => c.startsWith(FLASH_COOKIE)) ?? "",
  );
  return {
    location: res.headers.get("location"),
    told: flash && flash[1]
      ? JSON.parse(decodeURIComponent(decodeURIComponent(flash[1]))).message as string
      : null,
  };
}

async function storedHomePage(email: string) {
  const [u] = await t.services.db.control.select().from(users).where(eq(users.email, email));
  const row = await t.services.db.control.select().from(userSettings).where(and(
    eq(userSettings.userId, u.id),
    eq(userSettings.tenantId, tenantId),
    eq(userSettings.settingType, "homepage"),
  )).get();
  return row?.value;
}

describe("choosing a home page", () => {
  test("the Account page offers the pages the user may land on, the usual one first", async () => {
    const html = await (await t.request("/user/account", { token: tokens.user })).text();
    expect(html).toContain("Home page");
    expect(html).toMatch(/The usual page \(now [A-Z]/);
    expect(html).toContain("Stockyard");
    expect(html).not.toContain("superHome");
  });

  test("a chosen page is kept as {module, title} and signing in lands on it", async () => {
    expect(usual).not.toBe("/home/stockyard");
    expect(await choose("stockyard")).toBe(204);
    expect(await storedHomePage("user@demo.processor")).toEqual({ module: "stockyard", title: "Stockyard" });
    expect(await signIn("user@demo.processor")).toEqual({ location: "/home/stockyard", told: null });
  });

  test("a page the user may not open is refused in words, and nothing changes", async () => {
    for (const module of ["superHome", "displayHome", "noSuchPage"]) {
      const res = await post(SAVE, { settingType: "homepage", value: { module, title: "" } }, "user");
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ isValidation: true });
      expect(res.body.title).toEqual(expect.any(String));
      expect(JSON.stringify(res.body)).toContain("cannot be your home page");
    }
    const unshaped = await post(SAVE, { settingType: "homepage", value: { module: 7 } }, "user");
    expect(unshaped.status).toBe(400);
    expect(await storedHomePage("user@demo.processor")).toEqual({ module: "stockyard", title: "Stockyard" });
  });

  test("once its module is gone the usual page applies, and the user is told once", async () => {
    await t.services.db.control.update(tenantModules).set({ isEnabled: false })
      .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, "stockyard")));
    await t.services.callers.changed({ tenantIds: [tenantId] });
    try {
      const first = await signIn("user@demo.processor");
      expect(first.location).toBe(usual);
      expect(first.told).toContain("Your home page, Stockyard, is no longer available to you");
      expect(await storedHomePage("user@demo.processor")).toEqual({ module: "", title: "" });
      expect(await signIn("user@demo.processor")).toEqual({ location: usual, told: null });
    } finally {
      await t.services.db.control.update(tenantModules).set({ isEnabled: true })
        .where(and(eq(tenantModules.tenantId, tenantId), eq(tenantModules.module, "stockyard")));
      await t.services.callers.changed({ tenantIds: [tenantId] });
    }
  });

  test("the usual page again: the automatic choice clears it", async () => {
    expect(await choose("stockyard")).toBe(204);
    expect(await choose("automatic")).toBe(204);
    expect(await storedHomePage("user@demo.processor")).toEqual({ module: "", title: "" });
  });
});
