/**
 * The super area's tenants and users over real HTTP (issue 18 §3): only super; a new tenant is a working
 * tenant (its own migrated database, a first admin who signs in with a temporary password and must change
 * it); edits, users of any tenant, SuperResetUserPassword, cross-tenant users, impersonation; every action
 * leaves a row in the control database's super audit.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { count, eq } from "drizzle-orm";
import { superAudit, tenants, tenantSites } from "../../db/control/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let superToken: string;
let adminToken: string;
let processorId: number;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  adminToken = await t.login("admin@demo.processor");
  processorId = (await t.services.db.control.query.tenants.findFirst())!.id;
});
afterAll(() => t.close());

const call = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await t.request(path, { method, token, json });
  return { status: res.status, body: await res.json().catch(() => null) };
};
const auditOf = (action: string) =>
  t.services.db.control.select().from(superAudit).where(eq(superAudit.action, action));
const tenantCount = async () => (await t.services.db.control.select({ n: count() }).from(tenants))[0].n;

const NEW_TENANT = {
  name: "Riverina Meats",
  category: "processor",
  sites: "Griffith\nLeeton",
  speciesIds: [1, 2],
  modules: ["livestock", "stockyard", "tenantSettings"],
  adminEmail: "Boss@Riverina.example",
  adminFirstName: "Rita",
  adminLastName: "Boss",
};

describe("only super users", () => {
  test("an admin (and a producer's admin) is refused every tenant call, and nothing is created", async () => {
    const before = await tenantCount();
    for (const token of [adminToken, await t.login("producer@demo.farm")]) {
      expect((await call("GET", "/api/super/GetTenants", token)).status).toBe(403);
      expect((await call("POST", "/api/super/UpsertTenant", token, NEW_TENANT)).status).toBe(403);
      expect((await call("GET", `/api/super/GetUsersForTenant?tenantId=${processorId}`, token)).status).toBe(
        403,
      );
      expect((await call("POST", "/api/user/SuperResetUserPassword/1", token)).status).toBe(403);
      expect((await call("POST", "/api/super/Impersonate", token, { tenantId: processorId })).status).toBe(
        403,
      );
    }
    expect(await tenantCount()).toBe(before);
  });
});

describe("tenants", () => {
  test("the list has each tenant's category, sites, species, modules, users and last activity", async () => {
    const { status, body } = await call("GET", "/api/super/GetTenants", superToken);
    expect(status).toBe(200);
    const demo = body.find((x: { name: string }) => x.name === "Demo Processing");
    expect(demo).toMatchObject({ category: "processor", sites: ["Wagga Wagga", "Bordertown"] });
    expect(demo.species).toEqual(["Sheep", "Beef", "Pig"]);
    expect(demo.modules).toContain("stockyard");
    expect(demo.users).toBeGreaterThanOrEqual(6);
    expect(Date.parse(demo.lastActivity)).toBeGreaterThanOrEqual(plantNoon().getTime()); // we signed in just now (pinned)
  });

  test("bad input is refused in words and creates nothing", async () => {
    const before = await tenantCount();
    const bad = await call("POST", "/api/super/UpsertTenant", superToken, {
      ...NEW_TENANT,
      category: "farm",
      sites: "",
      modules: ["nope"],
      adminEmail: "not an email",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
    const fields = bad.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["category", "sites", "adminEmail"]));
    const taken = await call("POST", "/api/super/UpsertTenant", superToken, {
      ...NEW_TENANT,
      name: "Demo Farm",
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toContainEqual({
      field: "name",
      message: "Another organisation has that name.",
    });
    const noAdmin = await call("POST", "/api/super/UpsertTenant", superToken, {
      ...NEW_TENANT,
      adminEmail: undefined,
    });
    expect(noAdmin.status).toBe(400);
    expect(await tenantCount()).toBe(before);
  });

  test("creating one makes a working tenant its first admin signs in to, and is audited", async () => {
    const { status, body } = await call("POST", "/api/super/UpsertTenant", superToken, NEW_TENANT);
    expect(status).toBe(200);
    expect(body.tenant).toMatchObject({ name: "Riverina Meats", category: "processor", speciesIds: [1, 2] });
    expect(body.tenant.sites.map((s: { name: string }) => s.name)).toEqual(["Griffith", "Leeton"]);
    expect(body.temporaryPassword).toMatch(/^.{14}$/);
    // its own database exists and is migrated: its tables answer
    const db = await t.services.db.tenantDb(body.id);
    expect(await db.query.auditLog.findMany()).toEqual([]);
    await Deno.stat(`${t.dataDir}/tenants/${body.id}.db`);

    const token = await t.login("boss@riverina.example", body.temporaryPassword);
    const pending = await call("GET", "/login/usermodel", token);
    expect(pending.body).toMatchObject({
      roleLevel: "admin",
      tenantName: "Riverina Meats",
      isPasswordUpdated: false,
    });
    expect((await call("GET", "/api/user/GetTenantUsers", token)).status).toBe(403); // must change it first
    expect(
      (await call("POST", "/api/user/ChangeTempPasswordIfAuthed", token, { newPassword: "a-new-password-1" }))
        .status,
    ).toBeLessThan(300);
    const users = await call("GET", "/api/user/GetTenantUsers", token);
    expect(users.status).toBe(200);
    expect(users.body.map((u: { email: string }) => u.email)).toEqual(["boss@riverina.example"]);

    const [created] = await auditOf("CreateTenant");
    expect(created).toMatchObject({ tenantId: body.id, userName: expect.stringMatching(/\S/) });
    expect(created.detail).toMatchObject({ name: "Riverina Meats", adminEmail: "boss@riverina.example" });
    expect(JSON.stringify(await auditOf("UpsertTenantUser"))).not.toContain(body.temporaryPassword);
  });

  test("editing one changes its modules and sites; a site left out becomes inactive", async () => {
    const list = (await call("GET", "/api/super/GetTenants?q=Riverina", superToken)).body;
    const id = list[0].id;
    const { status, body } = await call("POST", "/api/super/UpsertTenant", superToken, {
      ...NEW_TENANT,
      id,
      sites: ["Griffith", "Hay"],
      modules: ["livestock", "invoices"],
    });
    expect(status).toBe(200);
    expect(body.tenant.modules).toEqual(["livestock", "invoices"]);
    const sites = await t.services.db.control.select().from(tenantSites).where(eq(tenantSites.tenantId, id))
      .orderBy(tenantSites.id);
    expect(sites.map((s) => [s.name, s.isActive])).toEqual([["Griffith", true], ["Leeton", false], [
      "Hay",
      true,
    ]]);
    expect((await auditOf("UpdateTenant")).at(-1)).toMatchObject({ tenantId: id });
  });
});

describe("users of any tenant", () => {
  test("a super user adds a user to another tenant, edits them, and resets their password", async () => {
    const farmId =
      (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
    const added = await call("POST", "/api/super/AddOrEditUser", superToken, {
      tenantId: farmId,
      email: "hand@demo.farm",
      firstName: "Farm",
      lastName: "Hand",
      roleLevel: "user",
    });
    expect(added.status).toBe(200);
    expect(added.body.temporaryPassword).toBeTruthy();
    const users = (await call("GET", `/api/super/GetUsersForTenant?tenantId=${farmId}`, superToken)).body;
    expect(users.map((u: { email: string }) => u.email)).toContain("hand@demo.farm");

    const edited = await call("POST", "/api/super/AddOrEditUser", superToken, {
      tenantId: farmId,
      id: added.body.id,
      email: "hand@demo.farm",
      firstName: "Farm",
      lastName: "Hand",
      roleLevel: "admin",
      lastModified: added.body.lastModified,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.roleLevel).toBe("admin");

    const oldToken = await t.login("hand@demo.farm", added.body.temporaryPassword);
    const reset = await call("POST", `/api/user/SuperResetUserPassword/${added.body.id}`, superToken);
    expect(reset.status).toBe(200);
    expect(reset.body.sessionsEnded).toBe(1);
    expect((await call("GET", "/login/usermodel", oldToken)).status).toBe(401);
    await expect(t.login("hand@demo.farm", added.body.temporaryPassword)).rejects.toThrow();
    const fresh = await t.login("hand@demo.farm", reset.body.temporaryPassword);
    expect((await call("GET", "/login/usermodel", fresh)).body.isPasswordUpdated).toBe(false);
    expect((await auditOf("SuperResetUserPassword"))[0]).toMatchObject({
      tenantId: farmId,
      detail: { userId: added.body.id, email: "hand@demo.farm" },
    });
    expect((await call("POST", "/api/user/SuperResetUserPassword/99999", superToken)).status).toBe(404);
  });

  test("a user added to a second tenant is a cross-tenant user with both memberships", async () => {
    const added = await call("POST", "/api/super/AddOrEditUser", superToken, {
      tenantId: processorId,
      email: "producer@demo.farm",
      firstName: "x",
      lastName: "y",
      roleLevel: "user",
    });
    expect(added.status).toBe(200);
    const { body } = await call("GET", "/api/super/GetCrossTenantUsers?q=producer", superToken);
    expect(body).toHaveLength(1);
    expect(
      body[0].crossTenantClaims.map((
        c: { tenantName: string; roleLevel: string },
      ) => [c.tenantName, c.roleLevel]),
    )
      .toEqual([["Demo Farm", "admin"], ["Demo Processing", "user"]]);
  });
});

describe("impersonation", () => {
  test("a super user works in another tenant with a new token, and it is audited", async () => {
    const token = await t.login("super@demo.processor");
    const farm =
      (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!;
    const res = await call("POST", "/api/super/Impersonate", token, { tenantId: farm.id });
    expect(res.status).toBe(200);
    const model = await call("GET", "/login/usermodel", res.body.token);
    expect(model.body).toMatchObject({ tenantName: "Demo Farm", isImpersonating: true, roleLevel: "super" });
    expect((await auditOf("ImpersonateTenant")).at(-1)).toMatchObject({ tenantId: farm.id });
    expect((await call("POST", "/api/super/Impersonate", res.body.token, { tenantId: 9999 })).status).toBe(
      404,
    );
  });
});
