import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/control/schema.ts";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(() => t.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  t.request("/login/login", { method: "POST", json: { email, password, ...extra } });

function expectCatalogue(body: Record<string, unknown>, title: string, isValidation = false) {
  expect(body.title).toBe(title);
  expect(typeof body.message).toBe("string");
  expect(body.isValidation).toBe(isValidation);
}

describe("login/login", () => {
  it("answers the user model with a token and sets an HttpOnly SameSite cookie", async () => {
    const res = await login("Admin@Demo.Processor", TEST_PASSWORD, { localLoginDate: "2026-11-21" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // its life counted from the server's (pinned) now, not a date the browser reads on its own clock
    expect(cookie).toMatch(new RegExp(`Max-Age=${12 * 3600}(;|$)`));
    expect(cookie).not.toMatch(/Expires=/);
    const user = await res.json();
    expect(user).toMatchObject({
      email: "admin@demo.processor",
      roleLevel: "admin",
      tenantName: "Demo Processing",
      isPasswordUpdated: true,
    });
    expect(user.token).toMatch(/^[a-z0-9]+\.[a-z0-9]+$/);
    expect(user.modules.map((m: { name: string }) => m.name)).toContain("stockyard");
    expect(user.tenantSites).toHaveLength(2);
    expect(user.tenantCategories).toEqual(["processor"]);
    expect(user.species.map((s: { name: string }) => s.name)).toEqual(["Sheep", "Beef", "Pig"]);
    expect(
      user.userSettings.find((s: { settingType: string }) => s.settingType === "admin").value
        .hasSupplierAdminPermission,
    ).toBe(true);
    expect(user.crossTenantClaims).toEqual([{
      tenantId: user.tenantId,
      tenantName: "Demo Processing",
      roleLevel: "admin",
    }]);
    const ends = new Date(user.sessionEndsAt).getTime() - plantNoon().getTime();
    expect(ends).toBeGreaterThan(11.9 * 3600_000);
    expect(ends).toBeLessThanOrEqual(12 * 3600_000);
  });

  it("keeps a keep-logged-in session beyond the 12 hour automatic logout", async () => {
    const user = await (await login("user@demo.processor", TEST_PASSWORD, { isKeepLoggedIn: true })).json();
    expect(new Date(user.sessionEndsAt).getTime() - plantNoon().getTime()).toBeGreaterThan(29 * 86400_000);
    expect(user.isKeepLoggedIn).toBe(true);
  });

  it("refuses a wrong password and an unknown email alike with 401", async () => {
    const a = await login("support@demo.processor", "wrong-password");
    const b = await login("nobody@demo.processor", "wrong-password");
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    const [bodyA, bodyB] = [await a.json(), await b.json()];
    expectCatalogue(bodyA, "Unauthenticated");
    expect(bodyA.message).toBe(bodyB.message);
  });

  it("answers invalid input with a validation 400 naming the fields", async () => {
    const res = await t.request("/login/login", { method: "POST", json: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expectCatalogue(body, "Bad Request", true);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
  });

  it("answers malformed JSON with a 400 in the catalogue shape", async () => {
    const res = await t.request("/login/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expectCatalogue(await res.json(), "Bad Request", true);
  });

  it("slows failed sign-ins per account and address, even with the right password next", async () => {
    const limiter = t.services.auth.limiter;
    const now = Date.now(); // the limiter measures real elapsed time (not a stamp): here it stands still
    limiter.clock = () => now; // no time passes: the wait below is exact
    try {
      for (let i = 0; i < 3; i++) {
        expect((await login("test@demo.processor", "wrong-password")).status).toBe(401);
      }
      const blocked = await login("test@demo.processor", TEST_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toBe("1");
      expectCatalogue(await blocked.json(), "Too Many Requests");
      // another account from the same address is not held up
      expect((await login("display@demo.processor", TEST_PASSWORD)).status).toBe(200);
    } finally {
      limiter.clock = () => Date.now();
    }
  });

  it("matches the documented paths case-insensitively and answers a wrong method with 405", async () => {
    const token = await t.login("user@demo.processor");
    expect((await t.request("/LOGIN/UserModel", { token })).status).toBe(200);
    expect((await t.request("/login/usermodelwithoutdata", { token })).status).toBe(200);
    const res = await t.request("/login/login", { method: "GET" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect((await res.json()).title).toBe("Method Not Allowed");
  });

  it("answers a bad local-date header with a validation 400", async () => {
    const token = await t.login("user@demo.processor");
    const res = await t.request("/login/usermodel", { token, headers: { "X-Local-Date": "21/11/2026" } });
    expect(res.status).toBe(400);
    expectCatalogue(await res.json(), "Bad Request", true);
  });
});

describe("tokens", () => {
  it("needs a token: none, garbage or a forged secret is 401", async () => {
    const token = await t.login("user@demo.processor");
    for (const bad of [undefined, "garbage", token.split(".")[0] + ".forgedsecret"]) {
      const res = await t.request("/login/usermodel", { token: bad });
      expect(res.status).toBe(401);
      expectCatalogue(await res.json(), "Unauthenticated");
    }
  });

  it("UserModelWithoutData leaves out modules and settings", async () => {
    const token = await t.login("user@demo.processor");
    const body = await (await t.request("/login/UserModelWithoutData", { token })).json();
    expect(body.email).toBe("user@demo.processor");
    expect(body.modules).toBeUndefined();
    expect(body.userSettings).toBeUndefined();
  });

  it("refreshes to a new token; the old one ends after a short grace", async () => {
    const token = await t.login("user@demo.processor");
    const res = await t.request("/login/refreshtoken", { token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).not.toBe(token);
    expect((await t.request("/login/usermodel", { token: body.token })).status).toBe(200);
    const old = await t.services.db.control.query.sessions.findFirst({
      where: eq(sessions.id, token.split(".")[0]),
    });
    expect(old!.expiresAt.getTime() - plantNoon().getTime()).toBeLessThanOrEqual(30_000);
  });

  it("an expired token is refused", async () => {
    const token = await t.login("user@demo.processor");
    await t.services.db.control.update(sessions).set({ expiresAt: new Date(plantNoon().getTime() - 1000) })
      .where(eq(sessions.id, token.split(".")[0]));
    expect((await t.request("/login/usermodel", { token })).status).toBe(401);
  });

  it("a refresh after the automatic logout time is refused with 'logged out'", async () => {
    const token = await t.login("user@demo.processor");
    await t.services.db.control.update(sessions).set({
      absoluteExpiresAt: new Date(plantNoon().getTime() - 1000),
    })
      .where(eq(sessions.id, token.split(".")[0]));
    const res = await t.request("/login/refreshtoken", { token });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("logged out");
  });

  it("logout ends the session", async () => {
    const token = await t.login("user@demo.processor");
    expect((await t.request("/login/logout", { method: "POST", token })).status).toBe(204);
    expect((await t.request("/login/usermodel", { token })).status).toBe(401);
  });

  it("a cookie-authenticated write from another site is refused", async () => {
    const token = await t.login("user@demo.processor");
    const res = await t.request("/api/user/UpdateUserDetails", {
      method: "POST",
      headers: { cookie: `session=${token}`, origin: "https://evil.example" },
      json: { firstName: "X", lastName: "Y" },
    });
    expect(res.status).toBe(403);
  });
});

describe("login/ImpersonateTenant", () => {
  it("lets a super user work in another tenant with the super role", async () => {
    const token = await t.login("super@demo.processor");
    const farm = await t.services.db.control.query.tenants.findFirst({
      where: (x, { eq }) => eq(x.name, "Demo Farm"),
    });
    const res = await t.request(`/login/ImpersonateTenant/?tenantId=${farm!.id}&localLoginDate=2026-11-21`, {
      token,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      tenantName: "Demo Farm",
      roleLevel: "super",
      isImpersonating: true,
      tenantCategories: ["producer"],
    });
    expect((await t.request("/login/usermodel", { token })).status).toBe(401); // the old session ended
    expect((await (await t.request("/login/usermodel", { token: body.token })).json()).tenantName).toBe(
      "Demo Farm",
    );
  });

  it("refuses everyone else with 403, and bad input with 400", async () => {
    const admin = await t.login("admin@demo.processor");
    const res = await t.request("/login/ImpersonateTenant?tenantId=2", { token: admin });
    expect(res.status).toBe(403);
    expectCatalogue(await res.json(), "Unauthorised");
    const superToken = await t.login("super@demo.processor");
    expect((await t.request("/login/ImpersonateTenant?tenantId=abc", { token: superToken })).status).toBe(
      400,
    );
    expect((await t.request("/login/ImpersonateTenant?tenantId=9999", { token: superToken })).status).toBe(
      404,
    );
  });
});
