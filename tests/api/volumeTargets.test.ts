/**
 * api/livestock kill volume targets and orders versus targets, over real HTTP and real db files. Targets
 * made here are for pigs (no demo targets or orders), so the tests hold whether or not the demo data set
 * seeds sheep and beef targets.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import {
  auditLog,
  killVolumeTargets,
  livestockOrderGroups,
  livestockOrders,
  suppliers,
} from "../../db/tenant/schema.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";
import { addDays } from "../../kernel/dates.ts";
import { seedVolumeTargets } from "../../server/areas/livestock/volumeTargets/seed.ts";
import { plantDay, plantNoon } from "../helpers/clock.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let sites: { id: number; name: string }[] = [];

const PIG = 3;
// the test app's pinned day, a Wednesday, whatever the real day (a client's date is honoured only within a
// day of it), and the Monday after it
const TODAY = plantDay();
const MON = plantDay(5);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
  const model = await (await t.request("/login/usermodel", { token: tokens.admin })).json();
  sites = model.tenantSites;
});
afterAll(() => t.close());

const headers = { "x-local-date": TODAY };
const get = async (path: string, who = "admin") => {
  const res = await t.request(path, { token: tokens[who], headers });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, who = "admin") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json, headers });
  return { status: res.status, body: await res.json() };
};
const upsert = (json: Record<string, unknown>, who = "admin") =>
  post("/api/livestock/UpsertKillVolumeTarget", json, who);
const pigTargets = async () => (await get(`/api/livestock/GetKillVolumeTargets?speciesId=${PIG}`)).body;
const tenantDb = () => t.services.db.tenantDb(1);

describe("adding and reading targets", () => {
  test("a user adds one: Monday–Friday by default, days operating counted, audited, pushed to KillVolumeTargets", async () => {
    const conn = hubClient(t.origin, tokens.user);
    await conn.start();
    try {
      expect(await conn.invoke("RegisterRefreshInterest", "KillVolumeTargets")).toEqual([
        "KillVolumeTargets",
      ]);
      const told = nextEvent<{ killVolumeTargetId: number }>(conn, "killVolumeTargetUpdated");
      const saved = await upsert({ speciesId: PIG, weeklyTarget: 2_000, startDate: MON }, "user");
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        speciesId: PIG,
        species: "Pig",
        tenantSiteId: null,
        tenantSite: "All sites",
        weekDaysSelected: [true, true, true, true, true, false, false],
        daysOperatingPerWeek: 5,
        weeklyTarget: 2_000,
        dailyTarget: 400,
        startDate: MON,
        endDate: null,
        timing: "future",
      });
      expect(await told).toEqual({ killVolumeTargetId: saved.body.id });
      const db = await tenantDb();
      const audit = await db.select().from(auditLog).where(
        and(eq(auditLog.entity, "killVolumeTarget"), eq(auditLog.entityId, String(saved.body.id))),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: "create", userName: "User Demo" });

      const one = await get(`/api/livestock/GetKillVolumeTarget/${saved.body.id}`);
      expect(one).toMatchObject({ status: 200, body: { id: saved.body.id, weeklyTarget: 2_000 } });
      expect((await pigTargets()).map((x: { id: number }) => x.id)).toContain(saved.body.id);
      const sheepOnly = (await get("/api/livestock/GetKillVolumeTargets?speciesId=1")).body;
      expect(sheepOnly.every((x: { speciesId: number }) => x.speciesId === 1)).toBe(true);
    } finally {
      await conn.stop();
    }
  });

  test("the data form's weekday checkboxes (keys 0–6) and a site are accepted", async () => {
    const saved = await upsert({
      speciesId: PIG,
      tenantSiteId: sites[0].id,
      weeklyTarget: 900,
      startDate: MON,
      endDate: addDays(MON, 27),
      weekDaysSelected: { 0: false, 1: true, 2: false, 3: true, 4: false, 5: true, 6: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      tenantSite: sites[0].name,
      weekDaysSelected: [false, true, false, true, false, true, false],
      daysOperatingPerWeek: 3,
      dailyTarget: 300,
    });
  });

  test("targets are ordered by species then newest period first, with their timing", async () => {
    const all = (await get("/api/livestock/GetKillVolumeTargets")).body as {
      speciesId: number;
      startDate: string;
      timing: string;
    }[];
    const keys = all.map((x) => `${x.speciesId}`);
    expect(keys).toEqual([...keys].sort());
    const pigs = all.filter((x) => x.speciesId === PIG);
    expect(pigs.every((x) => x.timing === "future")).toBe(true);
  });
});

describe("validation: a 400 that changes nothing", () => {
  test("bad fields, foreign species or site, impossible periods and overlaps are refused per field", async () => {
    const before = await pigTargets();
    const cases: [Record<string, unknown>, string][] = [
      [
        { speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06", daysOperatingPerWeek: 4 },
        "daysOperatingPerWeek",
      ],
      [
        { speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06", daysOperatingPerWeek: 8 },
        "daysOperatingPerWeek",
      ],
      [{ speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06", endDate: "2031-01-05" }, "endDate"],
      [{ speciesId: PIG, weeklyTarget: -5, startDate: "2031-01-06" }, "weeklyTarget"],
      [{ speciesId: PIG, weeklyTarget: 10.5, startDate: "2031-01-06" }, "weeklyTarget"],
      [{ speciesId: PIG, startDate: "2031-01-06" }, "weeklyTarget"],
      [{ speciesId: PIG, weeklyTarget: 1000, startDate: "2031-02-30" }, "startDate"],
      [{ speciesId: PIG, weeklyTarget: 1000, startDate: "06/01/2031" }, "startDate"],
      [{ speciesId: 4, weeklyTarget: 1000, startDate: "2031-01-06" }, "speciesId"], // goats: not this plant's
      [{ speciesId: PIG, tenantSiteId: 999, weeklyTarget: 1000, startDate: "2031-01-06" }, "tenantSiteId"],
      [{
        speciesId: PIG,
        weeklyTarget: 1000,
        startDate: "2031-01-06",
        weekDaysSelected: Array(7).fill(false),
      }, "weekDaysSelected"],
      [
        { speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06", weekDaysSelected: [true, true] },
        "weekDaysSelected",
      ],
      // the whole-plant pig target from MON runs on: a later whole-plant one overlaps it
      [{ speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06" }, "startDate"],
    ];
    for (const [body, field] of cases) {
      const res = await upsert(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.isValidation).toBe(true);
      expect(res.body.errors.map((e: { field: string }) => e.field), JSON.stringify(body)).toContain(field);
    }
    const overlap = await upsert({ speciesId: PIG, weeklyTarget: 1000, startDate: "2031-01-06" });
    expect(overlap.body.message).toMatch(
      new RegExp(`Overlaps target #\\d+ \\(${MON} onwards, 2000 head a week\\)`),
    );
    expect(await pigTargets()).toEqual(before);
  });

  test("another site's target may share the period; ending the open one first lets a new one follow", async () => {
    const other = await upsert({
      speciesId: PIG,
      tenantSiteId: sites[1].id,
      weeklyTarget: 500,
      startDate: MON,
    });
    expect(other.status).toBe(200);
    const open = (await pigTargets()).find((x: { tenantSiteId: number | null }) => x.tenantSiteId === null);
    const ended = await upsert({ ...open, endDate: "2031-01-05", lastModified: open.lastModified });
    expect(ended.status).toBe(200);
    const next = await upsert({
      speciesId: PIG,
      weeklyTarget: 2_500,
      startDate: "2031-01-06",
      endDate: "2031-12-28",
    });
    expect(next.status).toBe(200);
  });
});

describe("editing and deleting", () => {
  test("an edit with the lastModified read is saved; a stale one is 409 and changes nothing", async () => {
    const created = (await upsert({
      speciesId: PIG,
      tenantSiteId: sites[0].id,
      weeklyTarget: 700,
      startDate: "2032-01-05",
      endDate: "2032-12-26",
    }))
      .body;
    const edited = await upsert({ ...created, weeklyTarget: 1_400, lastModified: created.lastModified });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ weeklyTarget: 1_400, dailyTarget: 280 });
    expect(edited.body.lastModified > created.lastModified).toBe(true);
    const stale = await upsert({ ...created, weeklyTarget: 9_999, lastModified: created.lastModified });
    expect(stale.status).toBe(409);
    expect(stale.body.title).toBe("Change Conflict");
    expect((await get(`/api/livestock/GetKillVolumeTarget/${created.id}`)).body.weeklyTarget).toBe(1_400);
    const db = await tenantDb();
    const audit = await db.select().from(auditLog).where(
      and(eq(auditLog.entity, "killVolumeTarget"), eq(auditLog.entityId, String(created.id))),
    );
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1].after).toEqual({ weeklyTarget: 1_400 });
  });

  test("an unknown id is 404 for reads, edits and deletes", async () => {
    expect((await get("/api/livestock/GetKillVolumeTarget/999999")).status).toBe(404);
    expect((await upsert({ id: 999999, speciesId: PIG, weeklyTarget: 1, startDate: "2040-01-02" })).status)
      .toBe(404);
    expect((await post("/api/livestock/DeleteKillVolumeTarget", { killVolumeTargetId: 999999 })).status).toBe(
      404,
    );
  });

  test("delete: stale is 409; then it is gone, audited and announced", async () => {
    const created = (await upsert({
      speciesId: PIG,
      tenantSiteId: sites[0].id,
      weeklyTarget: 100,
      startDate: "2033-01-03",
      endDate: "2033-12-25",
    }))
      .body;
    const edited = (await upsert({ ...created, weeklyTarget: 150, lastModified: created.lastModified })).body;
    const stale = await post("/api/livestock/DeleteKillVolumeTarget", {
      killVolumeTargetId: created.id,
      lastModified: created.lastModified,
    });
    expect(stale.status).toBe(409);
    const conn = hubClient(t.origin, tokens.admin);
    await conn.start();
    try {
      await conn.invoke("RegisterRefreshInterest", "KillVolumeTargets");
      const told = nextEvent<{ killVolumeTargetId: number }>(conn, "killVolumeTargetUpdated");
      const done = await post("/api/livestock/DeleteKillVolumeTarget", {
        killVolumeTargetId: created.id,
        lastModified: edited.lastModified,
      });
      expect(done).toEqual({ status: 200, body: { killVolumeTargetId: created.id } });
      expect(await told).toEqual({ killVolumeTargetId: created.id });
    } finally {
      await conn.stop();
    }
    expect((await get(`/api/livestock/GetKillVolumeTarget/${created.id}`)).status).toBe(404);
    const db = await tenantDb();
    const [audit] = await db.select().from(auditLog).where(
      and(eq(auditLog.entity, "killVolumeTarget"), eq(auditLog.action, "delete")),
    );
    expect(audit).toMatchObject({ entityId: String(created.id), userName: "Admin Demo" });
    expect(audit.before).toMatchObject({ weeklyTarget: 150, startDate: "2033-01-03" });
  });
});

describe("who may", () => {
  test("the display role is refused reads and writes (403) and nothing is saved", async () => {
    const before = await pigTargets();
    expect((await get("/api/livestock/GetKillVolumeTargets", "display")).status).toBe(403);
    expect((await get("/api/livestock/GetOrdersVersusTargets", "display")).status).toBe(403);
    const res = await upsert({ speciesId: PIG, weeklyTarget: 1, startDate: "2040-01-02" }, "display");
    expect(res.status).toBe(403);
    expect(res.body.title).toBe("Unauthorised");
    expect(await pigTargets()).toEqual(before);
  });

  test("a producer's organisation (it holds the livestock module) neither reads nor writes targets", async () => {
    // its modules count for nothing on a plant's API; another processor's reach is walked by
    // tests/security/authorization.test.ts
    const mine = (await pigTargets())[0];
    const list = await get("/api/livestock/GetKillVolumeTargets", "farm");
    expect(list.status).toBe(403);
    const write = await upsert({ speciesId: 1, weeklyTarget: 10, startDate: "2040-01-02" }, "farm");
    expect(write.status).toBe(403);
    expect((await get(`/api/livestock/GetKillVolumeTarget/${mine.id}`, "farm")).status).toBe(403);
    const del = await post("/api/livestock/DeleteKillVolumeTarget", { killVolumeTargetId: mine.id }, "farm");
    expect(del.status).toBe(403);
    expect((await get(`/api/livestock/GetKillVolumeTarget/${mine.id}`)).status).toBe(200);
    const farmDb = await t.services.db.tenantDb(2);
    expect(await farmDb.select().from(killVolumeTargets)).toEqual([]);
  });

  test("signed out is 401", async () => {
    const res = await t.request("/api/livestock/GetKillVolumeTargets");
    expect(res.status).toBe(401);
  });
});

describe("orders versus targets", () => {
  const FROM = "2034-01-02"; // a Monday
  let site: number;

  beforeAll(async () => {
    site = sites[0].id;
    // a whole-plant pig target for a week and a site's, and pig orders (one cancelled) to compare with
    const plant = await upsert({
      speciesId: PIG,
      weeklyTarget: 1_000,
      startDate: FROM,
      endDate: addDays(FROM, 6),
      weekDaysSelected: [true, true, true, false, false, false, false],
    });
    const ofSite = await upsert({
      speciesId: PIG,
      tenantSiteId: site,
      weeklyTarget: 700,
      startDate: FROM,
      endDate: addDays(FROM, 6),
    });
    expect([plant.status, ofSite.status]).toEqual([200, 200]);
    const db = await tenantDb();
    const [supplier] = await db.select().from(suppliers).limit(1);
    const now = plantNoon().toISOString();
    const [group] = await db.insert(livestockOrderGroups).values({
      speciesId: PIG,
      supplierId: supplier.id,
      deliveryDate: FROM,
      createdAt: now,
      lastModified: now,
    }).returning();
    const order = (quantityOrdered: number, over: Partial<typeof livestockOrders.$inferInsert>) => ({
      livestockOrderGroupId: group.id,
      supplierId: supplier.id,
      speciesId: PIG,
      tenantSiteId: site,
      quantityOrdered,
      deliveryDate: FROM,
      orderStatus: ORDER_STATUS.Confirmed,
      createdAt: now,
      lastModified: now,
      ...over,
    });
    await db.insert(livestockOrders).values([
      order(120, {}), // killed on its delivery day, Monday
      order(80, { productionDate: addDays(FROM, 1) }), // delivered Monday, killed Tuesday
      order(500, { orderStatus: ORDER_STATUS.Cancelled }),
      order(60, { deliveryDate: addDays(FROM, 5), tenantSiteId: sites[1].id }), // Saturday, the other site
      order(999, { deliveryDate: addDays(FROM, 7) }), // after the window
    ]);
  });

  test("default: today plus 59 days, every species of the caller", async () => {
    const res = await get("/api/livestock/GetOrdersVersusTargets");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fromDate: TODAY,
      toDate: addDays(TODAY, 59),
      days: 60,
      tenantSiteId: null,
    });
    expect(res.body.series.map((s: { species: string }) => s.species)).toEqual(["Sheep", "Beef", "Pig"]);
    for (const s of res.body.series) expect(s.days).toHaveLength(60);
  });

  test("per day: non-cancelled head on the kill day, the day's target and the difference", async () => {
    const res = await get(`/api/livestock/GetOrdersVersusTargets?fromDate=${FROM}&days=7&speciesId=${PIG}`);
    expect(res.status).toBe(200);
    const [pig] = res.body.series;
    expect(pig.days.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(FROM, i)),
    );
    // whole plant: the whole-plant target (Mon–Wed, 1 000 a week: 334, 333, 333) wins over the site's
    expect(
      pig.days.map((
        d: { ordered: number; target: number; difference: number },
      ) => [d.ordered, d.target, d.difference]),
    )
      .toEqual([[120, 334, -214], [80, 333, -253], [0, 333, -333], [0, 0, 0], [0, 0, 0], [60, 0, 60], [
        0,
        0,
        0,
      ]]);
    expect(pig.days.map((d: { isWeekend: boolean }) => d.isWeekend)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(pig).toMatchObject({ totalOrdered: 260, totalTarget: 1_000, totalDifference: -740 });
  });

  test("one site: that site's orders and target only", async () => {
    const res = await get(
      `/api/livestock/GetOrdersVersusTargets?fromDate=${FROM}&days=7&speciesId=${PIG}&tenantSiteId=${site}`,
    );
    const [pig] = res.body.series;
    expect(res.body.tenantSiteId).toBe(site);
    expect(pig.days.map((d: { ordered: number }) => d.ordered)).toEqual([120, 80, 0, 0, 0, 0, 0]);
    expect(pig.days.map((d: { target: number }) => d.target)).toEqual([140, 140, 140, 140, 140, 0, 0]);
  });

  test("sheep ordered head match the orders table (cancelled left out, production date first)", async () => {
    const res = await get(`/api/livestock/GetOrdersVersusTargets?speciesId=1&fromDate=${addDays(TODAY, 0)}`);
    const db = await tenantDb();
    const rows = await db.select().from(livestockOrders).where(eq(livestockOrders.speciesId, 1));
    const expected = new Map<string, number>();
    for (const o of rows) {
      if (o.orderStatus === ORDER_STATUS.Cancelled) continue;
      const day = o.productionDate ?? o.deliveryDate;
      expected.set(day, (expected.get(day) ?? 0) + o.quantityOrdered);
    }
    for (const d of res.body.series[0].days) expect(d.ordered, d.date).toBe(expected.get(d.date) ?? 0);
  });

  test("bad queries are validation 400s", async () => {
    for (
      const q of [
        "days=0",
        "days=367",
        "days=ten",
        "fromDate=2034-13-01",
        "speciesId=4",
        "tenantSiteId=999",
      ]
    ) {
      const res = await get(`/api/livestock/GetOrdersVersusTargets?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.isValidation, q).toBe(true);
    }
  });
});

describe("demo targets (server/areas/livestock/volumeTargets/seed.ts)", () => {
  test("cover the past 30 and next 60 days for sheep (Mon–Fri) and beef (Mon–Thu), once", async () => {
    // the farm's database has no targets of its own: seed it, twice, and read what it holds (a producer's
    // organisation reaches no plant API, so the rows are read from its database)
    const farmDb = await t.services.db.tenantDb(2);
    // (seeded as a processor's would be: the demo seeds a farm none)
    await seedVolumeTargets({ db: farmDb, today: TODAY, category: "processor" });
    await seedVolumeTargets({ db: farmDb, today: TODAY, category: "processor" });
    const rows = await farmDb.select().from(killVolumeTargets);
    const NAMES: Record<number, string> = { 1: "Sheep", 2: "Beef" };
    expect(rows.map((r) => `${NAMES[r.speciesId]} ${r.weeklyTarget}`).sort())
      .toEqual(["Beef 400", "Sheep 7500", "Sheep 8500"]);
    const days = (on: number) => [0, 1, 2, 3, 4, 5, 6].map((d) => d < on);
    for (const r of rows) expect(r.weekDaysSelected).toEqual(days(r.speciesId === 1 ? 5 : 4));
    for (const speciesId of [1, 2]) {
      const mine = rows.filter((r) => r.speciesId === speciesId);
      expect(mine.some((r) => r.startDate <= addDays(TODAY, -30))).toBe(true);
      expect(mine.some((r) => !r.endDate || r.endDate >= addDays(TODAY, 59))).toBe(true);
    }
  });
});
