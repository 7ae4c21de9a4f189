/**
 * API keys of plant systems (issue 15): made by a processor admin and shown once, kept as a hash,
 * revocable with immediate effect (on this instance and, through the push bus, on the others), bound to
 * their tenant, and refused everywhere but the integration endpoints: every other API endpoint (403 in
 * the catalogue shape), the pages and the push hub (signed out).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { apiKeys, memberships, tenants, users } from "../../db/control/schema.ts";
import { ApiKeyStore } from "../../server/auth/apiKeys.ts";
import { type AccessRule, decideAccess } from "../../server/access/apiAccess.ts";
import { DEMO_FARM } from "../../server/demo.ts";
import { declaredAccess } from "../../server/http/openapi.ts";
import { type Operation, operationsOf, requestFor } from "../security/openapiCalls.ts";

const API = {
  list: "/api/integrations/GetApiKeys",
  create: "/api/integrations/CreateApiKey",
  revoke: "/api/integrations/RevokeApiKey",
};

let t: TestApp;
let admin: string;
let operations: Operation[];
const ruleOf = (op: Operation) => op.access as AccessRule;
const integrationOps = () => operations.filter((op) => ruleOf(op).integration);
/** the integration routes registered (the areas register theirs when imported) */
const INTEGRATION_ROUTES = [...declaredAccess()].filter(([, rule]) => rule.integration).map(([route]) =>
  route
);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin@demo.processor");
  operations = operationsOf(await (await t.request("/api/openapi.json")).json());
});
afterAll(() => t.close());

const post = (path: string, token: string, json: unknown) => t.request(path, { method: "POST", token, json });
async function createKey(name: string) {
  const res = await post(API.create, admin, { name });
  expect(res.status).toBe(200);
  return await res.json() as { id: number; name: string; prefix: string; key: string; createdAt: string };
}
/** the key's caller as the access rules see it */
async function keyAccess(token: string) {
  const caller = (await t.services.callers.get((await t.services.apiKeys.validate(token))!))!;
  return { subject: caller.subject, passwordPending: false, viaApiKey: true };
}
/** an integration endpoint this key may call (null until one is registered) */
async function callableBy(token: string) {
  const access = await keyAccess(token);
  return integrationOps().find((op) => op.method === "GET" && decideAccess(access, ruleOf(op)).allowed) ??
    integrationOps().find((op) => decideAccess(access, ruleOf(op)).allowed) ?? null;
}
const call = (op: Operation, token: string) => t.request(...requestFor(op, token, "empty"));

describe("making a key", () => {
  it("shows the key once; the list and the database never hold its secret", async () => {
    const created = await createKey("Scale 1");
    expect(created.key).toMatch(/^mpk_\d+_[a-z2-7]{52}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const secret = created.key.split("_")[2];
    expect(created.prefix.length).toBeLessThan(created.key.length - 40);

    const listed = await (await t.request(API.list, { token: admin })).text();
    expect(listed).not.toContain(secret);
    expect(JSON.parse(listed)[0]).toMatchObject({ id: created.id, name: "Scale 1", status: "active" });

    const row = (await t.services.db.control.query.apiKeys.findFirst({ where: eq(apiKeys.id, created.id) }))!;
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secretHash).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(secret))));

    // its own user: an integration partner of this tenant only, who cannot sign in
    const user = (await t.services.db.control.query.users.findFirst({ where: eq(users.id, row.userId) }))!;
    expect(user).toMatchObject({ firstName: "Scale 1", isPasswordUpdated: true, isDisabled: false });
    const roles = await t.services.db.control.select().from(memberships).where(
      eq(memberships.userId, user.id),
    );
    expect(roles.map((m) => [m.tenantId, m.roleLevel])).toEqual([[row.tenantId, "integrationPartner"]]);
    const login = await t.request("/login/login", {
      method: "POST",
      json: { email: user.email, password: created.key },
    });
    expect(login.status).not.toBe(200);

    const page =
      await (await t.request("/settings/integrations", { headers: { cookie: `session=${admin}` } }))
        .text();
    expect(page).toContain("API keys");
    expect(page).toContain(created.prefix);
    expect(page).not.toContain(secret);
  });

  it("a name is required, short, and not that of another key in use", async () => {
    for (const name of ["", "   ", "x".repeat(61), "scale 1"]) {
      const res = await post(API.create, admin, { name });
      expect(res.status, name).toBe(400);
      const body = await res.json();
      expect(body.isValidation).toBe(true);
      expect(body.errors[0].field).toBe("name");
    }
  });

  it("only whoever can open Settings › Plant Integrations manages keys", async () => {
    for (const email of ["user@demo.processor", "producer@demo.farm"]) {
      const token = await t.login(email);
      for (
        const res of [await post(API.create, token, { name: "Mine" }), await t.request(API.list, { token })]
      ) {
        expect(res.status, email).toBe(403);
        expect(typeof (await res.json()).title).toBe("string");
      }
    }
    expect((await t.request(API.create, { method: "POST", json: { name: "Anon" } })).status).toBe(401);
  });
});

describe("using a key", () => {
  it("is refused (403, catalogue shape) on every API endpoint not marked integration", async () => {
    const { key } = await createKey("Walker");
    const failures: string[] = [];
    for (const op of operations.filter((o) => !ruleOf(o).integration)) {
      const res = await t.request(...requestFor(op, key, "valid"));
      const body = await res.json().catch(() => null);
      if (res.status !== 403 || typeof body?.title !== "string") {
        failures.push(`${op.method} ${op.path}: ${res.status}`);
      }
    }
    expect(operations.length).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  });

  it("is signed out on the pages and the push hub, and as a cookie", async () => {
    const { key } = await createKey("Pages");
    const bearer = { authorization: `Bearer ${key}` };
    const page = await t.request("/settings/integrations", { headers: bearer, redirect: "manual" });
    expect([302, 303]).toContain(page.status);
    expect(page.headers.get("location")).toContain("/login");
    expect((await t.request("/hubs/userHub/negotiate", { method: "POST", headers: bearer })).status).toBe(
      401,
    );
    expect((await t.request(`/hubs/userHub/negotiate?access_token=${key}`, { method: "POST" })).status).toBe(
      401,
    );
    const cookie = await t.request(API.list, { headers: { cookie: `session=${key}` } });
    expect(cookie.status).toBe(401);
  });

  it("a malformed, forged or unknown key is 401", async () => {
    const { key, id } = await createKey("Forgery target");
    const forged = [
      "mpk_",
      "mpk_x_y",
      `mpk_${id}_${"a".repeat(52)}`,
      `mpk_999999_${key.split("_")[2]}`,
      `${key}a`,
      key.toUpperCase(),
    ];
    for (const token of forged) {
      const res = await t.request(API.list, { token });
      expect(res.status, token).toBe(401);
      expect(typeof (await res.json()).title).toBe("string");
    }
  });

  it.skipIf(!INTEGRATION_ROUTES.length)(
    "works on an integration endpoint, from memory when warm, and records its last use",
    async () => {
      const { key, id } = await createKey("Grading camera");
      const op = (await callableBy(key))!;
      const first = await call(op, key);
      expect([401, 403], `${op.method} ${op.path}`).not.toContain(first.status);
      expect(first.status).toBeLessThan(500);
      const listed = await (await t.request(API.list, { token: admin })).json();
      expect(listed.find((k: { id: number }) => k.id === id).lastUsedAt).not.toBeNull();
      // a warm key costs the control database nothing (its last use is written once a minute)
      const before = t.services.db.controlQueries;
      expect([401, 403]).not.toContain((await call(op, key)).status);
      expect(t.services.db.controlQueries - before).toBe(0);
    },
  );
});

describe("revoking a key", () => {
  it("refuses it at once (401) here and, through the push bus, on another instance that kept it", async () => {
    const { key, id } = await createKey("Old scale");
    // another instance: its own store on the same databases and bus, the key kept in its memory
    const other = new ApiKeyStore(t.services.db.control, t.services.callers, t.services.push.bus);
    expect(await other.validate(key)).not.toBeNull();
    expect(await t.services.apiKeys.validate(key)).not.toBeNull();

    const res = await post(API.revoke, admin, { id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: "revoked", revokedBy: expect.any(String) });
    expect(await other.validate(key)).toBeNull();
    expect((await t.request(API.list, { token: key })).status).toBe(401);
    const op = INTEGRATION_ROUTES.length ? integrationOps()[0] : null;
    if (op) expect((await call(op, key)).status).toBe(401);
    // again: nothing changes; the list shows it revoked, still without its secret
    expect((await post(API.revoke, admin, { id })).status).toBe(200);
    const listed = await (await t.request(API.list, { token: admin })).json();
    expect(listed.find((k: { id: number }) => k.id === id)).toMatchObject({ status: "revoked" });
  });

  it("a user cannot revoke; an unknown id or a bad body is a plain 4xx", async () => {
    const { id } = await createKey("Kept");
    const user = await t.login("user@demo.processor");
    expect((await post(API.revoke, user, { id })).status).toBe(403);
    expect((await post(API.revoke, admin, { id: 999999 })).status).toBe(404);
    for (const body of [{}, { id: "x" }, { id: -1 }]) {
      expect((await post(API.revoke, admin, body)).status).toBe(400);
    }
  });
});

describe("a key of another tenant", () => {
  it("is neither listed nor revocable here, and reads only its own tenant", async () => {
    const farm =
      (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, DEMO_FARM) }))!;
    const { key: view, token } = await t.services.apiKeys.create({
      tenantId: farm.id,
      name: "Farm scale",
      createdBy: "test",
    });
    const listed = await (await t.request(API.list, { token: admin })).json();
    expect(listed.map((k: { id: number }) => k.id)).not.toContain(view.id);
    expect((await post(API.revoke, admin, { id: view.id })).status).toBe(404);
    expect(await t.services.apiKeys.validate(token)).toMatchObject({ tenantId: farm.id });

    // whatever integration endpoint it may call answers its own tenant's records, never this one's
    const suppliers = await (await t.services.db.tenantDb(1)).query.suppliers.findMany();
    const markers = suppliers.map((s) => s.name).filter((n) => n.length > 8);
    const access = await keyAccess(token);
    for (const op of integrationOps().filter((o) => decideAccess(access, ruleOf(o)).allowed)) {
      const text = await (await t.request(...requestFor(op, token, op.method === "GET" ? "valid" : "empty")))
        .text();
      expect(markers.filter((m) => text.includes(m)), `${op.method} ${op.path}`).toEqual([]);
    }
  });
});
