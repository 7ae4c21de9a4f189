/**
 * The testing home's calls over real HTTP on the demo (issue 43 items 1, 2, 5): its info (the
 * reprocessing clients, the interchange clients of the organisations looked after), a cross-tenant data
 * flow reset, and yield reprocessing per client: the two counts, then the request with those counts
 * (rebuilt, idempotent, audited; progress lines with NDJSON), 400 in words with nothing changed, 403 for
 * other roles, another tenant and a tenant without the onboarding setting, 409 when the counts changed.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { reprocessLeases, superAudit, tenants } from "../../db/control/schema.ts";
import { interchangeClients } from "../../db/tenant/schema.ts";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { plantDay, plantNoon } from "../helpers/clock.ts";
import { NDJSON } from "../../server/areas/killFloor/paths.ts";
import { DEMO_COUNTRY, DEMO_PROCESSOR } from "../../server/demo.ts";
import { takeLease } from "../../server/areas/super/yieldReprocess/lease.ts";

const API = {
  info: "/api/support/GetTestingHomeInfo",
  reset: "/api/support/ResetTenantDataFlow",
  countAllocations: "/api/support/CountAllocationsAndSummaries",
  countMembers: "/api/support/CountCarcassesAndProducts",
  request: "/api/support/RequestSummaryReprocessing",
  productCodes: "/api/support/GetReprocessProductCodes",
};
const SHEEP = 1;

let t: TestApp;
const tokens: Record<string, string> = {};
const calls = jsonCalls(() => t, tokens);
let processorId: number;
let countryId: number;
let range: Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["super", "admin", "user", "test", "support"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  const all = await t.services.db.control.select().from(tenants);
  processorId = all.find((x) => x.name === DEMO_PROCESSOR)!.id;
  countryId = all.find((x) => x.name === DEMO_COUNTRY)!.id;
  range = { tenantId: processorId, speciesId: SHEEP, fromDate: plantDay(-7), toDate: plantDay(-1) };
});
afterAll(() => t.close());

const counted = async (body = range) => ({
  ...(await calls.post(API.countAllocations, body, "test")).body,
  ...(await calls.post(API.countMembers, body, "test")).body,
});

/** every summary row of the processor's sheep, without its id: what a rebuild must give again */
async function summaryRows() {
  const db = await t.services.db.tenantDb(processorId);
  return await db.all(sql`select production_date, boning_run_id, product_code_id, cartons, kg, expected_kg,
    revenue_cents from yield_summaries where species_id = ${SHEEP} order by boning_run_id, product_code_id`);
}

const audits = async () =>
  (await t.services.db.control.select().from(superAudit)
    .where(and(eq(superAudit.action, "ReprocessYieldSummaries"), eq(superAudit.tenantId, processorId))))
    .length;

describe("the testing home's info", () => {
  test("a super user gets the processors open to reprocessing and every processor's interchange clients", async () => {
    const { status, body } = await calls.get(API.info, "super");
    expect(status).toBe(200);
    expect(body.reprocessingClients).toEqual([
      {
        tenantId: processorId,
        tenantName: DEMO_PROCESSOR,
        species: expect.arrayContaining([{ id: SHEEP, name: "Sheep" }]),
      },
    ]);
    expect(body.interchangeClientStatus).toMatchObject({
      state: "available",
      message: "Interchange is available.",
    });
    expect(body.interchangeClientStatus.tenants.map((x: { tenantName: string }) => x.tenantName))
      .toEqual(expect.arrayContaining([DEMO_PROCESSOR, DEMO_COUNTRY]));
    expect(body.interchangeClientStatus.clients[0]).toMatchObject({
      tenantId: expect.any(Number),
      clientName: expect.any(String),
    });
  });

  test("a tester sees their own organisation only; an admin or a user may not ask", async () => {
    const { status, body } = await calls.get(API.info, "test");
    expect(status).toBe(200);
    expect(body.interchangeClientStatus.tenants.map((x: { tenantId: number }) => x.tenantId)).toEqual([
      processorId,
    ]);
    expect(body.reprocessingClients.map((c: { tenantId: number }) => c.tenantId)).toEqual([processorId]);
    for (const who of ["admin", "user"]) expect((await calls.get(API.info, who)).status).toBe(403);
  });

  test("a client's data flow is reset in its organisation; a tester may not reset another's", async () => {
    const db = await t.services.db.tenantDb(countryId);
    const now = plantNoon().toISOString(); // heard from now, on the pinned clock
    const [client] = await db.insert(interchangeClients).values({
      clientName: "Cooma interchange",
      isInErrorState: true,
      hasInterchangeEnabled: true,
      currentDataFlowStatus: "Error",
      processEntries: [],
      clientAppVersion: "4.2.1",
      isSoftwareUpToDate: true,
      lastHeartbeatAt: now,
      lastModified: now,
    }).returning();
    const asked = { tenantId: countryId, clientId: client.id, force: false };
    expect((await calls.post(API.reset, asked, "test")).status).toBe(403);
    const done = await calls.post(API.reset, asked, "super");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ currentDataFlowStatus: "ReadyToProcess", isInErrorState: false });
  });
});

describe("yield reprocessing", () => {
  test("counts, then reprocesses with those counts: the same rows again, answered and audited", async () => {
    const counts = await counted();
    expect(counts.allocations).toBeGreaterThan(0);
    expect(counts.summaries).toBeGreaterThan(0);
    expect(counts.carcasses).toBeGreaterThan(0);
    expect(counts.products).toBeGreaterThan(0);
    const before = await summaryRows();
    const { status, body } = await calls.post(API.request, { ...range, counts }, "test");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...range, days: 7, reprocessedSummarys: counts.summaries });
    expect(body.responseTimes.totalSeconds).toBeGreaterThanOrEqual(0);
    expect(await summaryRows()).toEqual(before);
    expect(await audits()).toBe(1);
  });

  test("with Accept: NDJSON a line per day, then the result", async () => {
    const counts = await counted();
    const res = await t.request(API.request, {
      method: "POST",
      token: tokens.super,
      json: { ...range, counts },
      headers: { accept: NDJSON },
    });
    expect(res.headers.get("content-type")).toBe(NDJSON);
    const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.slice(0, 7)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((done) => ({ type: "progress", done, total: 7 })),
    );
    expect(lines[7]).toMatchObject({ type: "result", reprocessedSummarys: counts.summaries });
  });

  test("one product code narrows what is counted and answered", async () => {
    const db = await t.services.db.tenantDb(processorId);
    const [{ code }] = await db.all<{ code: number }>(
      sql`select product_code_id as code from yield_summaries where species_id = ${SHEEP} limit 1`,
    );
    const narrowed = { ...range, productCodeId: code };
    const counts = await counted(narrowed);
    expect(counts.summaries).toBeLessThan((await counted()).summaries);
    const { body } = await calls.post(API.request, { ...narrowed, counts }, "super");
    expect(body.reprocessedSummarys).toBe(counts.summaries);
  });

  test("the chooser's product codes: the client's codes of the species; 400 without a species; 403 as in the counts", async () => {
    const q = (tenantId: number, speciesId: unknown = SHEEP) =>
      `${API.productCodes}?tenantId=${tenantId}&speciesId=${speciesId}`;
    const { status, body } = await calls.get(q(processorId), "test");
    expect(status).toBe(200);
    const db = await t.services.db.tenantDb(processorId);
    const [{ n }] = await db.all<{ n: number }>(
      sql`select count(*) as n from product_codes where species_id = ${SHEEP}`,
    );
    expect(body.length).toBe(n);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      description: expect.any(String),
    });
    const bad = await calls.get(q(processorId, "x"), "test");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isValidation: true });
    expect((await calls.get(q(processorId), "admin")).status).toBe(403);
    expect((await calls.get(q(countryId), "super")).status).toBe(403);
  });

  test("a range under 1 day or over 21 is refused in words, and nothing changes", async () => {
    const counts = await counted();
    const before = await audits();
    for (
      const [fromDate, toDate, words] of [
        [plantDay(-1), plantDay(-2), "invalid range (21 days is max)"],
        [plantDay(-22), plantDay(-1), "22 day range not allowed (21 days is max)"],
      ]
    ) {
      const { status, body } = await calls.post(API.request, { ...range, fromDate, toDate, counts }, "test");
      expect(status).toBe(400);
      expect(body).toMatchObject({
        isValidation: true,
        title: expect.any(String),
        message: expect.any(String),
      });
      expect(body.errors).toContainEqual(expect.objectContaining({ field: "toDate", message: words }));
      expect((await calls.post(API.countAllocations, { ...range, fromDate, toDate }, "test")).status).toBe(
        400,
      );
    }
    expect(
      (await calls.post(
        API.countMembers,
        { ...range, fromDate: plantDay(-21), toDate: plantDay(-1) },
        "test",
      )).status,
    )
      .toBe(200);
    expect(await audits()).toBe(before);
  });

  test("403: admins and users, another tenant for a tester, a tenant without the onboarding setting", async () => {
    const counts = await counted();
    for (const who of ["admin", "user"]) {
      expect((await calls.post(API.countAllocations, range, who)).status).toBe(403);
      expect((await calls.post(API.request, { ...range, counts }, who)).status).toBe(403);
    }
    const country = { ...range, tenantId: countryId };
    expect((await calls.post(API.countAllocations, country, "test")).status).toBe(403);
    const refused = await calls.post(API.request, { ...country, counts }, "super");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("onboarding");
  });

  test("409 when the counts changed since they were counted; nothing is rebuilt", async () => {
    const counts = await counted();
    const before = await audits();
    const { status, body } = await calls.post(API.request, {
      ...range,
      counts: { ...counts, products: counts.products + 1 },
    }, "support");
    expect(status).toBe(409);
    expect(body.message).toBe("The cartons changed since they were counted: count again, then reprocess.");
    expect(await audits()).toBe(before);
  });
});

describe("one run per tenant and species across instances (a lease in the control database)", () => {
  let b: TestApp;
  const onB = async (body: unknown) => {
    const res = await b.request(API.request, {
      method: "POST",
      token: await b.login("test@demo.processor"),
      json: body,
    });
    return { status: res.status, body: await res.json() };
  };
  const leases = () => t.services.db.control.select().from(reprocessLeases);
  beforeAll(async () => {
    b = await startTestApp({ DATA_DIR: t.dataDir });
  });
  afterAll(() => b?.close());

  test("a run held on one instance refuses the other's in words until released; the holder's row goes at the end", async () => {
    const counts = await counted();
    const held = await takeLease(
      t.services.db.control,
      range as { tenantId: number; speciesId: number },
      "Tess Tester",
    );
    if (!("lease" in held)) throw new Error("the lease should be free");
    const refused = await onB({ ...range, counts });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Tess Tester has been reprocessing ${DEMO_PROCESSOR}'s sheep since \\d{1,2} \\w{3} \\d{4}, .+: wait`,
      ),
    );
    await held.lease.release();
    expect((await onB({ ...range, counts })).status).toBe(200);
    expect(await leases()).toEqual([]);
  });

  test("a lease left by a server that died is taken over once expired", async () => {
    const counts = await counted();
    // a lease between servers runs on real elapsed time (a dead server's lease must lapse): the real clock
    const now = new Date();
    await t.services.db.control.insert(reprocessLeases).values({
      tenantId: processorId,
      speciesId: SHEEP,
      instanceId: "plant-2:4242",
      runId: "gone",
      holderName: "Sam Support",
      takenAt: new Date(now.getTime() - 120_000).toISOString(),
      expiresAt: new Date(now.getTime() + 60_000).toISOString(),
    });
    const refused = await onB({ ...range, counts });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Sam Support has been reprocessing");
    expect(refused.body.message).toContain("on another server");
    await t.services.db.control.update(reprocessLeases).set({
      expiresAt: new Date(now.getTime() - 1).toISOString(),
    });
    const done = await onB({ ...range, counts });
    expect(done.status).toBe(200);
    expect(done.body.reprocessedSummarys).toBe(counts.summaries);
    expect(await leases()).toEqual([]);
  });
});
