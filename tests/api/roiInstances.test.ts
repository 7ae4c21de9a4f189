/**
 * ROI grids across two server instances on one set of database files and a real redis-server: a grid
 * kept in memory on B is read afresh after an invoice is published on A (the event comes through the
 * bus) and after a reference table is deleted on A (the tables' own stamp). The two apps share this
 * process, but what each keeps is its own, as two instances' memories are. Without redis-server (CI
 * installs it) this file is skipped.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { hasRedis, startRedis } from "../helpers/redis.ts";
import { plantDay } from "../helpers/clock.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";

type Served = Awaited<ReturnType<typeof serveTestApp>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: Served;
let b: Served;
let token = "";
const headers = { "x-local-date": plantDay() };

if (!hasRedis()) console.warn("redis-server is not installed: the two-instance ROI tests are skipped");

async function call(on: Served, path: string, json?: unknown) {
  const res = await on.request(path, { method: json ? "POST" : "GET", token, json, headers });
  return { status: res.status, body: await res.json() };
}
type Grid = { computedAt: string; bottomLine: { values: { columnId: string; value: number | null }[] } };
/** the grid's figures, without the time it was computed */
const figures = (grid: Grid) => JSON.stringify({ ...grid, computedAt: undefined });

describe.skipIf(!hasRedis())("ROI grids across two instances", () => {
  beforeAll(async () => {
    redis = await startRedis();
    a = await serveTestApp({ PUSH_REDIS_URL: redis.url });
    b = await serveTestApp({ PUSH_REDIS_URL: redis.url, DATA_DIR: a.dataDir });
    token = await a.login("super@demo.processor");
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  test("an invoice published on A changes the plant's report on B, which had it in memory", async () => {
    const reports = await call(b, "/api/report/RoiReports");
    const demo = reports.body.find((r: { name: string }) => r.name === "Plant by month with budget");
    const path = `/api/report/RoiReportResult/${demo.id}`;
    const before = await call(b, path);
    expect(before.status).toBe(200);

    const drafts = (await call(a, `${INVOICES_API.created}?speciesId=1`)).body as {
      id: number;
      isPublishable: boolean;
      lastModified: string;
    }[];
    const draft = drafts.find((d) => d.isPublishable)!;
    expect(draft, "a publishable demo draft").toBeDefined();
    const published = await call(a, INVOICES_API.publish, { id: draft.id, lastModified: draft.lastModified });
    expect(published.status).toBe(200);

    const after = await call(b, path);
    expect(after.status).toBe(200);
    expect(figures(after.body), "the livestock cost of the invoice's month moved").not.toBe(
      figures(before.body),
    );
  });

  test("a reference table deleted on A is no longer read by B's kept grid", async () => {
    const form = new FormData();
    form.append(
      "Reference",
      JSON.stringify({ name: "Two-instance budget", category: 3, reportDateFilter: "Month" }),
    );
    form.append("File", new File(["Month,Sales\r\n2026-01,900\r\n"], "budget.csv", { type: "text/csv" }));
    const table = await (await a.request("/api/report/CreateRoiReferenceData", {
      method: "POST",
      token,
      body: form,
      headers,
    })).json();
    const saved = await call(a, "/api/report/SaveRoiReport", {
      name: "Budget from a table",
      startDate: 20260101,
      endDate: 20260131,
      isIncludeBudgetColumns: true,
      columns: [
        { id: "jan", name: "Jan 2026", startDate: 20260101, endDate: 20260131 },
        { id: "bjan", name: "Budget Jan 2026", startDate: 20260101, endDate: 20260131, budgetForId: "jan" },
      ],
      reportDataLines: [{
        lineId: "sales",
        displayName: "Sales",
        category: 2,
        values: [{ reportColumnId: "jan", value: 1000 }],
        budget: { kind: "reference", referenceDataId: table.id, sourceColumn: "Sales" },
      }],
    });
    expect(saved.status).toBe(200);
    const path = `/api/report/RoiReportResult/${saved.body.id}`;
    const budget = async () =>
      (await call(b, path)).body.rows[0].values.find((v: { columnId: string }) => v.columnId === "bjan")
        .value;
    expect(await budget()).toBe(900);

    expect((await call(a, "/api/report/DeleteRoiReferenceData", { id: table.id })).status).toBe(200);
    expect(await budget()).toBeNull();
  });
});
