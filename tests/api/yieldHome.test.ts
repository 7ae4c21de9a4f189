/**
 * The yield home's API (spec 3 §7): segment, variance and carcass data, presentations, real-time yields,
 * tenant allowed species and a day's detail, over the demo's boning season on the pinned day. Every call:
 * the demo's figures, a bad filter (400 in the catalogue's shape), another tenant, the display role and a
 * tenant without yieldReporting (403), revenue fields absent without yieldRevenue, a plant outside the
 * user's plant and species visibility refused (403).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { tenantModules } from "../../db/control/schema.ts";
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
  return { status: res.status, body: await res.json() };
};
const get = (path: string, who = "admin") => call(path, {}, who);
const post = (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who);

const PATHS = {
  segments: "/api/yield/GetYieldSegmentData",
  variance: "/api/yield/GetYieldVarianceData",
  carcass: "/api/yield/GetYieldCarcassData",
  presentations: "/api/yield/GetYieldPresentations",
};
const query = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const realTime = (o: Record<string, unknown> = { speciesId: SHEEP }) =>
  `/api/yield/GetRealTimeYields?${query(o)}`;
const dayDetail = (o: Record<string, unknown>) => `/api/yield/GetDayDetail?${query(o)}`;
const ALLOWED = "/api/yield/GetTenantAllowedSpecies";

/** Every call once, with a filter that is fine for the demo. */
const everyCall = (plantId: number, body: Record<string, unknown> = WEEK) => [
  (who: string) => post(PATHS.segments, body, who),
  (who: string) => post(PATHS.variance, body, who),
  (who: string) => post(PATHS.carcass, body, who),
  (who: string) =>
    post(PATHS.presentations, { ...body, presentations: ["segments", "variance", "carcass"] }, who),
  (who: string) => get(realTime(), who),
  (who: string) => get(ALLOWED, who),
  (who: string) => get(dayDetail({ speciesId: SHEEP, plantId, date: addDays(TODAY, -1) }), who),
];

let plants: { id: number; name: string }[] = [];

describe("the demo's figures", () => {
  test("tenant allowed species: the species with a boning plant, their plants and rooms", async () => {
    const { status, body } = await get(ALLOWED);
    expect(status).toBe(200);
    const sheep = body.species.find((s: { id: number }) => s.id === SHEEP);
    expect(sheep.name).toBe("Sheep");
    expect(sheep.plants.length).toBeGreaterThan(0);
    expect(sheep.boningRooms.length).toBeGreaterThan(0);
    plants = sheep.plants;
  });

  test("segment data: body segments, primals and cuts with actual, expected, yield, standard and variance", async () => {
    const { status, body } = await post(PATHS.segments, WEEK);
    expect(status).toBe(200);
    expect(body).toMatchObject({ speciesId: SHEEP, fromDate: WEEK.fromDate, toDate: WEEK.toDate });
    expect(body.plantIds.length).toBeGreaterThan(0);
    expect(body.bodySegments.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(["Hindquarter", "Middle"]),
    );
    const seg = body.bodySegments[0];
    expect(seg.actualKg).toBeGreaterThan(0);
    expect(seg.expectedKg).toBeGreaterThan(0);
    expect(seg.varianceKg).toBeCloseTo(seg.actualKg - seg.expectedKg, 3);
    expect(seg.variancePp).toBeCloseTo(seg.yieldPercent - seg.standardPercent, 6);
    expect(typeof seg.revenueVariance).toBe("number");
    // the levels add up: the body segments' kg are the cuts' kg
    const sum = (rows: { actualKg: number }[]) => rows.reduce((s, r) => s + r.actualKg, 0);
    expect(sum(body.bodySegments)).toBeCloseTo(sum(body.cuts), 3);
    expect(sum(body.primals)).toBeCloseTo(body.total.actualKg, 3);
    const primal = body.primals[0];
    expect(body.bodySegments.some((s: { segmentId: number }) => s.segmentId === primal.parentId)).toBe(true);
  });

  test("variance data: by day and plant, by primal, and a mass balance that closes to 100 %", async () => {
    const { status, body } = await post(PATHS.variance, WEEK);
    expect(status).toBe(200);
    expect(body.days.length).toBeGreaterThan(0);
    const day = body.days[0];
    expect(day.date >= WEEK.fromDate && day.date <= WEEK.toDate).toBe(true);
    expect(day.plant).toBeTruthy();
    expect(day.yieldPercent).toBeGreaterThan(0);
    expect(typeof day.revenue).toBe("number");
    expect(body.byPrimal.length).toBeGreaterThan(0);
    expect(body.massBalance.map((l: { kind: string }) => l.kind)).toEqual([
      "product",
      "bone",
      "fat",
      "trim",
      "unaccounted",
    ]);
    const percent = body.massBalance.reduce((s: number, l: { percent: number }) => s + l.percent, 0);
    expect(percent).toBeCloseTo(100, 6);
    // the spec's `store`: taken, and the figures are the stored summaries' either way
    for (const store of [true, false]) {
      expect((await post(PATHS.variance, { ...WEEK, store })).body).toEqual(body);
    }
    expect((await post(PATHS.segments, { ...WEEK, store: "yes" })).status).toBe(400);
  });

  test("carcass data: head, HSCW, cartons, pieces and pieces per carcass by day and plant", async () => {
    const { status, body } = await post(PATHS.carcass, WEEK);
    expect(status).toBe(200);
    const day = body.days[0];
    expect(day.head).toBeGreaterThan(0);
    expect(day.hscwKg).toBeGreaterThan(0);
    expect(day.cartons).toBeGreaterThan(0);
    expect(day.piecesPerCarcass).toBeCloseTo(day.pieces / day.head, 6);
    expect(body.total.head).toBe(body.days.reduce((s: number, d: { head: number }) => s + d.head, 0));
  });

  test("presentations: the ones asked, in one answer", async () => {
    const { status, body } = await post(PATHS.presentations, {
      ...WEEK,
      presentations: ["carcass", "segments"],
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["carcass", "segments"]);
    expect(body.carcass.days.length).toBeGreaterThan(0);
  });

  test("real-time yields: today's figures by body segment", async () => {
    const { status, body } = await get(realTime());
    expect(status).toBe(200);
    expect(body.date).toBe(TODAY);
    expect(body.fromDate).toBe(TODAY);
    expect(Array.isArray(body.segments)).toBe(true);
    expect(body.total).toHaveProperty("head");
  });

  test("a day's detail: runs with head, HSCW, yield and variance; shifts; the worst cuts", async () => {
    const carcass = (await post(PATHS.carcass, WEEK)).body;
    const day = carcass.days[0];
    const { status, body } = await get(dayDetail({ speciesId: SHEEP, plantId: day.plantId, date: day.date }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ plantId: day.plantId, date: day.date, plant: day.plant });
    expect(body.total.head).toBe(day.head);
    expect(body.runs.length).toBeGreaterThan(0);
    expect(body.runs[0]).toMatchObject({ head: expect.any(Number), hscwKg: expect.any(Number) });
    expect(body.runs.reduce((s: number, r: { head: number }) => s + r.head, 0)).toBe(day.head);
    expect(body.shifts.length).toBeGreaterThan(0);
    expect(body.topVariances.length).toBeLessThanOrEqual(5);
    for (const v of body.topVariances) expect(v.varianceKg).toBeLessThan(0);
  });
});

describe("refused", () => {
  test("a bad filter is 400 in the catalogue's shape", async () => {
    const bad = [
      () => post(PATHS.segments, { ...WEEK, fromDate: "27/11/2026" }),
      () => post(PATHS.variance, { ...WEEK, toDate: addDays(WEEK.fromDate, -1) }),
      () => post(PATHS.carcass, { ...WEEK, fromDate: addDays(WEEK.toDate, -400) }),
      () => post(PATHS.presentations, { ...WEEK, presentations: ["pie"] }),
      () => get(realTime({ speciesId: "sheep" })),
      () => get(dayDetail({ speciesId: SHEEP, plantId: 1, date: "2026-02-30" })),
    ];
    for (const ask of bad) {
      const { status, body } = await ask();
      expect(status).toBe(400);
      expect(body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
      expect(body.errors.length).toBeGreaterThan(0);
    }
    const long = await post(PATHS.carcass, { ...WEEK, fromDate: addDays(WEEK.toDate, -400) });
    expect(long.body.errors[0].message).toBe("Choose a range of at most 400 days");
  });

  test("another tenant, the display role and a tenant without yieldReporting are refused (403)", async () => {
    for (const ask of everyCall(plants[0].id)) {
      expect((await ask("farm")).status).toBe(403);
      expect((await ask("display")).status).toBe(403);
    }
  });

  test("a plant outside the user's plant and species visibility is refused (403)", async () => {
    const users = (await get("/api/user/GetTenantUsers")).body as { id: number; email: string }[];
    const user = users.find((u) => u.email === "user@demo.processor")!;
    const [seen, ...others] = plants;
    const saved = await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [{ tenantSiteId: seen.id, speciesType: SHEEP }],
    });
    expect(saved.status).toBe(200);
    try {
      const allowed = (await get(ALLOWED, "user")).body;
      expect(allowed.species.map((s: { id: number }) => s.id)).toEqual([SHEEP]);
      expect(allowed.species[0].plants).toEqual([seen]);
      // no plant named: only the one they see
      expect((await post(PATHS.carcass, WEEK, "user")).body.plantIds).toEqual([seen.id]);
      if (others.length) {
        const other = others[0].id;
        const refused = [
          await post(PATHS.segments, { ...WEEK, plantIds: [other] }, "user"),
          await post(PATHS.variance, { ...WEEK, plantIds: [other] }, "user"),
          await post(PATHS.carcass, { ...WEEK, plantIds: [seen.id, other] }, "user"),
          await post(
            PATHS.presentations,
            { ...WEEK, plantIds: [other], presentations: ["segments"] },
            "user",
          ),
          await get(realTime({ speciesId: SHEEP, plantIds: other }), "user"),
          await get(dayDetail({ speciesId: SHEEP, plantId: other, date: WEEK.toDate }), "user"),
        ];
        for (const r of refused) {
          expect(r.status).toBe(403);
          expect(r.body.message).toContain("You cannot see sheep yield");
        }
      }
      // a species no plant they see bones is not there; nor is another organisation's plant
      const beef = await post(PATHS.segments, { ...WEEK, speciesId: 2 }, "user");
      expect(beef.status).toBe(404);
      expect(beef.body.message).toBe("No sites are configured for Beef");
      expect((await post(PATHS.segments, { ...WEEK, plantIds: [99_999] }, "user")).status).toBe(404);
    } finally {
      await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
        userId: user.id,
        plantSpeciesVisibility: [],
      });
    }
  });
});

const page = async (path: string, who = "admin") => {
  const res = await t.request(path, { headers: { ...headers, cookie: `session=${tokens[who]}` } });
  return { status: res.status, html: await res.text() };
};

describe("the pages", () => {
  test("the home and its tabs open with their figures, a chart and the revenue tabs", async () => {
    const home = await page("/yield");
    expect(home.status).toBe(200);
    expect(home.html).toContain("Segment variance");
    expect(home.html).toContain("recharts-surface");
    expect(home.html).toContain('href="/yield/revenuevariance?');
    for (
      const tab of [
        "segments",
        "segmentstoday",
        "yield",
        "yieldvariance",
        "revenue",
        "revenuevariance",
        "volume",
      ]
    ) {
      expect((await page(`/yield/${tab}?species=${SHEEP}`)).status, tab).toBe(200);
    }
    // a date the box cannot read: the default week, and the reason in words
    const odd = await page("/yield/volume?date=next%20tuesday");
    expect(odd.status).toBe(200);
    expect(odd.html).toContain("That is not a date");
  });

  test("'No sites are configured for {species}' and 'No species: Yield Reporting is not available'", async () => {
    const users = (await get("/api/user/GetTenantUsers")).body as { id: number; email: string }[];
    const user = users.find((u) => u.email === "user@demo.processor")!;
    const see = (pairs: { tenantSiteId: number; speciesType: number }[]) =>
      post("/api/yield/UpdateUserPlantSpeciesVisibility", { userId: user.id, plantSpeciesVisibility: pairs });
    try {
      await see([{ tenantSiteId: plants[0].id, speciesType: SHEEP }]);
      const beef = await page("/yield?species=2", "user");
      expect(beef.status).toBe(200);
      expect(beef.html).toContain("No sites are configured for Beef");
      // a pair no boning room of the plant bones: no species left
      const allowed = (await get(ALLOWED)).body.species as { id: number; plants: { id: number }[] }[];
      const model = await (await t.request("/login/usermodel", { token: tokens.admin })).json();
      const pair = model.tenantSites.flatMap((site: { id: number }) =>
        [1, 2, 3].map((speciesType) => ({ tenantSiteId: site.id, speciesType }))
      ).find((p: { tenantSiteId: number; speciesType: number }) =>
        !allowed.find((s) => s.id === p.speciesType)?.plants.some((x) => x.id === p.tenantSiteId)
      );
      if (pair) {
        await see([pair]);
        const none = await page("/yield", "user");
        expect(none.status).toBe(200);
        expect(none.html).toContain("No species: Yield Reporting is not available");
      }
    } finally {
      await see([]);
    }
  });
});

describe("without the yieldRevenue module", () => {
  test("no revenue field exists in any answer (absent, not null)", async () => {
    await t.services.db.control.update(tenantModules).set({ isEnabled: false })
      .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "yieldRevenue")));
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      const answers = await Promise.all(everyCall(plants[0].id).map((ask) => ask("admin")));
      for (const a of answers) expect(a.status).toBe(200);
      const text = JSON.stringify(answers.map((a) => a.body));
      for (const field of ["revenue", "revenueVariance", "dollarsPerKg"]) {
        expect(text).not.toContain(`"${field}"`);
      }
      const [segments] = answers;
      expect(segments.body.bodySegments[0].actualKg).toBeGreaterThan(0);
      // the pages: no revenue tab, column or figure; the revenue tabs refused
      const home = await page("/yield");
      expect(home.status).toBe(200);
      expect(home.html).not.toContain("/yield/revenue");
      expect(home.html).not.toContain("Revenue variance");
      expect((await page("/yield/revenue")).status).toBe(403);
      expect((await page("/yield/revenuevariance")).status).toBe(403);
    } finally {
      await t.services.db.control.update(tenantModules).set({ isEnabled: true })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "yieldRevenue")));
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });
});
