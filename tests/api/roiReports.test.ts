/**
 * api/report ROI calls (issue 42): data source categories and sources, report definitions (save, read,
 * list, copy, publish, delete, templates, favourites), the grid, the PDF and CSV, and reference data
 * (multipart Reference + File, its file back as uploaded). Super users only; favourites need the ROI
 * analysis flag.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { featureFlags } from "../../db/control/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const headers = { "x-local-date": plantDay() };

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "super"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const get = async (path: string, who = "super") => {
  const res = await t.request(path, { token: tokens[who], headers });
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, body: type.includes("json") ? await res.json() : await res.text(), type };
};
const post = async (path: string, json: unknown, who = "super") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json, headers });
  return { status: res.status, body: await res.json() };
};

const columns = [
  { id: "jan", name: "Jan 2026", startDate: 20260101, endDate: 20260131 },
  { id: "feb", name: "Feb 2026", startDate: 20260201, endDate: 20260228 },
  { id: "bjan", name: "Budget Jan 2026", startDate: 20260101, endDate: 20260131, budgetForId: "jan" },
];
const lines = [
  {
    lineId: "sales",
    displayName: "Sales",
    category: 2,
    values: [{ reportColumnId: "jan", value: 1000 }, { reportColumnId: "feb", value: 1200 }],
    budget: { kind: "typed", values: [{ reportColumnId: "bjan", value: 900 }] },
  },
  {
    lineId: "cost",
    displayName: "Livestock",
    category: 2,
    isDebit: true,
    values: [{ reportColumnId: "jan", value: 600 }, { reportColumnId: "feb", value: 700 }],
    budget: { kind: "typed", values: [{ reportColumnId: "bjan", value: 500 }] },
  },
  {
    lineId: "head",
    displayName: "Head processed",
    category: 1,
    sourceId: "carcasses",
    sourceColumn: "head",
    unit: "#",
  },
];
const report = (over: Record<string, unknown> = {}) => ({
  name: "API test report",
  startDate: 20260101,
  endDate: 20260228,
  isIncludeBudgetColumns: true,
  columns,
  reportDataLines: lines,
  ...over,
});

describe("data sources", () => {
  test("the categories offered leave out external sources; naming one is a 400", async () => {
    const cats = await get("/api/report/RoiDataSourceCategories");
    expect(cats.status).toBe(200);
    expect(cats.body.map((c: { category: number }) => c.category)).toEqual([0, 1, 2, 3]);
    const plant = await get("/api/report/RoiDataSources?category=1");
    expect(plant.body.map((s: { sourceId: string }) => s.sourceId)).toEqual([
      "carcasses",
      "invoices",
      "killTargets",
      "skins",
    ]);
    expect(plant.body.map((s: { displayName: string }) => s.displayName)).toEqual([
      "Plant data · carcasses",
      "Plant data · published invoices",
      "Plant data · kill volume against target",
      "Plant data · skins and hides",
    ]);
    const column = (source: number, name: string) =>
      plant.body[source].valueColumns.find((c: { sourceColumn: string }) => c.sourceColumn === name);
    expect(column(0, "averageHscwKg")).toMatchObject({ unit: "kg", aggregation: 1 });
    expect(column(1, "gst")).toMatchObject({ displayName: "GST", unit: "$", aggregation: 0 });
    expect(column(3, "value")).toMatchObject({
      displayName: "Skin and hide value",
      unit: "$",
      aggregation: 0,
    });
    expect(plant.body[0].filterableColumns.length).toBeGreaterThan(0);
    expect(plant.body[0].groupableColumns.length).toBeGreaterThan(0);
    const external = await get("/api/report/RoiDataSources?category=4");
    expect(external.status).toBe(400);
    expect(external.body).toMatchObject({ isValidation: true });
    expect(external.body.message ?? JSON.stringify(external.body)).toMatch(/external/i);
  });
});

describe("kill volume against target", () => {
  test("a line of target head per month adds the volume targets' own days", async () => {
    const saved = await post(
      "/api/report/SaveRoiReport",
      report({
        name: "Targets",
        startDate: 20261201,
        endDate: 20261231,
        isIncludeBudgetColumns: false,
        columns: [{ id: "dec", name: "Dec 2026", startDate: 20261201, endDate: 20261231 }],
        reportDataLines: [
          ["target", "targetHead"],
          ["ordered", "orderedHead"],
        ].map(([lineId, sourceColumn]) => ({
          lineId,
          displayName: lineId,
          category: 1,
          sourceId: "killTargets",
          sourceColumn,
          unit: "#",
        })),
      }),
    );
    expect(saved.status).toBe(200);
    const grid = await get(`/api/report/RoiReportResult/${saved.body.id}`);
    const valueOf = (lineId: string) =>
      grid.body.rows.find((r: { lineId: string }) => r.lineId === lineId).values
        .find((v: { columnId: string }) => v.columnId === "dec").value;
    const series = await get("/api/livestock/GetOrdersVersusTargets?fromDate=2026-12-01&days=31");
    expect(series.status).toBe(200);
    const sum = (key: "totalTarget" | "totalOrdered") =>
      series.body.series.reduce((n: number, s: Record<string, number>) => n + s[key], 0);
    expect(valueOf("target")).toBe(sum("totalTarget"));
    expect(valueOf("ordered")).toBe(sum("totalOrdered"));
    expect(sum("totalTarget")).toBeGreaterThan(0);
  });
});

describe("skins and hides", () => {
  test("a day's skins counted, by grade and their value match the skin room's count sheet; a by-supplier line is offered", async () => {
    const day = "2026-11-25";
    const sheet = await get(`/api/livestock/GetSkinCountsForDate?speciesName=Sheep&productionDate=${day}`);
    expect(sheet.status).toBe(200);
    const records = sheet.body as {
      totalCounted: number;
      counts: Record<string, number>;
      valueCents: number | null;
    }[];
    const counted = records.reduce((n, r) => n + r.totalCounted, 0);
    expect(counted).toBeGreaterThan(0);
    const cols = [{ id: "d", name: "Day", startDate: 20261125, endDate: 20261125 }];
    const line = (lineId: string, sourceColumn: string, over: Record<string, unknown> = {}) => ({
      lineId,
      displayName: lineId,
      category: 1,
      sourceId: "skins",
      sourceColumn,
      unit: "#",
      filters: [{ sourceColumn: "speciesId", values: ["1"] }],
      ...over,
    });
    const saved = await post(
      "/api/report/SaveRoiReport",
      report({
        name: "Skins",
        startDate: 20261125,
        endDate: 20261125,
        isIncludeBudgetColumns: false,
        columns: cols,
        reportDataLines: [
          line("count", "count"),
          line("grade1", "grade_1"),
          line("value", "value", { unit: "$" }),
          line("bySupplier", "count", { groupBy: "supplier" }),
        ],
      }),
    );
    expect(saved.status).toBe(200);
    const grid = await get(`/api/report/RoiReportResult/${saved.body.id}`);
    expect(grid.status).toBe(200);
    const valueOf = (lineId: string) =>
      grid.body.rows.find((r: { lineId: string }) => r.lineId === lineId)?.values
        .find((v: { columnId: string }) => v.columnId === "d").value;
    expect(valueOf("count")).toBe(counted);
    expect(valueOf("grade1")).toBe(records.reduce((n, r) => n + (r.counts["1"] ?? 0), 0));
    expect(valueOf("value")).toBeCloseTo(records.reduce((n, r) => n + (r.valueCents ?? 0), 0) / 100, 2);
    expect(JSON.stringify(grid.body.rows)).toMatch(/bySupplier/);
  });
});

describe("report definitions", () => {
  let id = 0;
  let version = 0;

  test("save, read, list and the grid: credit − debit, budget variance", async () => {
    const saved = await post("/api/report/SaveRoiReport", report());
    expect(saved.status).toBe(200);
    ({ id, version } = saved.body);
    expect(saved.body).toMatchObject({
      name: "API test report",
      version: 1,
      isLayoutSaved: false,
      publishedDateUtc: null,
    });
    const read = await get(`/api/report/RoiReport/${id}`);
    expect(read.body.reportDataLines).toHaveLength(3);
    const list = await get("/api/report/RoiReports");
    const item = list.body.find((r: { id: number }) => r.id === id);
    expect(item).toMatchObject({
      columnRanges: "Jan 2026 – Feb 2026",
      dataColumnCount: 2,
      budgetColumnCount: 1,
      isHasBudgetColumns: true,
      isDeleteAllowed: true,
    });
    const grid = await get(`/api/report/RoiReportResult/${id}`);
    expect(grid.status).toBe(200);
    const at = (values: { columnId: string; value: number }[], c: string) =>
      values.find((v) => v.columnId === c)?.value;
    expect(at(grid.body.bottomLine.values, "jan")).toBe(400);
    expect(at(grid.body.bottomLine.values, "total")).toBe(900);
    expect(grid.body.debitTotal.variances[0]).toMatchObject({
      amount: 100,
      percent: 20,
      isFavourable: false,
    });
  });

  test("400s: end before start, a budget column naming nothing, an operator line naming nothing, an external source; nothing saved", async () => {
    const before = (await get("/api/report/RoiReports")).body.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: 20260301, endDate: 20260101 }, "endDate"],
      [
        { columns: [...columns.slice(0, 2), { ...columns[2], budgetForId: "nope" }] },
        "columns.2.budgetForId",
      ],
      [
        { reportDataLines: [{ ...lines[0], operator: 1, operatorLineId: "missing" }] },
        "reportDataLines.0.operatorLineId",
      ],
      [
        { reportDataLines: [{ ...lines[0], category: 4, sourceId: "x", sourceColumn: "y" }] },
        "reportDataLines.0.category",
      ],
    ];
    for (const [over, field] of cases) {
      const res = await post("/api/report/SaveRoiReport", report(over));
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ isValidation: true });
      expect(typeof res.body.message).toBe("string");
      expect(typeof res.body.title).toBe("string");
      expect(JSON.stringify(res.body), field).toContain(field);
    }
    expect((await get("/api/report/RoiReports")).body.length).toBe(before);
  });

  test("a save naming an old version is a 409; the cached grid follows a change", async () => {
    const changed = await post("/api/report/SaveRoiReport", report({ id, version, name: "Renamed" }));
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(version + 1);
    const stale = await post("/api/report/SaveRoiReport", report({ id, version, name: "Stale" }));
    expect(stale.status).toBe(409);
    expect((await get(`/api/report/RoiReportResult/${id}`)).body.name).toBe("Renamed");
    version = changed.body.version;
  });

  test("copy, publish (no delete while published), template round trip, delete", async () => {
    const copy = await post("/api/report/CopyRoiReport", { id });
    expect(copy.body.name).toBe("Renamed (copy)");
    const published = await post("/api/report/PublishRoiReport", { id: copy.body.id, isPublished: true });
    expect(published.body.publishedDateUtc).toBeTruthy();
    expect((await post("/api/report/DeleteRoiReport", { id: copy.body.id })).status).toBe(400);
    await post("/api/report/PublishRoiReport", { id: copy.body.id, isPublished: false });
    const template = await post("/api/report/SaveRoiTemplate", { id, name: "API test template" });
    expect(template.status).toBe(200);
    expect((await post("/api/report/SaveRoiTemplate", { id, name: "API test template" })).status).toBe(400);
    const started = await post("/api/report/CreateRoiReportFromTemplate", { id: template.body.id });
    expect(started.body).toMatchObject({ name: "API test template", roiTemplateId: template.body.id });
    expect(started.body.columns).toHaveLength(3);
    expect((await post("/api/report/DeleteRoiReport", { id: copy.body.id })).status).toBe(200);
    expect((await get(`/api/report/RoiReport/${copy.body.id}`)).status).toBe(404);
  });

  test("the PDF and the CSV", async () => {
    const pdf = await t.request(`/api/report/RoiReportPdf/${id}`, { token: tokens.super, headers });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const csv = await get(`/api/report/RoiReportCsv/${id}`);
    expect(csv.status).toBe(200);
    expect(csv.body).toMatch(/^Line,Jan 2026,Budget Jan 2026/);
    expect(csv.body).toContain("Sales,1000,900");
  });

  test("favourites: marked and listed; still answered with the ROI analysis flag off (only the menu is flagged)", async () => {
    expect((await post("/api/report/SetRoiReportFavourite", { id, isFavourite: true })).status).toBe(200);
    const list = await get("/api/report/RoiReports");
    expect(list.body.find((r: { id: number }) => r.id === id).isFavourite).toBe(true);
    const where = and(eq(featureFlags.tenantId, 1), eq(featureFlags.featureKey, "roiAnalysisMenu"));
    const [flag] = await t.services.db.control.select().from(featureFlags).where(where);
    await t.services.db.control.update(featureFlags).set({ isEnabled: false, isEnabledForSuperUser: false })
      .where(where);
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      expect((await post("/api/report/SetRoiReportFavourite", { id, isFavourite: false })).status).toBe(200);
    } finally {
      await t.services.db.control.update(featureFlags).set({
        isEnabled: flag.isEnabled,
        isEnabledForSuperUser: flag.isEnabledForSuperUser,
      }).where(where);
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });

  test("403 for an admin who is not super and for another tenant's user", async () => {
    for (const who of ["admin", "farm"]) {
      expect((await get("/api/report/RoiReports", who)).status, who).toBe(403);
      expect((await get(`/api/report/RoiReportResult/${id}`, who)).status, who).toBe(403);
      expect((await post("/api/report/SaveRoiReport", report(), who)).status, who).toBe(403);
      expect((await get("/api/report/RoiReferenceData", who)).status, who).toBe(403);
    }
  });
});

describe("reference data", () => {
  const upload = (reference: unknown, csv: string, name = "budget.csv", who = "super") => {
    const form = new FormData();
    form.append("Reference", typeof reference === "string" ? reference : JSON.stringify(reference));
    form.append("File", new File([csv], name, { type: "text/csv" }));
    return t.request("/api/report/CreateRoiReferenceData", {
      method: "POST",
      token: tokens[who],
      body: form,
      headers,
    });
  };
  const csv = "Month,Sales,Region\r\n2026-01,900,North\r\n2026-02,950,South\r\n";

  test("create (multipart Reference + File), list, the file back as uploaded, update, delete", async () => {
    const res = await upload({ name: "API budget", category: 3, reportDateFilter: "Month" }, csv);
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({
      name: "API budget",
      reportDateFilter: "Month",
      rowCount: 2,
      valueColumns: ["Sales"],
    });
    const list = await get("/api/report/RoiReferenceData");
    expect(list.body.some((r: { id: number }) => r.id === created.id)).toBe(true);
    const file = await t.request(`/api/report/RoiReferenceDataFile/${created.id}`, {
      token: tokens.super,
      headers,
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(csv);
    const sources = await get("/api/report/RoiDataSources?category=3");
    expect(sources.body.some((s: { sourceId: string }) => s.sourceId === `table:${created.id}`)).toBe(true);
    const updated = await post("/api/report/UpdateRoiReferenceData", {
      id: created.id,
      name: "API budget 2026",
      reportDateFilter: null,
    });
    expect(updated.body).toMatchObject({ name: "API budget 2026", reportDateFilter: null });
    expect(
      (await post("/api/report/UpdateRoiReferenceData", {
        id: created.id,
        name: "x",
        reportDateFilter: "Nope",
      })).status,
    ).toBe(400);
    expect((await post("/api/report/DeleteRoiReferenceData", { id: created.id })).status).toBe(200);
    expect((await get(`/api/report/RoiReferenceDataFile/${created.id}`)).status).toBe(404);
  });

  test("the demo's budget and sales tables have their files in storage, as an upload would", async () => {
    const list = await get("/api/report/RoiReferenceData");
    const demo = list.body.filter((r: { uploadedByName: string }) => r.uploadedByName === "Demo data");
    expect(demo.length).toBe(2);
    for (const table of demo) {
      const file = await t.request(`/api/report/RoiReferenceDataFile/${table.id}`, {
        token: tokens.super,
        headers,
      });
      expect(file.status).toBe(200);
      const [header, ...rows] = (await file.text()).trim().split(/\r?\n/);
      expect(header).toBe(table.columnNames.join(","));
      expect(rows.length).toBe(table.rowCount);
    }
  });

  test("the demo plant by month: its meat sold for more than its livestock cost, each month it killed", async () => {
    const list = await get("/api/report/RoiReports");
    const demo = list.body.find((r: { name: string }) => r.name === "Plant by month with budget");
    const grid = await get(`/api/report/RoiReportResult/${demo.id}`);
    expect(grid.status).toBe(200);
    type Cell = { columnId: string; value: number | null };
    const months = (grid.body.columns as { id: string; kind: string }[]).filter((c) => c.kind === "data");
    const known = months.map((c) => (grid.body.bottomLine.values as Cell[]).find((v) => v.columnId === c.id))
      .filter((v) => v?.value);
    expect(known.length, "a month of kills in the demo").toBeGreaterThan(0);
    for (const v of known) expect(v!.value, v!.columnId).toBeGreaterThan(0);
  });

  test("400: an external category, a file without rows, a date column the file does not have", async () => {
    expect((await upload({ name: "X", category: 4 }, csv)).status).toBe(400);
    expect((await upload({ name: "Y", category: 3 }, "Month,Sales\r\n")).status).toBe(400);
    expect((await upload({ name: "Z", category: 3, reportDateFilter: "Day" }, csv)).status).toBe(400);
    expect((await upload("not json", csv)).status).toBe(400);
  });

  test("a budget from reference data: the budget column reads the month's row", async () => {
    const table = await (await upload({ name: "API budget 2", category: 3, reportDateFilter: "Month" }, csv))
      .json();
    const saved = await post(
      "/api/report/SaveRoiReport",
      report({
        name: "With a reference budget",
        reportDataLines: [{
          ...lines[0],
          budget: { kind: "reference", referenceDataId: table.id, sourceColumn: "Sales" },
        }],
      }),
    );
    expect(saved.status).toBe(200);
    const grid = await get(`/api/report/RoiReportResult/${saved.body.id}`);
    expect(grid.body.rows[0].values.find((v: { columnId: string }) => v.columnId === "bjan").value).toBe(900);
    const missing = await post(
      "/api/report/SaveRoiReport",
      report({
        reportDataLines: [{
          ...lines[0],
          budget: { kind: "reference", referenceDataId: 999_999, sourceColumn: "Sales" },
        }],
      }),
    );
    expect(missing.status).toBe(400);
  });
});
