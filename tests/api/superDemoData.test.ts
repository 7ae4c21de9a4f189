/**
 * api/super demo data (issue 43 item 3): the catalogue, loads by option into a chosen organisation, the
 * same set giving the same rows, purges only of a demo or test organisation where the environment allows
 * it, and super only. Real app, real database files (DEMO_DATA_PURGE=allowed for this app).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, asc, count, eq, inArray, isNotNull, like } from "drizzle-orm";
import { jsonCalls, startTestApp, type TestApp } from "../helpers/app.ts";
import { demoDataRows, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { superAudit } from "../../db/control/schema.ts";

let t: TestApp;
const tokens: Record<string, string> = {};
const calls = jsonCalls(() => t, tokens);
const DEMO = 1; // Demo Processing: marked demo by the seed
const COUNTRY = 3; // Demo Country Meats: not marked

const load = (json: Record<string, unknown>, who = "super") =>
  calls.post("/api/super/LoadDemoData", {
    tenantId: DEMO,
    setId: 200,
    option: 3,
    productsPerDay: 3,
    maxDays: 4,
    cutId: 10,
    ...json,
  }, who);
const rowsOf = async (tenantId: number) =>
  (await t.services.db.tenantDb(tenantId)).select().from(demoDataRows).orderBy(asc(demoDataRows.id));
const countOf = async (tenantId: number) =>
  (await (await t.services.db.tenantDb(tenantId)).select({ n: count() }).from(demoDataRows))[0].n;

beforeAll(async () => {
  t = await startTestApp({ DEMO_DATA_PURGE: "allowed" });
  for (const role of ["super", "admin", "user", "test", "support"]) {
    tokens[role] = await t.login(`${role}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

describe("the catalogue and the status", () => {
  test("lists the sets 100–903 with descriptions; the status says the mark and the rows", async () => {
    const sets = await calls.get("/api/super/GetDemoDataSets", "super");
    expect(sets.status).toBe(200);
    expect(sets.body[0]).toMatchObject({ id: 100, group: "Business cases" });
    expect(sets.body.every((s: { description: string }) => s.description.length > 0)).toBe(true);
    const status = await calls.get(`/api/super/GetDemoDataStatus?tenantId=${DEMO}`, "super");
    expect(status.body).toMatchObject({
      tenantName: "Demo Processing",
      mark: "demo",
      purgeAllowedHere: true,
      purgeRefusal: null,
    });
  });
});

describe("loads", () => {
  test("update (the default) adds the set's rows, then finds them unchanged; the same set gives the same rows", async () => {
    const first = await load({});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ added: 12, updated: 0, unchanged: 0, removed: 0, total: 12 });
    const before = (await rowsOf(DEMO)).map(({ id: _, createdAt: _c, lastModified: _l, ...r }) => r);
    const again = await load({});
    expect(again.body).toMatchObject({ added: 0, updated: 0, unchanged: 12, total: 12 });
    const after = (await rowsOf(DEMO)).map(({ id: _, createdAt: _c, lastModified: _l, ...r }) => r);
    expect(after).toEqual(before);
    expect(first.body.summary).toMatch(
      // its four days killed on the kill floor (their head: the set's head a day)
      /^Standard demo: 12 rows added, 0 rows updated, 0 unchanged; 12 demo rows now\. [\d,]+ carcasses killed on the kill floor, [\d,]+ cartons boned\.$/,
    );
  });

  test("append adds them again; purge and create leaves only the set's rows; rows to process stops early", async () => {
    expect((await load({ option: 1 })).body).toMatchObject({ added: 12, total: 24 });
    const purged = await load({ option: 2, rowsToProcess: 5 });
    expect(purged.body).toMatchObject({ removed: 24, added: 5, total: 5 });
    // a day at a time (the screen's progress): the purge goes with the first day only
    expect((await load({ option: 2, onlyDay: 1 })).body).toMatchObject({ removed: 5, added: 3, total: 3 });
    expect((await load({ option: 2, onlyDay: 2 })).body).toMatchObject({ removed: 0, added: 3, total: 6 });
    const audit = await t.services.db.control.select().from(superAudit);
    expect(audit.filter((a) => a.action === "LoadDemoData").length).toBeGreaterThanOrEqual(5);
  });

  test("a purge of an organisation not marked demo or test is refused and changes nothing", async () => {
    expect((await load({ tenantId: COUNTRY, option: 1 })).body.total).toBe(12);
    const refused = await load({ tenantId: COUNTRY, option: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only an organisation marked demo or test can be purged/);
    expect((await calls.post("/api/super/ResetDemoData", { tenantId: COUNTRY }, "super")).status).toBe(403);
    expect(await countOf(COUNTRY)).toBe(12);
    // marked test, it may be reset
    const marked = await calls.post(
      "/api/super/MarkDemoTenant",
      { tenantId: COUNTRY, mark: "test" },
      "super",
    );
    expect(marked.body).toMatchObject({ mark: "test", purgeRefusal: null, rows: 12 });
    expect((await calls.post("/api/super/ResetDemoData", { tenantId: COUNTRY }, "super")).body.removed).toBe(
      12,
    );
    expect(await countOf(COUNTRY)).toBe(0);
  });
});

describe("a set on the kill floor and in the yields", () => {
  test("a loaded set's days have an order, carcasses on the kill floor and a boning run; a second load adds none", async () => {
    // set 900 (a handful of head a day), two days: each its order delivered the day before, killed
    const json = { setId: 900, maxDays: 2, productsPerDay: 2, option: 1 };
    const loaded = await load(json);
    expect(loaded.status).toBe(200);
    const [dayOne, dayTwo] = [
      ...new Set(
        (await rowsOf(DEMO)).filter((r) => r.setId === 900)
          .map((r) => r.productionDate),
      ),
    ].sort();
    expect(loaded.body.summary).toMatch(/carcasses killed on the kill floor, \d+ cartons boned\.$/);
    for (const date of [dayOne, dayTwo]) {
      const day = await calls.get(`/api/killfloor/GetKillFloorDay?date=${date}&speciesId=1`, "admin");
      expect(day.status).toBe(200);
      const mobs = day.body.mobs.filter((m: { supplierId: number; processed: number; head: number }) =>
        m.processed > 0 && m.processed === m.head
      );
      expect(mobs.length, date).toBeGreaterThan(0);
      const orders = await (await t.services.db.tenantDb(DEMO)).select().from(livestockOrders)
        .where(eq(livestockOrders.notes, `Demo data set 900, kill on ${date}`));
      expect(orders).toHaveLength(1);
      expect(mobs.map((m: { livestockOrderId: number }) => m.livestockOrderId)).toContain(orders[0].id);
      // boned the same day: the yield's day has the set's run (500 up) with its head and a yield
      const yields = await calls.get(
        `/api/yield/GetDayDetail?speciesId=1&plantId=${day.body.siteId}&date=${date}`,
        "admin",
      );
      expect(yields.status).toBe(200);
      const run = yields.body.runs.find((r: { runNumber: number }) => r.runNumber >= 500);
      expect(run, date).toBeDefined();
      expect(run.head).toBeGreaterThan(0);
      expect(run.yieldPercent).toBeGreaterThan(0);
    }
    const again = await load(json);
    expect(again.body.summary).not.toMatch(/kill floor/);
    const orders = await (await t.services.db.tenantDb(DEMO)).select().from(livestockOrders)
      .where(like(livestockOrders.notes, "Demo data set 900, %"));
    expect(orders).toHaveLength(2);
  });
});

describe("refusals", () => {
  test("400 in the catalogue's shape for a set id, option or filter out of range; nothing changes", async () => {
    const before = await countOf(DEMO);
    for (
      const [json, field] of [
        [{ setId: 99 }, "setId"],
        [{ setId: 150 }, "setId"],
        [{ setId: 904 }, "setId"],
        [{ option: 4 }, "option"],
        [{ productsPerDay: 0 }, "productsPerDay"],
        [{ maxDays: 0 }, "maxDays"],
        [{ cutId: 0 }, "cutId"],
        [{ rowsToProcess: 0 }, "rowsToProcess"],
      ] as const
    ) {
      const res = await load(json);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ title: "Bad Request", isValidation: true });
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await load({ setId: 150 })).body.message).toMatch(/There is no demo data set 150/);
    expect(await countOf(DEMO)).toBe(before);
  });

  test("403 for every role but super, and for another organisation's admin", async () => {
    const before = await countOf(DEMO);
    for (const who of ["admin", "user", "test", "support", "farm"]) {
      expect((await load({ option: 1 }, who)).status, who).toBe(403);
      expect((await calls.get("/api/super/GetDemoDataSets", who)).status, who).toBe(403);
      expect((await calls.post("/api/super/MarkDemoTenant", { tenantId: DEMO, mark: null }, who)).status)
        .toBe(403);
    }
    expect(await countOf(DEMO)).toBe(before);
  });
});

describe("process test orders", () => {
  const processOrders = (json: Record<string, unknown>, who = "super") =>
    calls.post("/api/super/ProcessTestOrders", { tenantId: DEMO, ...json }, who);
  const audited = async () =>
    (await t.services.db.control.select().from(superAudit)).filter((r) => r.action === "ProcessTestOrders")
      .length;

  test("kills the day's mobs waiting at the kill floor, then finds none waiting; each run audited", async () => {
    // a penned sheep order sent to the kill floor (as the yard would): it waits for carcass records
    const db = await t.services.db.tenantDb(DEMO);
    const [mob] = await db.select().from(stockMobs).where(and(
      eq(stockMobs.speciesId, 1),
      inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
      isNotNull(stockMobs.penId),
      isNotNull(stockMobs.applicableProductionDate),
    )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
    const date = mob.applicableProductionDate!;
    const sent = await calls.post("/api/stockyard/SendToKillFloor", {
      livestockOrderId: mob.livestockOrderId,
    }, "admin");
    expect(sent.status).toBe(200);

    const first = await processOrders({ date });
    expect(first.status).toBe(200);
    const sheep = first.body.steps.find((x: { speciesName: string }) => x.speciesName === "Sheep");
    expect(sheep.carcasses).toBeGreaterThanOrEqual(mob.head);
    expect(first.body.message).toMatch(/carcasses? killed on \d{1,2} \w{3} 2026 \(.*sheep at /);
    const again = await processOrders({ date });
    expect(again.body.steps).toEqual([]);
    expect(again.body.message).toMatch(
      /^Nothing waited at Demo Processing's kill floor on \d{1,2} \w{3} 2026\.$/,
    );
    expect(await audited()).toBe(2);
  });

  test("refused: a processor not marked demo or test (403 in words), every role but super, a bad date", async () => {
    await calls.post("/api/super/MarkDemoTenant", { tenantId: COUNTRY, mark: null }, "super");
    const before = await audited();
    const unmarked = await processOrders({ tenantId: COUNTRY });
    expect(unmarked.status).toBe(403);
    expect(unmarked.body.message).toBe(
      "Demo Country Meats is not a processor marked demo or test: test orders are processed only there.",
    );
    for (const who of ["admin", "user", "test", "support", "farm"]) {
      expect((await processOrders({}, who)).status, who).toBe(403);
    }
    const bad = await processOrders({ date: "2026-13-01" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      isValidation: true,
      title: expect.any(String),
      message: expect.any(String),
    });
    expect(await audited()).toBe(before);
  });
});
