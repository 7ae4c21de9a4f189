/**
 * Yield › custom metrics over real HTTP and the demo's boning season on the pinned day: the metric
 * enumeration, the caller's custom tabs (the yieldCustomDashboard user setting), custom product group
 * results and the yield table with its CSV. Every call: happy, a bad input (400 in the catalogue's shape),
 * another tenant, the display role and a tenant without yieldReporting (403), revenue metrics absent
 * without yieldRevenue, a plant outside the user's visibility refused (403).
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
const API = {
  metrics: "/api/yield/GetMetrics",
  dashboard: "/api/yield/GetCustomDashboard",
  save: "/api/yield/SaveCustomDashboard",
  results: "/api/yield/GetCustomProductGroupResults",
  table: "/api/yield/GetYieldTable",
  csv: "/api/yield/ExportYieldTable",
};
let plants: { id: number; name: string }[] = [];

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const allowed = await get("/api/yield/GetTenantAllowedSpecies");
  plants = allowed.body.species.find((s: { id: number }) => s.id === SHEEP).plants;
});
afterAll(() => t.close());

const call = async (path: string, init: { method?: string; json?: unknown }, who: string) => {
  const res = await t.request(path, { ...init, token: tokens[who], headers });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, type: res.headers.get("content-type") ?? "", res };
};
const get = (path: string, who = "admin") => call(path, {}, who);
const post = (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who);
const query = (o: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

const TAB = {
  id: "yield-by-day",
  name: "Yield by day",
  metricKeys: [16, 17, 1],
  groupBy: "date",
  aggregation: 0,
  chartType: "line",
};
const RESULTS = { ...WEEK, metricKeys: [1, 2, 16, 23], groupBy: ["date"], aggregation: 0 };

/** Every call once, with input that is fine for the demo. */
const everyCall = () => [
  (who: string) => get(API.metrics, who),
  (who: string) => get(API.dashboard, who),
  (who: string) => post(API.save, { tabs: [TAB] }, who),
  (who: string) => post(API.results, RESULTS, who),
  (who: string) => get(`${API.table}?${query(WEEK)}`, who),
  (who: string) => get(`${API.csv}?${query(WEEK)}`, who),
];

async function setModule(module: string, isEnabled: boolean) {
  await t.services.db.control.update(tenantModules).set({ isEnabled })
    .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, module)));
  await t.services.callers.changed({ tenantIds: [1] });
}

describe("the metric enumeration", () => {
  test("the figures 1–63 with unit and theme, revenue ones included with the module", async () => {
    const { status, body } = await get(API.metrics, "user");
    expect(status).toBe(200);
    expect(body.map((m: { key: number }) => m.key)).toEqual(Array.from({ length: 63 }, (_, i) => i + 1));
    expect(body.find((m: { key: number }) => m.key === 16)).toMatchObject({
      id: "yieldPercent",
      name: "Yield",
      unit: "%",
      revenue: false,
      theme: "yield",
    });
    expect(body.find((m: { key: number }) => m.key === 23)).toMatchObject({
      revenue: true,
      theme: "revenue",
    });
  });
});

describe("custom tabs", () => {
  test("none at first; saved in order, read back, kept for the user only", async () => {
    expect((await get(API.dashboard, "user")).body).toEqual({ tabs: [] });
    const second = {
      ...TAB,
      id: "volume",
      name: "Volume",
      metricKeys: [1, 5],
      groupBy: "site",
      chartType: "bar",
    };
    const saved = await post(API.save, { tabs: [TAB, second] }, "user");
    expect(saved.status).toBe(200);
    expect(saved.body.tabs.map((x: { id: string }) => x.id)).toEqual(["yield-by-day", "volume"]);
    expect((await get(API.dashboard, "user")).body).toEqual(saved.body);
    // reordered and one deleted: the whole list is kept as sent
    await post(API.save, { tabs: [{ ...second, aggregation: 1 }] }, "user");
    expect((await get(API.dashboard, "user")).body).toEqual({ tabs: [{ ...second, aggregation: 1 }] });
    // another user's dashboard is theirs
    expect((await get(API.dashboard, "admin")).body).toEqual({ tabs: [] });
  });

  test("refused in words: unknown metrics, a grouping of kind, two tabs with one id, no name, too many metrics", async () => {
    const bad = [
      [{ tabs: [{ ...TAB, metricKeys: [16, 99] }] }, "tabs.0.metricKeys.1", "There is no metric 99"],
      [{ tabs: [{ ...TAB, metricKeys: [64] }] }, "tabs.0.metricKeys.0", "There is no metric 64"],
      [{ tabs: [{ ...TAB, metricKeys: [16, 16] }] }, "tabs.0.metricKeys.1", "Yield is chosen twice"],
      [{ tabs: [{ ...TAB, groupBy: "kind" }] }, "tabs.0.groupBy", "Choose another grouping"],
      [{ tabs: [TAB, TAB] }, "tabs.1.id", "Two tabs have the same id"],
      [{ tabs: [{ ...TAB, name: " " }] }, "tabs.0.name", "Give the tab a name"],
      [{ tabs: [{ ...TAB, metricKeys: [1, 2, 3, 4, 5, 6, 7] }] }, "tabs.0.metricKeys", undefined],
      [{ tabs: [{ ...TAB, chartType: "pie" }] }, "tabs.0.chartType", undefined],
      [{ tabs: [{ ...TAB, aggregation: 2 }] }, "tabs.0.aggregation", undefined],
    ] as const;
    for (const [body, field, message] of bad) {
      const r = await post(API.save, body, "user");
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
      const error = r.body.errors.find((e: { field: string }) => e.field === field);
      expect(error, JSON.stringify(r.body.errors)).toBeTruthy();
      if (message) expect(error.message).toBe(message);
    }
  });

  test("the users area's own-settings call takes a yieldCustomDashboard only in the dashboard's shape", async () => {
    const bad = await post("/api/user/UpdateUserSettingsOnly", {
      settings: [{ settingType: "yieldCustomDashboard", value: { tabs: [{ id: "x" }] } }],
    }, "user");
    expect(bad.status).toBe(400);
    const good = await post("/api/user/UpdateUserSettingsOnly", {
      settings: [{ settingType: "yieldCustomDashboard", value: { tabs: [TAB] } }],
    }, "user");
    expect(good.status).toBe(204);
    expect((await get(API.dashboard, "user")).body).toEqual({ tabs: [TAB] });
  });
});

describe("custom product group results", () => {
  test("metrics by day over the demo week: values keyed by metric number, a total", async () => {
    const { status, body } = await post(API.results, RESULTS);
    expect(status).toBe(200);
    expect(body.metrics.map((m: { key: number }) => m.key)).toEqual([1, 2, 16, 23]);
    expect(body.groupBy).toEqual(["date"]);
    expect(body.rows.length).toBeGreaterThan(0);
    const day = body.rows[0];
    expect(day.key.date >= WEEK.fromDate && day.key.date <= WEEK.toDate).toBe(true);
    expect(day.labels.date).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}$/);
    expect(day.values["1"]).toBeGreaterThan(0);
    expect(day.values["16"]).toBeGreaterThan(20);
    expect(day.values["16"]).toBeLessThan(90);
    const heads = body.rows.reduce(
      (s: number, r: { values: Record<string, number> }) => s + r.values["1"],
      0,
    );
    expect(body.total["1"]).toBe(heads);
  });

  test("Average: each group's daily mean; grouped by plant and shift", async () => {
    const summed = await post(API.results, { ...RESULTS, groupBy: ["site"] });
    const averaged = await post(API.results, { ...RESULTS, groupBy: ["site"], aggregation: 1 });
    expect(averaged.status).toBe(200);
    expect(averaged.body.aggregation).toBe(1);
    const days = (await post(API.results, RESULTS)).body.rows.length;
    const one = summed.body.rows[0];
    const mean = averaged.body.rows.find((r: { key: { site: number } }) => r.key.site === one.key.site);
    expect(mean.values["1"]).toBeLessThan(one.values["1"]);
    expect(days).toBeGreaterThan(1);
    const shifts = await post(API.results, { ...RESULTS, groupBy: ["shift"] });
    expect(shifts.body.rows.map((r: { key: { shift: string } }) => r.key.shift)).toEqual(["day", "night"]);
  });

  test("bad input is refused (400 in the catalogue's shape)", async () => {
    const bad = [
      { ...RESULTS, metricKeys: [99] },
      { ...RESULTS, metricKeys: [] },
      { ...RESULTS, groupBy: ["kind"] },
      { ...RESULTS, aggregation: 3 },
      { ...RESULTS, fromDate: "27/11/2026" },
      { ...RESULTS, toDate: addDays(WEEK.fromDate, -1) },
    ];
    for (const body of bad) {
      const r = await post(API.results, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
  });
});

describe("the yield table", () => {
  test("sections of body segments, primal rows, a column per plant, total, standard and variance", async () => {
    const { status, body } = await get(`${API.table}?${query(WEEK)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ speciesId: SHEEP, rowLevel: "primal", fromDate: WEEK.fromDate });
    expect(body.columns.map((c: { id: string }) => c.id)).toEqual(plants.map((p) => String(p.id)));
    expect(body.sections.length).toBeGreaterThan(1);
    const rows = body.sections.flatMap((s: { rows: unknown[] }) => s.rows);
    const boned = rows.find((r: { total: number | null }) => (r.total ?? 0) > 0);
    expect(boned.values.length).toBe(plants.length);
    expect(boned.variance).toBeCloseTo(boned.total - boned.standard, 6);
    // the sections' yields add up to the whole's
    const sum = body.sections.reduce((s: number, x: { total: number | null }) => s + (x.total ?? 0), 0);
    expect(sum).toBeCloseTo(body.total.total, 6);
  });

  test("a primal in focus: its cuts are the rows; columns by day", async () => {
    const whole = (await get(`${API.table}?${query(WEEK)}`)).body;
    const primal = whole.sections.flatMap((s: { rows: { id: number; total: number | null }[] }) => s.rows)
      .find((r: { total: number | null }) => (r.total ?? 0) > 0);
    const { status, body } = await get(
      `${API.table}?${query({ ...WEEK, primalFocus: primal.id, columns: "day" })}`,
    );
    expect(status).toBe(200);
    expect(body.rowLevel).toBe("cut");
    expect(body.sections.length).toBe(1);
    expect(body.columns.length).toBe(7);
    expect(body.columns[0]).toEqual({
      id: WEEK.fromDate,
      name: WEEK.fromDate.split("-").reverse().join("/"),
    });
    expect(body.total.total).toBeCloseTo(primal.total, 6);
  });

  test("refused: a primal focus that is no primal, columns by day past 31 days, a bad date", async () => {
    for (
      const q of [
        { ...WEEK, primalFocus: 999999 },
        { ...WEEK, fromDate: addDays(WEEK.toDate, -40), columns: "day" },
        { ...WEEK, toDate: "2026-02-30" },
        { ...WEEK, columns: "week" },
      ]
    ) {
      const r = await get(`${API.table}?${query(q)}`);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
      expect(r.body.errors.length).toBeGreaterThan(0);
    }
  });

  test("the CSV: plain headers, a line per row and section, d/m/y in the file name", async () => {
    const r = await get(`${API.csv}?${query(WEEK)}`);
    expect(r.status).toBe(200);
    expect(r.type).toContain("text/csv");
    const lines = (r.body as string).trim().split("\r\n");
    expect(lines[0]).toBe(
      [
        "Body segment",
        "Primal",
        ...plants.map((p) => `${p.name} yield %`),
        "Total yield %",
        "Standard yield %",
        "Variance (pp)",
      ]
        .join(","),
    );
    expect(lines.at(-1)).toMatch(/^,All products,/);
    const day = (d: string) => d.split("-").reverse().join("-");
    expect(r.res.headers.get("content-disposition")).toContain(
      `sheep-yield-${day(WEEK.fromDate)}-to-${day(WEEK.toDate)}.csv`,
    );
  });
});

describe("who may ask", () => {
  test("another tenant and the display role are refused (403)", async () => {
    for (const ask of everyCall()) {
      expect((await ask("farm")).status).toBe(403);
      expect((await ask("display")).status).toBe(403);
    }
  });

  test("a plant outside the user's plant and species visibility is refused (403)", async () => {
    const users = (await get("/api/user/GetTenantUsers")).body as { id: number; email: string }[];
    const user = users.find((u) => u.email === "user@demo.processor")!;
    const [seen, ...others] = plants;
    expect(others.length).toBeGreaterThan(0);
    const saved = await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
      userId: user.id,
      plantSpeciesVisibility: [{ tenantSiteId: seen.id, speciesType: SHEEP }],
    });
    expect(saved.status).toBe(200);
    try {
      const other = others[0].id;
      for (
        const r of [
          await post(API.results, { ...RESULTS, plantIds: [other] }, "user"),
          await get(`${API.table}?${query({ ...WEEK, plantIds: other })}`, "user"),
          await get(`${API.csv}?${query({ ...WEEK, plantIds: `${seen.id},${other}` })}`, "user"),
        ]
      ) {
        expect(r.status).toBe(403);
        expect(r.body.message).toContain("You cannot see sheep yield");
      }
      // no plant named: only the one they see
      const table = (await get(`${API.table}?${query(WEEK)}`, "user")).body;
      expect(table.columns.map((c: { id: string }) => c.id)).toEqual([String(seen.id)]);
    } finally {
      await post("/api/yield/UpdateUserPlantSpeciesVisibility", {
        userId: user.id,
        plantSpeciesVisibility: [],
      });
    }
  });

  test("without yieldRevenue: no revenue metric listed, answered or saved", async () => {
    await setModule("yieldRevenue", false);
    try {
      const metrics = (await get(API.metrics)).body as { key: number; revenue: boolean }[];
      expect(metrics.some((m) => m.revenue)).toBe(false);
      expect(metrics.map((m) => m.key)).not.toContain(23);
      const results = await post(API.results, RESULTS);
      expect(results.status).toBe(200);
      expect(results.body.metrics.map((m: { key: number }) => m.key)).toEqual([1, 2, 16]);
      for (const row of [...results.body.rows, { values: results.body.total }]) {
        expect(Object.keys(row.values)).not.toContain("23");
      }
      const refused = await post(API.save, { tabs: [{ ...TAB, metricKeys: [16, 23] }] });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toEqual({
        field: "tabs.0.metricKeys.1",
        message: "Revenue needs the Yield Revenue module",
      });
    } finally {
      await setModule("yieldRevenue", true);
    }
  });

  test("a tenant without yieldReporting is refused every call (403)", async () => {
    await setModule("yieldReporting", false);
    try {
      for (const ask of everyCall()) expect((await ask("admin")).status).toBe(403);
    } finally {
      await setModule("yieldReporting", true);
    }
  });
});

describe("the pages", () => {
  test("the cog, a tab, the graph editor and the table render for a user", async () => {
    const cookie = `session=${tokens.user}`;
    const page = async (path: string) => {
      const res = await fetch(`${t.origin}${path}`, { headers: { cookie } });
      return { status: res.status, html: await res.text() };
    };
    await post(API.save, { tabs: [TAB] }, "user");
    const cog = await page("/yield/custom");
    expect(cog.status).toBe(200);
    expect(cog.html).toContain('data-island="YieldCustomTabs"');
    const tab = await page(`/yield/custom/${TAB.id}?species=1&date=7`);
    expect(tab.status).toBe(200);
    expect(tab.html).toContain("recharts-surface");
    expect((await page("/yield/custom/not-mine")).status).toBe(404);
    const edit = await page(`/yield/edit?species=1&graphType=weight&shifts=day&plants=${plants[0].id}`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain("Weight against expected");
    const table = await page(`/yield/table?species=1&plants=${plants.map((p) => p.id).join(",")}`);
    expect(table.status).toBe(200);
    expect(table.html).toContain("Variance");
  });
});

describe("the table and saved Yield Summary Reports (templateId)", () => {
  const page = async (path: string, who = "admin") => {
    const res = await fetch(`${t.origin}${path}`, { headers: { cookie: `session=${tokens[who]}` } });
    return { status: res.status, html: await res.text() };
  };
  const day = (iso: string) => iso.split("-").reverse().map(Number).join("/");
  /** the table's save form: the data form island's props */
  const saveForm = (html: string) => {
    const attr = html.match(/data-island="DataForm"[^>]*data-props="([^"]*)"/)?.[1] ?? "{}";
    const text = attr.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    return JSON.parse(text) as { initial: Record<string, unknown> };
  };

  test("a saved report opens as the table with its filters; saving from the table updates it", async () => {
    const saved = await post("/api/yield/UpsertYieldReport", {
      kind: "summary",
      name: "Night rack",
      speciesId: SHEEP,
      plantIds: [plants[0].id],
      shiftTypes: ["night"],
      rangeKind: "fixed",
      fromDate: addDays(TODAY, -10),
      toDate: addDays(TODAY, -4),
      groupBy: "date",
      columns: [16, 18],
    });
    expect(saved.status).toBe(200);
    const table = await page(`/yield/table?templateId=${saved.body.id}`);
    expect(table.status).toBe(200);
    expect(table.html).toContain("Night rack");
    // the report's range and a column a day
    expect(table.html).toContain(`${day(addDays(TODAY, -10))} - ${day(addDays(TODAY, -4))}`);
    expect(table.html).toMatch(/<option value="day" selected/);
    // the save form carries the report as it stands: same id, its filters, its columns
    const props = saveForm(table.html);
    expect(props.initial).toMatchObject({
      id: saved.body.id,
      name: "Night rack",
      shiftTypes: ["night"],
      plantIds: [plants[0].id],
      rangeKind: "fixed",
      fromDate: addDays(TODAY, -10),
      groupBy: "date",
      columns: [16, 18],
    });
    const again = await post("/api/yield/UpsertYieldReport", { ...props.initial, name: "Night rack, week" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: saved.body.id, name: "Night rack, week" });
  });

  test("the table without a report saves a new one, relative while it shows the default week", async () => {
    const table = await page(`/yield/table?species=${SHEEP}`);
    const props = saveForm(table.html);
    expect(props.initial).toMatchObject({ id: "", rangeKind: "relative", relativeDays: 7, groupBy: "site" });
    const made = await post("/api/yield/UpsertYieldReport", { ...props.initial, name: "Week table" });
    expect(made.status).toBe(200);
    expect(made.body.filters).toMatchObject({ relativeDays: 7 });
  });

  test("a report that is not there, or not the caller's to see, is left out in words", async () => {
    const mine = await post("/api/yield/UpsertYieldReport", {
      kind: "summary",
      name: "Private",
      speciesId: SHEEP,
      rangeKind: "relative",
      relativeDays: 7,
      groupBy: "site",
      columns: [16],
      isShared: false,
    }, "user");
    expect(mine.status).toBe(200);
    for (const id of [999999, mine.body.id]) {
      const table = await page(`/yield/table?templateId=${id}`);
      expect(table.status).toBe(200);
      expect(table.html).toContain("That saved report does not exist: not used.");
    }
  });
});
