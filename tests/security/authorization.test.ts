/**
 * The authorisation matrix: every API operation of /api/openapi.json and every page of the route table,
 * called anonymously, as every demo role, as a producer admin, and as users of a second processor
 * tenant using the first tenant's real ids. The expected outcome comes from each route's declared rule
 * (`x-access`, the page routes); a success outside it fails, and row hashes of every database prove the
 * refused calls changed nothing. A route registered tomorrow is walked the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";
import { createTenant } from "../../server/tenants.ts";
import { memberships, users, userSettings } from "../../db/control/schema.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { type AccessRule, decideAccess } from "../../server/access/apiAccess.ts";
import { allRoutes, canSeeRoute, type RouteDef } from "../../server/access/mod.ts";
import { APP_ROUTES } from "../../server/areas/mod.ts";
import { MODULE_KEYS } from "../../server/access/modules.ts";
import { declaredAccess } from "../../server/http/openapi.ts";
import { isApiPath } from "../../server/http/paths.ts";
import { seedLivestockParties } from "../../server/areas/livestock/parties/seed.ts";
import { diffSnapshots, snapshot } from "./snapshot.ts";
import { type Operation, operationsOf, requestFor } from "./openapiCalls.ts";

interface Who {
  label: string;
  token: string | null;
  /** the declared rules decide from this (null: nobody signed in) */
  access: Parameters<typeof decideAccess>[0];
  /** a user of the second tenant, calling with the first tenant's ids */
  rival: boolean;
}

let t: TestApp;
let operations: Operation[];
const people: Who[] = [];
/** names only the first tenant has: none may appear in an answer to the second tenant */
let markers: string[] = [];

const DEMO = ["super", "admin", "user", "display", "test", "support"].map((r) => `${r}@demo.processor`);

beforeAll(async () => {
  t = await startTestApp();
  const rivalId = await createTenant(t.services.db, {
    name: "Rival Meats",
    category: "processor",
    sites: ["Rival Site"],
    speciesIds: [1, 2],
    modules: MODULE_KEYS.filter((m) => m !== "farmer"),
  });
  await seedLivestockParties(await t.services.db.tenantDb(rivalId), { suppliers: 2, speciesIds: [1] });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (const role of ["admin", "user"] as const) {
    const [row] = await t.services.db.control.insert(users).values({
      email: `${role}@rival.example`,
      firstName: "Rival",
      lastName: role,
      passwordHash,
      isPasswordUpdated: true,
    }).returning({ id: users.id });
    await t.services.db.control.insert(memberships).values({
      userId: row.id,
      tenantId: rivalId,
      roleLevel: role,
      isDefault: true,
    });
    if (role === "admin") {
      await t.services.db.control.insert(userSettings).values({
        userId: row.id,
        tenantId: rivalId,
        settingType: "admin",
        value: { hasSupplierAdminPermission: true, hasBuyerAdminPermission: true },
      });
    }
  }
  people.push({ label: "anonymous", token: null, access: null, rival: false });
  for (const email of [...DEMO, "producer@demo.farm", "admin@rival.example", "user@rival.example"]) {
    const token = await t.login(email);
    const session = (await t.services.sessions.validate(token))!;
    const caller = (await t.services.callers.get(session))!;
    people.push({
      label: email,
      token,
      access: { subject: caller.subject, passwordPending: !caller.user.isPasswordUpdated, viaApiKey: false },
      rival: email.endsWith("@rival.example"),
    });
  }
  // plant systems' integration keys, of this tenant and of the rival: integration endpoints only
  for (const [tenantId, rival] of [[1, false], [rivalId, true]] as const) {
    const { token } = await t.services.apiKeys.create({ tenantId, name: "Security walk", createdBy: "test" });
    const caller = (await t.services.callers.get((await t.services.apiKeys.validate(token))!))!;
    people.push({
      label: `integration key of tenant ${tenantId}`,
      token,
      access: { subject: caller.subject, passwordPending: false, viaApiKey: true },
      rival,
    });
  }
  const demoDb = await t.services.db.tenantDb(1);
  const suppliers = await demoDb.query.suppliers.findMany();
  const rivalNames = new Set(
    (await (await t.services.db.tenantDb(rivalId)).query.suppliers.findMany()).map((s) => s.name),
  );
  markers = suppliers.map((s) => s.name).filter((n) => n.length > 8 && !rivalNames.has(n));
  operations = operationsOf(await (await t.request("/api/openapi.json")).json());
});
afterAll(() => t.close());

const ruleOf = (op: Operation) => op.access as AccessRule;

describe("every route declares its access", () => {
  it("every registered API route (the hub and page form posts too) has a rule, and the document shows it", () => {
    const declared = declaredAccess();
    const missing = t.app.routes
      .filter((r) => r.method !== "ALL" && isApiPath(r.path) && !r.path.includes("*"))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, "{$1}")}`)
      .filter((key) => !declared.has(key));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
    for (const op of operations) {
      expect(op.access, op.operationId).toBeTypeOf("object");
      expect(op.operationId, op.path).toMatch(/^[A-Za-z]+$/);
    }
  });
});

/** Every endpoint as every person is one test: it grows with the API, so it gets more than the default. */
const WALK_TIMEOUT = 300_000;

describe("the API as everyone", () => {
  it(
    "refused calls answer 401/403 in the catalogue shape and change nothing; allowed ones are not refused",
    async () => {
      const before = await snapshot(t.services);
      const failures: string[] = [];
      let calls = 0;
      const allowedCalls: [Operation, Who][] = [];
      for (const op of operations) {
        for (const who of people) {
          const decision = decideAccess(who.access, ruleOf(op));
          if (decision.allowed) {
            allowedCalls.push([op, who]);
            continue;
          }
          calls++;
          const res = await t.request(...requestFor(op, who.token, "valid"));
          const body = await res.json().catch(() => null);
          if (res.status !== decision.status || typeof body?.title !== "string" || body.errors) {
            failures.push(
              `${who.label} ${op.method} ${op.path}: ${res.status} (expected ${decision.status})`,
            );
          }
        }
      }
      const changed = diffSnapshots(before, await snapshot(t.services));
      // allowed callers send an empty body: validation answers, nothing is written; the calls that end or
      // replace the caller's session (logout, refresh, impersonation) go last
      const endsSession = (op: Operation) => op.path.startsWith("/login/");
      allowedCalls.sort(([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)));
      for (const [op, who] of allowedCalls) {
        calls++;
        const res = await t.request(...requestFor(op, who.token, op.method === "GET" ? "valid" : "empty"));
        const text = await res.text();
        if ([401, 403].includes(res.status) && !/Cross-site/.test(text)) {
          failures.push(`${who.label} ${op.method} ${op.path}: refused ${res.status} though the rule allows`);
        }
        if (res.status >= 500) failures.push(`${who.label} ${op.method} ${op.path}: ${res.status}`);
        if (who.rival && markers.some((m) => text.includes(m))) {
          failures.push(`${who.label} ${op.method} ${op.path}: answered the other tenant's data`);
        }
      }
      console.log(
        `security authorisation (API): ${calls} calls, ${failures.length + changed.length} failures`,
      );
      expect(failures).toEqual([]);
      expect(changed).toEqual([]);
    },
    WALK_TIMEOUT,
  );
});

describe("the pages as everyone", () => {
  const pathOf = (def: RouteDef) =>
    def.path.replace(/\{-\$[^}]+\}/g, "").replace(/\$fromDate/g, "2026-01-05").replace(/\$[A-Za-z]+/g, "1")
      .replace(/\/$/, "") || "/";

  it("a page opens only for whom its route allows, and never shows another tenant's records", async () => {
    const failures: string[] = [];
    let calls = 0;
    const pages = allRoutes(APP_ROUTES).filter((r) =>
      r.built && !r.public && !r.redirectTo && r.name !== "logout"
    );
    expect(pages.length).toBeGreaterThan(30); // the walk cannot pass by finding no pages
    for (const def of pages) {
      for (const who of people) {
        calls++;
        const res = await t.request(pathOf(def) + (def.name === "clientUserEdit" ? "?id=1" : ""), {
          headers: !who.token
            ? {}
            : who.access?.viaApiKey
            ? { authorization: `Bearer ${who.token}` }
            : { cookie: `session=${who.token}` },
          redirect: "manual",
        });
        const html = await res.text();
        // a page never takes an integration key
        const may = who.access !== null && !who.access.viaApiKey && canSeeRoute(who.access.subject, def);
        if (!may && res.status === 200) failures.push(`${who.label} opened ${def.name}`);
        if (may && [401, 403].includes(res.status)) failures.push(`${who.label} refused ${def.name}`);
        if (res.status >= 500) failures.push(`${who.label} ${def.name}: ${res.status}`);
        if (who.rival && markers.some((m) => html.includes(m))) {
          failures.push(`${who.label} ${def.name}: shows the other tenant's data`);
        }
      }
    }
    console.log(`security authorisation (pages): ${calls} calls, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });
});
