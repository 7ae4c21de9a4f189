/**
 * The yield reports' API (issue 38 item 3): the run analysis and a run's detail, saved summary and
 * operational reports (list, read, save with 409 and audit, delete by the owner or an admin), a report's
 * figures and CSV, over the demo's boning season on the pinned day. Every call: a bad input (400 in the
 * catalogue's shape), another tenant, the display role and a tenant without yieldReporting (403), revenue
 * fields absent without yieldRevenue, a plant outside the user's visibility refused, another's private
 * report not there (404).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { auditLog } from "../../db/tenant/schema.ts";
import { addDays } from "../../kernel/dates.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const SHEEP = 1;
const TODAY = plantDay();
const headers = { "x-local-date": TODAY };
const WEEK = { speciesId: SHEEP, fromDate: addDays(TODAY, -7), toDate: addDays(TODAY, -1) };

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const call = async (path: string, init: { method?: string; json?: unknown }, who: string) => {
  const res = await t.request(path, { ...init, token: tokens[who], headers });
  const text = await res.text();
  // deno-lint-ignore no-explicit-any
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch { /* CSV */ }
  return { status: res.status, body, type: res.headers.get("content-type") ?? "" };
};
const get = (path: string, who = "admin") => call(path, {}, who);
const post = (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who);
const query = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

const API = {
  analysis: (o: Record<string, unknown> = WEEK) => `/api/yield/GetRunAnalysis?${query(o)}`,
  detail: (id: number) => `/api/yield/GetRunDetail/${id}`,
  list: (kind = "summary") => `/api/yield/GetYieldReports?kind=${kind}`,
  one: (id: number) => `/api/yield/GetYieldReport/${id}`,
  upsert: "/api/yield/UpsertYieldReport",
  delete: "/api/yield/DeleteYieldReport",
  run: (id: number) => `/api/yield/RunYieldReport/${id}`,
  export: (id: number) => `/api/yield/ExportYieldReport/${id}`,
};

const summary = (more: Record<string, unknown> = {}) => ({
  kind: "summary",
  name: "Sheep cuts this week",
  speciesId: SHEEP,
  rangeKind: "relative",
  relativeDays: 7,
  groupBy: "cut",
  columns: [2, 9, 16, 17, 18, 25],
  isShared: true,
  ...more,
});

let runId = 0;
let shared = 0;

describe("the run analysis", () => {
  test("every run of the week, worst variance first, with supplier, head, HSCW, fat, yield, standard, $/head", async () => {
    const { status, body } = await get(API.analysis());
    expect(status).toBe(200);
    expect(body).toMatchObject({ speciesId: SHEEP, fromDate: WEEK.fromDate, toDate: WEEK.toDate });
    expect(body.runs.length).toBeGreaterThan(2);
    const variances = body.runs.map((r: { variancePp: number }) => r.variancePp);
    expect(variances).toEqual([...variances].sort((a, b) => a - b));
    const run = body.runs[0];
    expect(run.head).toBeGreaterThan(0);
    expect(run.averageHscwKg).toBeGreaterThan(0);
    expect(run.yieldPercent).toBeGreaterThan(0);
    expect(run.variancePp).toBeCloseTo(run.yieldPercent - run.standardPercent, 6);
    expect(typeof run.revenuePerHead).toBe("number");
    expect(run.plant).toBeTruthy();
    runId = run.runId;
    // day against night shift
    expect(body.shifts.map((s: { shift: string }) => s.shift)).toEqual(["day", "night"]);
    expect(body.shifts[0].head).toBeGreaterThan(0);
  });

  test("a run's product codes against standard and its mass balance closing to 100 %", async () => {
    const { status, body } = await get(API.detail(runId));
    expect(status).toBe(200);
    expect(body.run.runId).toBe(runId);
    expect(body.codes.length).toBeGreaterThan(3);
    expect(body.codes[0].kg).toBeGreaterThan(0);
    expect(body.massBalance.map((l: { kind: string }) => l.kind)).toEqual([
      "product",
      "bone",
      "fat",
      "trim",
      "unaccounted",
    ]);
    const percent = body.massBalance.reduce((s: number, l: { percent: number }) => s + l.percent, 0);
    expect(percent).toBeCloseTo(100, 6);
    expect((await get(API.detail(99_999_999))).status).toBe(404);
  });

  test("400 in the catalogue's shape for a bad filter", async () => {
    const bad = await get(API.analysis({ speciesId: SHEEP, fromDate: "2026-02-30", toDate: TODAY }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field ?? bad.body.fields?.[0]?.field ?? JSON.stringify(bad.body)).toContain(
      "fromDate",
    );
    const backwards = await get(API.analysis({ ...WEEK, fromDate: TODAY, toDate: WEEK.fromDate }));
    expect(backwards.status).toBe(400);
  });
});

describe("saved reports", () => {
  test("the demo's reports are listed with owner, last change, columns and delete allowed", async () => {
    const { status, body } = await get(API.list());
    expect(status).toBe(200);
    const lamb = body.find((r: { name: string }) => r.name === "Lamb primals last 14 days");
    expect(lamb).toMatchObject({
      species: "Sheep",
      isShared: true,
      range: "Last 14 days",
      isDeleteAllowed: true,
    });
    expect(lamb.columns.length).toBeGreaterThan(3);
    const ops = (await get(API.list("operational"))).body;
    expect(ops.map((r: { name: string }) => r.name)).toContain("Wagga lamb today");
  });

  test("a user saves a shared report, reads it, runs it (rows, total) and exports CSV; audited", async () => {
    const saved = await post(API.upsert, summary(), "user");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Sheep cuts this week", kind: "summary", isEditAllowed: true });
    shared = saved.body.id;
    expect((await get(API.one(shared))).body.filters).toEqual({ relativeDays: 7 });
    const run = await get(API.run(shared), "user");
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ fromDate: WEEK.fromDate, toDate: WEEK.toDate });
    expect(run.body.columns.map((c: { key: number }) => c.key)).toEqual([2, 9, 16, 17, 18, 25]);
    expect(run.body.rows.length).toBeGreaterThan(3);
    expect(run.body.total["16"]).toBeGreaterThan(0);
    const csv = await get(API.export(shared), "user");
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    expect(String(csv.body).split("\r\n")[1]).toContain("Yield (%)");
    const audit = await (await t.services.db.tenantDb(1)).select().from(auditLog)
      .where(and(eq(auditLog.entity, "yieldReport"), eq(auditLog.entityId, String(shared))));
    expect(audit.length).toBeGreaterThan(0);
  });

  test("409 on a stale lastModified; 400 for no columns, a revenue-free kind mix-up, fixed without dates", async () => {
    const current = (await get(API.one(shared), "user")).body;
    const changed = await post(
      API.upsert,
      summary({ id: shared, lastModified: current.lastModified, name: "Renamed" }),
      "user",
    );
    expect(changed.status).toBe(200);
    const stale = await post(API.upsert, summary({ id: shared, lastModified: current.lastModified }), "user");
    expect(stale.status).toBe(409);
    const none = await post(API.upsert, summary({ columns: [] }));
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("columns");
    const fixed = await post(API.upsert, summary({ rangeKind: "fixed", fromDate: WEEK.fromDate }));
    expect(fixed.status).toBe(400);
    expect((await post(API.upsert, summary({ columns: [64] }))).status).toBe(400);
  });

  test("a private report is its owner's alone: 404 for anybody else, admins too", async () => {
    const mine = await post(API.upsert, summary({ name: "My own", isShared: false }), "user");
    expect(mine.status).toBe(200);
    const id = mine.body.id;
    expect((await get(API.one(id), "user")).status).toBe(200);
    expect((await get(API.one(id), "admin")).status).toBe(404);
    expect((await get(API.run(id), "admin")).status).toBe(404);
    expect((await get(API.list(), "admin")).body.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await post(API.delete, { id }, "user")).status).toBe(200);
  });

  test("deleting: a user may not delete someone else's report (403), an admin may", async () => {
    const adminOwn = await post(API.upsert, summary({ name: "Admin's" }), "admin");
    const listed = (await get(API.list(), "user")).body.find((r: { id: number }) =>
      r.id === adminOwn.body.id
    );
    expect(listed.isDeleteAllowed).toBe(false);
    expect((await post(API.delete, { id: adminOwn.body.id }, "user")).status).toBe(403);
    expect((await post(API.upsert, summary({ id: adminOwn.body.id, name: "Mine now" }), "user")).status).toBe(
      403,
    );
    expect((await post(API.delete, { id: shared }, "admin")).status).toBe(200);
    expect((await get(API.one(shared))).status).toBe(404);
    expect((await post(API.delete, { id: adminOwn.body.id }, "admin")).status).toBe(200);
  });
});

describe("who may call", () => {
  const everyCall = (id: number) => [
    (who: string) => get(API.analysis(), who),
    (who: string) => get(API.detail(runId), who),
    (who: string) => get(API.list(), who),
    (who: string) => get(API.one(id), who),
    (who: string) => post(API.upsert, summary(), who),
    (who: string) => post(API.delete, { id }, who),
    (who: string) => get(API.export(id), who),
  ];

  test("another tenant, the display role and a tenant without yieldReporting: 403", async () => {
    const lamb = (await get(API.list())).body.find((r: { name: string }) =>
      r.name === "Lamb primals last 14 days"
    );
    for (const ask of everyCall(lamb.id)) {
      expect((await ask("farm")).status).toBe(403);
      expect((await ask("display")).status).toBe(403);
    }
    // the TV reads a shared report's figures
    expect((await get(API.run(lamb.id), "display")).status).toBe(200);
    expect((await get(API.run(lamb.id), "farm")).status).toBe(403);
  });

  test("a plant outside the user's plant and species visibility is refused (403)", async () => {
    const users = (await get("/api/user/GetTenantUsers")).body as { id: number; email: string }[];
    const user = users.find((u) => u.email === "user@demo.processor")!;
    const plants = (await get(API.analysis())).body.plantIds as number[];
    if (plants.length < 2) return;
    const [seen, other] = plants;
    await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [{ tenantSiteId: seen, speciesType: SHEEP }],
    });
    try {
      expect((await get(API.analysis({ ...WEEK, plantIds: other }), "user")).status).toBe(403);
      expect((await post(API.upsert, summary({ plantIds: [other] }), "user")).status).toBe(403);
      const runs = (await get(API.analysis({ ...WEEK, plantIds: other }))).body.runs;
      expect((await get(API.detail(runs[0].runId), "user")).status).toBe(403);
    } finally {
      await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
        userId: user.id,
        plantSpeciesVisibility: [],
      });
    }
  });

  test("without yieldRevenue: no revenue field, a saved revenue column simply absent", async () => {
    const lamb = (await get(API.list())).body.find((r: { name: string }) =>
      r.name === "Lamb primals last 14 days"
    );
    const withRevenue = (await get(API.run(lamb.id))).body;
    expect(withRevenue.columns.some((c: { key: number }) => c.key === 23)).toBe(true);
    await t.services.db.control.update(tenantModules).set({ isEnabled: false })
      .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "yieldRevenue")));
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      const analysis = await get(API.analysis());
      expect(analysis.status).toBe(200);
      const detail = await get(API.detail(runId));
      const text = JSON.stringify([analysis.body, detail.body]);
      for (const field of ["revenuePerHead", "revenueVariancePerHead", "revenue", "revenueVariance"]) {
        expect(text).not.toContain(`"${field}"`);
      }
      const run = (await get(API.run(lamb.id))).body;
      expect(run.columns.map((c: { key: number }) => c.key)).not.toContain(23);
      expect(Object.keys(run.total)).not.toContain("23");
      expect(run.report.columns).not.toContain(23);
      expect((await post(API.upsert, summary({ columns: [16, 23] }))).status).toBe(400);
    } finally {
      await t.services.db.control.update(tenantModules).set({ isEnabled: true })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "yieldRevenue")));
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });
});
