/**
 * The producer portal's security matrix (issue 44 §2, §7): every producer read refused, or answered empty,
 * for a revoked link, an ungranted scope, days before visible-from, another supplier's lot, another
 * farm's link and another processor's supplier; processor users refused the farm's reads and pages, farm
 * users refused the processor's link calls. Not one row of any database changes on a refused call.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { count, desc, eq } from "drizzle-orm";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { diffSnapshots, snapshot } from "./snapshot.ts";
import { carcasses } from "../../db/tenant/killFloor.ts";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { producerLinks } from "../../db/control/producerLinks.ts";
import { createTenant } from "../../server/tenants.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { decideAccess } from "../../server/access/apiAccess.ts";
import { allRoutes, ancestorsOf, canSeeRoute } from "../../server/access/mod.ts";
import { APP_ROUTES } from "../../server/areas/mod.ts";
import { declaredAccess } from "../../server/http/openapi.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let processorId = 0, farmId = 0, supplierId = 0;
const links: Record<string, number> = {};
const lots: Record<string, number> = {};

const call = async (path: string, who: string, json?: unknown) => {
  const res = await t.request(path, {
    method: json === undefined ? "GET" : "POST",
    token: tokens[who],
    json,
  });
  const text = await res.text();
  // deno-lint-ignore no-explicit-any
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch { /* a file */ }
  return { status: res.status, body };
};

async function link(values: Partial<typeof producerLinks.$inferInsert>) {
  const now = plantNoon().toISOString();
  const [row] = await t.services.db.control.insert(producerLinks).values({
    processorTenantId: processorId,
    producerTenantId: farmId,
    supplierIds: [supplierId],
    scopes: ["feedback"],
    visibleFrom: "2020-01-01",
    grantedBy: "Test",
    grantedAt: now,
    acceptedAt: now,
    lastModified: now,
    ...values,
  }).returning();
  return row.id;
}

beforeAll(async () => {
  t = await serveTestApp();
  tokens.admin = await t.login("admin@demo.processor");
  tokens.farm = await t.login("producer@demo.farm");
  const control = t.services.db.control;
  [{ id: processorId }] = await control.select({ id: tenants.id }).from(tenants).where(
    eq(tenants.name, "Demo Processing"),
  );
  [{ tenantId: farmId }] = await control.select({ tenantId: memberships.tenantId }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, "producer@demo.farm"));
  const db = await t.services.db.tenantDb(processorId);
  const bySupplier = await db.select({ id: carcasses.supplierId, n: count() }).from(carcasses)
    .groupBy(carcasses.supplierId).orderBy(desc(count())).limit(2);
  supplierId = bySupplier[0].id;
  const lotOf = async (supplier: number) =>
    (await db.select({ id: carcasses.livestockOrderId }).from(carcasses).where(
      eq(carcasses.supplierId, supplier),
    )
      .limit(1))[0].id;
  lots.own = await lotOf(supplierId);
  lots.otherSupplier = await lotOf(bySupplier[1].id);

  // a second producer tenant with its own admin, and a second processor
  const otherFarm = await createTenant(t.services.db, {
    name: "Isolation Farm",
    category: "producer",
    sites: ["Home"],
    speciesIds: [1],
    modules: ["farmer"],
  });
  const [u] = await control.insert(users).values({
    email: "isolation@farm.test",
    passwordHash: await hashPassword(TEST_PASSWORD),
    isPasswordUpdated: true,
  }).returning();
  await control.insert(memberships).values({
    userId: u.id,
    tenantId: otherFarm,
    roleLevel: "admin",
    isDefault: true,
  });
  tokens.otherFarm = await t.login("isolation@farm.test");
  const [country] = await control.select({ id: tenants.id }).from(tenants).where(
    eq(tenants.name, "Demo Country"),
  );

  links.open = await link({});
  links.revoked = await link({ revokedAt: plantNoon().toISOString(), revokedBy: "Test" });
  links.noFeedback = await link({ scopes: ["remittances"] });
  links.future = await link({ visibleFrom: "2099-01-01" });
  links.waiting = await link({ producerTenantId: null, acceptedAt: null });
  links.otherFarm = await link({ producerTenantId: otherFarm });
  // another processor's link to this farm, naming the demo plant's supplier id: its own database is read
  if (country) links.otherProcessor = await link({ processorTenantId: country.id });
});
afterAll(() => t.close());

const reads = (linkId: number, lot: number) => [
  `/api/producer/GetKillLots?linkId=${linkId}`,
  `/api/producer/GetLotFeedback?linkId=${linkId}&livestockOrderId=${lot}`,
  `/api/producer/FeedbackCsv?linkId=${linkId}&livestockOrderId=${lot}`,
  `/api/producer/FeedbackJson?linkId=${linkId}&livestockOrderId=${lot}`,
];

/** A stored remittance PDF through each refused link (the door refuses before any invoice is looked at). */
const remittancePdfRefusals = (): [string, string, number][] => {
  const pdf = (linkId: number) => `/api/producer/RemittancePdf?linkId=${linkId}&invoiceId=1&version=1`;
  return [
    [pdf(links.revoked), "farm", 403],
    [pdf(links.waiting), "farm", 404],
    [pdf(links.otherFarm), "farm", 404],
    [pdf(links.open), "otherFarm", 404],
    [pdf(links.open), "admin", 403],
  ];
};

describe("the producer portal's matrix", () => {
  test("an open link reads its supplier's lot (the control case)", async () => {
    expect((await call(reads(links.open, lots.own)[1], "farm")).status).toBe(200);
  });

  test("refused cases change no row of any database", async () => {
    const before = await snapshot(t.services);
    const refused: [string, string, number][] = [
      ...reads(links.revoked, lots.own).map((p) => [p, "farm", 403] as [string, string, number]),
      ...reads(links.noFeedback, lots.own).map((p) => [p, "farm", 403] as [string, string, number]),
      ...reads(links.waiting, lots.own).map((p) => [p, "farm", 404] as [string, string, number]),
      ...reads(links.otherFarm, lots.own).map((p) => [p, "farm", 404] as [string, string, number]),
      ...reads(links.open, lots.own).map((p) => [p, "otherFarm", 404] as [string, string, number]),
      ...reads(links.open, lots.own).map((p) => [p, "admin", 403] as [string, string, number]),
      ...remittancePdfRefusals(),
      ["/api/producer/GetProcessorLinks", "admin", 403],
      ["/api/producer/GetProducerCode", "admin", 403],
      ["/api/producer/GetProducerLinks", "farm", 403],
    ];
    for (const [path, who, status] of refused) {
      expect((await call(path, who)).status, `${who} ${path}`).toBe(status);
    }
    const writes: [string, unknown][] = [
      ["/api/producer/RevokeProducerLink", { linkId: links.open }],
      ["/api/producer/SetProducerLinkScopes", {
        linkId: links.open,
        scopes: ["orders"],
        visibleFrom: "2020-01-01",
      }],
      ["/api/producer/InviteProducer", {
        supplierIds: [supplierId],
        scopes: ["feedback"],
        visibleFrom: "2020-01-01",
        email: "x@y.z",
      }],
    ];
    for (const [path, json] of writes) expect((await call(path, "farm", json)).status, path).toBe(403);
    expect((await call("/api/producer/LeaveProcessorLink", "otherFarm", { linkId: links.open })).status).toBe(
      404,
    );
    expect(
      (await call("/api/producer/RevokeProducerLink", "admin", { linkId: links.otherProcessor ?? 0 })).status,
    )
      .toBe(links.otherProcessor ? 404 : 400);
    expect((await t.request("/producerportal", { token: tokens.admin })).status).toBe(403);
    // the orders, deliveries and remittances pages: an ended link says so, a processor user is refused
    for (const list of ["orders", "deliveries", "remittances"]) {
      const ended = await t.request(`/producerportal/${list}?link=${links.revoked}`, { token: tokens.farm });
      expect(await ended.text(), list).toContain("link was ended");
      const other = await t.request(`/producerportal/${list}?link=${links.open}`, {
        token: tokens.otherFarm,
      });
      expect(await other.text(), list).toContain("does not exist");
      expect((await t.request(`/producerportal/${list}`, { token: tokens.admin })).status, list).toBe(403);
    }
    expect(diffSnapshots(before, await snapshot(t.services))).toEqual([]);
  });

  test("before visible-from, another supplier's lot and another processor's database answer nothing", async () => {
    expect((await call(reads(links.future, lots.own)[0], "farm")).body).toEqual([]);
    expect((await call(reads(links.future, lots.own)[1], "farm")).status).toBe(404);
    expect((await call(reads(links.open, lots.otherSupplier)[1], "farm")).status).toBe(404);
    const csv = await call(reads(links.open, lots.otherSupplier)[2], "farm");
    expect(String(csv.body).trim().split("\r\n")).toHaveLength(1); // the header only
    if (links.otherProcessor) {
      // the other plant's database has no such lot for that supplier id: nothing of the demo plant shows
      expect((await call(reads(links.otherProcessor, lots.own)[1], "farm")).status).toBe(404);
    }
  });
});

/** Pages every tenant's people have whatever the tenant does: their account, home, users, help. */
const EVERY_TENANT = [
  "userHome",
  "account",
  "phone",
  "changePassword",
  "userRequired",
  "clientusers",
  "clientUserEdit",
  "clientUserNew",
  "clientUserInvite",
  "support",
  "notifications",
  "supportContent",
];
/** API paths of the signed-in person's own account, session and push, and the tenant's own files. */
const OWN_ACCOUNT =
  /^\/(login\/|user\/|hubs\/|api\/user\/|api\/storage\/|api\/settings\/GetOrganisationLogo)/;

describe("a producer tenant reaches only the producer's pages and APIs (issue 44 §7)", () => {
  test("the farm holds the livestock module too, yet no plant page or API opens for it", async () => {
    const session = (await t.services.sessions.validate(tokens.farm))!;
    const subject = (await t.services.callers.get(session))!.subject;
    expect(subject.modules).toContain("livestock"); // the demo farm's licence: the case this guards
    const producerChain = (r: (typeof APP_ROUTES)[number]) =>
      [r, ...ancestorsOf(r, APP_ROUTES)].some((x) => x.tenantCategory === "producer");
    const pages = allRoutes(APP_ROUTES).filter((r) => !r.public && canSeeRoute(subject, r, APP_ROUTES));
    expect(pages.filter((r) => !producerChain(r) && !EVERY_TENANT.includes(r.name)).map((r) => r.name))
      .toEqual([]);
    const open = new Set(pages.map((r) => r.name));
    const strays = [...declaredAccess()].filter(([key, rule]) => {
      if (rule.public || !decideAccess({ subject, passwordPending: false, viaApiKey: false }, rule).allowed) {
        return false;
      }
      if (rule.pages?.length) return !rule.pages.some((p) => open.has(p));
      if (rule.modules?.length) return !rule.modules.includes("farmer");
      return !OWN_ACCOUNT.test(key.split(" ")[1]);
    }).map(([key]) => key);
    expect(strays).toEqual([]);
    // and the router agrees: the plant's APIs and pages of the module the farm holds answer 403
    for (const path of ["/api/livestock/GetPricingGridGroups", "/api/stockyard/GetMobs"]) {
      expect((await call(path, "farm")).status, path).toBe(403);
    }
    for (const path of ["/home/livestock/management", "/display/configure"]) {
      expect((await t.request(path, { token: tokens.farm })).status, path).toBe(403);
    }
  });
});
