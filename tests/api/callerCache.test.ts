/**
 * The session and the caller are kept in memory: a warm signed-in request reads nothing from the
 * control database, and every change to who the caller is shows on the very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { sessions, tenants } from "../../db/control/schema.ts";
import { setTenantModules } from "../../server/tenants.ts";

let t: TestApp;
let processorId: number;
beforeAll(async () => {
  t = await startTestApp();
  processorId = (await t.services.db.control.query.tenants.findFirst({
    where: eq(tenants.name, "Demo Processing"),
  }))!.id;
});
afterAll(() => t.close());

const post = (path: string, token: string, json: unknown) => t.request(path, { method: "POST", token, json });
const model = async (token: string) => {
  const res = await t.request("/login/usermodel", { token });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
};
/** control-database statements run by one request */
async function queriesOf(request: () => Promise<Response>) {
  const before = t.services.db.controlQueries;
  const res = await request();
  await res.body?.cancel();
  return { status: res.status, queries: t.services.db.controlQueries - before };
}

let n = 0;
/**
 * A new user of the processor, signed in (on the temporary password: the user model is allowed). The super
 * user adds them: an admin's Add user sends an invitation instead (issue 35 §7).
 */
async function newUser(_admin: string, roleLevel = "user") {
  const email = `cached.${++n}@demo.processor`;
  const res = await post("/api/user/UpsertTenantUser", await t.login("super@demo.processor"), {
    email,
    firstName: "Cached",
    lastName: String(n),
    roleLevel,
  });
  expect(res.status).toBe(200);
  const dto = await res.json();
  const token = await t.login(email, dto.temporaryPassword);
  expect((await model(token)).status).toBe(200); // now in memory
  return { dto, token, email, password: dto.temporaryPassword as string };
}

describe("cost of a signed-in request", () => {
  it("a warm bearer request reads nothing from the control database", async () => {
    const token = await t.login("admin@demo.processor");
    const first = await queriesOf(() => t.request("/login/usermodel", { token }));
    expect(first.status).toBe(200);
    expect(first.queries).toBeGreaterThan(0); // the session row (the sign-in already loaded the caller)
    for (let i = 0; i < 3; i++) {
      expect(await queriesOf(() => t.request("/login/usermodel", { token }))).toEqual({
        status: 200,
        queries: 0,
      });
    }
  });

  it("a warm page request with the session cookie reads at most one statement", async () => {
    const token = await t.login("admin@demo.processor");
    const page = () => t.request("/home/userHome", { headers: { cookie: `session=${token}` } });
    expect((await queriesOf(page)).status).toBe(200);
    const warm = await queriesOf(page);
    expect(warm.status).toBe(200);
    expect(warm.queries).toBeLessThanOrEqual(1);
  });

  it("a cookie session slides with one read and one write per half token life, not per request", async () => {
    const token = await t.login("user@demo.processor");
    const id = token.split(".")[0];
    const page = () => t.request("/login/usermodel", { headers: { cookie: `session=${token}` } });
    // as if 40 of its 60 minutes had passed, and this instance's memory of it had timed out
    const soon = new Date(plantNoon().getTime() + 20 * 60_000);
    await t.services.db.control.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));
    t.services.sessions.forget([id]);
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^session=/);
    await res.body?.cancel();
    const row = await t.services.db.control.query.sessions.findFirst({ where: eq(sessions.id, id) });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(plantNoon().getTime() + 55 * 60_000);
    expect(await queriesOf(page)).toEqual({ status: 200, queries: 0 });
  });

  it("a session another instance extended is honoured although this one kept the old expiry", async () => {
    const token = await t.login("user@demo.processor");
    const id = token.split(".")[0];
    const kept = (await t.services.sessions.validate(token))!;
    const later = new Date(kept.expiresAt.getTime() + 5 * 60_000);
    await t.services.db.control.update(sessions).set({ expiresAt: later }).where(eq(sessions.id, id));
    const atOldEnd = new Date(kept.expiresAt.getTime() + 1000);
    expect((await t.services.sessions.validate(token, atOldEnd))?.expiresAt).toEqual(later);
  });
});

describe("a change is seen by the next request", () => {
  it("sign-out", async () => {
    const token = await t.login("user@demo.processor");
    expect((await model(token)).status).toBe(200);
    expect((await t.request("/login/logout", { method: "POST", token })).status).toBe(204);
    expect((await model(token)).status).toBe(401);
  });

  it("password change: the other sessions end, this one sees the new account state", async () => {
    const admin = await t.login("admin@demo.processor");
    const u = await newUser(admin);
    const other = await t.login(u.email, u.password);
    expect((await model(other)).status).toBe(200);
    expect((await model(u.token)).body.isPasswordUpdated).toBe(false);
    const changed = await post("/api/user/ChangeTempPasswordIfAuthed", u.token, {
      newPassword: "a-new-password-1",
    });
    expect(changed.status).toBe(204);
    expect((await model(other)).status).toBe(401);
    expect((await model(u.token)).body.isPasswordUpdated).toBe(true);
  });

  it("disabling an account", async () => {
    const admin = await t.login("admin@demo.processor");
    const u = await newUser(admin);
    expect((await post("/api/user/DisableTenantUser", admin, { id: u.dto.id })).status).toBe(200);
    expect((await model(u.token)).status).toBe(401);
    expect((await post("/api/user/EnableTenantUser", admin, { id: u.dto.id })).status).toBe(200);
    expect((await model(u.token)).status).toBe(401); // enabling never revives an ended session
  });

  it("a role change", async () => {
    const admin = await t.login("admin@demo.processor");
    const u = await newUser(admin, "user");
    expect((await model(u.token)).body.roleLevel).toBe("user");
    const res = await post("/api/user/UpsertTenantUser", admin, { ...u.dto, roleLevel: "display" });
    expect(res.status).toBe(200);
    expect((await model(u.token)).body.roleLevel).toBe("display");
  });

  it("the user's own details and settings", async () => {
    const token = await t.login("user@demo.processor");
    const before = (await model(token)).body;
    expect(
      (await post("/api/user/UpdateUserDetails", token, {
        firstName: "Renamed",
        lastName: before.lastName,
        phone: before.phone,
      })).status,
    ).toBe(204);
    expect((await model(token)).body.firstName).toBe("Renamed");
    const site = before.tenantSites.at(-1).id;
    const set = await post("/api/user/UserUpdatesSingleSetting", token, {
      settingType: "tenantSite",
      value: { defaultTenantSiteId: site },
    });
    expect(set.status).toBe(204);
    expect((await model(token)).body.defaultTenantSiteId).toBe(site);
  });

  it("a tenant's modules", async () => {
    const token = await t.login("user@demo.processor");
    const names = async () => (await model(token)).body.modules.map((m: { name: string }) => m.name);
    expect(await names()).toContain("stockyard");
    await setTenantModules(t.services, processorId, { stockyard: false });
    try {
      expect(await names()).not.toContain("stockyard");
    } finally {
      await setTenantModules(t.services, processorId, { stockyard: true });
    }
    expect(await names()).toContain("stockyard");
  });

  it("a tenant's feature flag", async () => {
    const superToken = await t.login("super@demo.processor");
    const token = await t.login("user@demo.processor");
    const flag = async () =>
      (await model(token)).body.featureFlags.find((f: { featureKey: string }) =>
        f.featureKey === "msaDataRequery"
      )?.isEnabled ?? false;
    expect(await flag()).toBe(false);
    const res = await post("/api/super/UpsertFeatureFlag", superToken, {
      tenantId: processorId,
      featureKey: "msaDataRequery",
      isEnabled: true,
    });
    expect(res.status).toBe(200);
    expect(await flag()).toBe(true);
    const del = await t.request(`/api/super/DeleteFeatureFlag/${processorId}/msaDataRequery`, {
      method: "DELETE",
      token: superToken,
    });
    expect(del.status).toBe(200);
    expect(await flag()).toBe(false);
  });

  it("a forced logout of the tenant (the super user's own session survives)", async () => {
    const superToken = await t.login("super@demo.processor");
    const token = await t.login("user@demo.processor");
    expect((await model(token)).status).toBe(200);
    const res = await post("/api/super/ForceTotalLogout", superToken, { tenantId: processorId, reason: "x" });
    expect(res.status).toBe(200);
    expect((await model(token)).status).toBe(401);
    expect((await model(superToken)).status).toBe(200);
  });

  it("a token refresh: the old token lives only for the grace period", async () => {
    const token = await t.login("user@demo.processor");
    const kept = (await t.services.sessions.validate(token))!;
    const res = await t.request("/login/refreshtoken", { token });
    expect(res.status).toBe(200);
    expect((await model(token)).status).toBe(200); // in flight: still valid
    const afterGrace = new Date(plantNoon().getTime() + 31_000);
    expect(afterGrace.getTime()).toBeLessThan(kept.expiresAt.getTime());
    expect(await t.services.sessions.validate(token, afterGrace)).toBeNull();
  });
});
