/**
 * People, roles and keys (issue 35 §10a, issue 36 §9). An admin (or a super user) may give only the roles a
 * person holds (spec 1 §6): integrationPartner is an API key's own role, refused in plain words wherever a
 * role is given (a new user, an edit, an invitation). An API key is not a person: it stays out of the users
 * list, the super organisation's users, the test-notification picker, and cannot be edited as a user. A
 * producer tenant is not offered the kill floor's Data Upload (the access policy's tenant category).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { DEMO_FARM, DEMO_PROCESSOR } from "../../server/demo.ts";
import { TEST_PASSWORD } from "../helpers/app.ts";

let t: Awaited<ReturnType<typeof startTestApp>>;
let admin = "";
let superUser = "";
let processorId = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin@demo.processor");
  superUser = await t.login("super@demo.processor");
  processorId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_PROCESSOR) }))!
      .id;
});
afterAll(() => t?.close());

const call = async (path: string, token: string, json?: unknown) => {
  const res = await t.request(path, json === undefined ? { token } : { method: "POST", token, json });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
};

/** A page as a browser signed in as `email` gets it (the session cookie of a sign-in). */
async function page(email: string, path: string) {
  const login = await t.request("/login/login", { method: "POST", json: { email, password: TEST_PASSWORD } });
  await login.body?.cancel();
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
  const res = await t.request(path, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

describe("roles a person may be given", () => {
  const person = (roleLevel: string, email = "scale.person@demo.processor") => ({
    email,
    firstName: "Scale",
    lastName: "Person",
    roleLevel,
    allowedSpeciesIds: [],
  });

  test("integrationPartner is refused for a new user, an edit and an invitation, by an admin and a super user", async () => {
    const before = await t.services.db.control.select().from(users);
    for (const token of [admin, superUser]) {
      const created = await call("/api/user/UpsertTenantUser", token, person("integrationPartner"));
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ isValidation: true });
      expect(created.body.errors).toEqual([
        { field: "roleLevel", message: expect.stringMatching(/role of an API key, not of a person/) },
      ]);
      const invited = await call("/register/GenerateInviteLink", token, person("integrationPartner"));
      expect(invited.status).toBe(400);
      expect(invited.body.errors[0].field).toBe("roleLevel");
    }
    expect(await t.services.db.control.select().from(users)).toEqual(before);

    const users_ = (await call("/api/user/GetTenantUsers", admin)).body as { id: number; email: string }[];
    const someone = (await call(
      `/api/user/GetTenantUser/${users_.find((u) => u.email === "user@demo.processor")!.id}`,
      admin,
    ))
      .body;
    const edited = await call("/api/user/UpsertTenantUser", admin, {
      ...someone,
      roleLevel: "integrationPartner",
    });
    expect(edited.status).toBe(400);
    const role = await t.services.db.control.select({ roleLevel: memberships.roleLevel }).from(memberships)
      .where(eq(memberships.userId, someone.id));
    expect(role.map((r) => r.roleLevel)).not.toContain("integrationPartner");
  });

  test("the role pickers do not offer it", async () => {
    for (const path of ["/home/clientusers/usernew", "/home/clientusers/invite"]) {
      const { status, html } = await page("admin@demo.processor", path);
      expect(status).toBe(200);
      expect(html).toContain("Administrator");
      expect(html).not.toContain("Integration partner");
    }
  });
});

describe("an API key is not a person", () => {
  const KEY_NAME = "Kill floor scale 1";
  let keyUserId = 0;

  beforeAll(async () => {
    const made = await call("/api/integrations/CreateApiKey", admin, { name: KEY_NAME });
    expect(made.status).toBe(200);
    keyUserId = (await t.services.db.control.query.apiKeys.findFirst())!.userId;
  });

  test("it is in no users list: the organisation's, the super organisation view's, the test-notification picker", async () => {
    const own = await call("/api/user/GetTenantUsers", admin);
    expect(own.status).toBe(200);
    expect(own.text).not.toContain(KEY_NAME);
    expect(own.text).not.toContain("integration.invalid");
    const superView = await call(`/api/super/GetUsersForTenant?tenantId=${processorId}`, superUser);
    expect(superView.status).toBe(200);
    expect(superView.body.length).toBeGreaterThan(0);
    expect(superView.text).not.toContain(KEY_NAME);
    for (const path of ["/home/clientusers", `/super/testing?tenantId=${processorId}`]) {
      const { status, html } = await page("super@demo.processor", path);
      expect(status).toBe(200);
      expect(html).not.toContain(KEY_NAME);
      expect(html).not.toContain("(API key)");
    }
  });

  test("it cannot be read, edited into a person's role, disabled or notified as a user", async () => {
    expect((await call(`/api/user/GetTenantUser/${keyUserId}`, admin)).status).toBe(404);
    const edit = await call("/api/user/UpsertTenantUser", admin, {
      id: keyUserId,
      email: "scale@demo.processor",
      firstName: "Scale",
      lastName: "One",
      roleLevel: "admin",
      allowedSpeciesIds: [],
    });
    expect(edit.status).toBe(404);
    expect((await call("/api/user/DisableTenantUser", admin, { id: keyUserId })).status).toBe(404);
    const notified = await call("/api/super/SendTestNotification", superUser, {
      tenantId: processorId,
      userId: keyUserId,
      title: "Test",
    });
    expect(notified.status).toBe(400);
    const role = await t.services.db.control.select({ roleLevel: memberships.roleLevel }).from(memberships)
      .where(eq(memberships.userId, keyUserId));
    expect(role).toEqual([{ roleLevel: "integrationPartner" }]);
  });
});

describe("a producer tenant", () => {
  test("is not offered the kill floor's Data Upload, in the menu or at its address", async () => {
    const farm = await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) });
    expect(farm!.category).toBe("producer");
    const landing = await page("producer@demo.farm", "/user/account");
    expect(landing.status).toBe(200);
    expect(landing.html).toContain('href="/home/clientusers"'); // the admin's menu is there
    expect(landing.html).not.toContain("/home/dataupload");
    const direct = await page("producer@demo.farm", "/home/dataupload");
    expect(direct.status).not.toBe(200);
    // a processor's admin still has it
    expect((await page("admin@demo.processor", "/home/dataupload")).status).toBe(200);
  });
});
