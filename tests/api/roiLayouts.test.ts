/**
 * api/report ROI layouts (issue 42 item 4): the layout designer's calls over the demo report "Plant by
 * month with budget": the starting layout, save (sets isLayoutSaved), 400 for a line on the wrong side or
 * an unknown line, 409 for a stale save, the CSV by the saved layout, a report's delete taking its layouts, 403 for an admin who is not super and another tenant's user.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { roiLayouts, roiReports } from "../../db/tenant/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const headers = { "x-local-date": plantDay() };
let reportId = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "super"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const [report] = await (await t.services.db.tenantDb(1)).select().from(roiReports)
    .where(eq(roiReports.name, "Plant by month with budget"));
  reportId = report.id;
});
afterAll(() => t.close());

const get = async (path: string, who = "super") => {
  const res = await t.request(path, { token: tokens[who], headers });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, who = "super") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json, headers });
  return { status: res.status, body: await res.json() };
};
const layouts = () => get(`/api/report/GetRoiLayouts/${reportId}`);
const bodyOf = (layout: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  definitionId: reportId,
  id: layout.id || null,
  name: layout.name,
  creditLayoutSection: layout.creditLayoutSection,
  debitLayoutSection: layout.debitLayoutSection,
  layoutSettings: layout.layoutSettings,
  lastModified: layout.lastModified,
  ...over,
});

describe("ROI layouts", () => {
  test("a report starts with its default layout: credit then debit, every line on its side", async () => {
    const { status, body } = await layouts();
    expect(status).toBe(200);
    expect(body.layouts.map((l: { name: string; id: number }) => [l.name, l.id])).toEqual([[
      "default layout",
      0,
    ]]);
    const start = body.layouts[0];
    const credit = body.lines.filter((l: { isDebit: boolean }) => !l.isDebit).map((l: { lineId: string }) =>
      l.lineId
    );
    expect(start.creditLayoutSection.children.map((n: { lineId: string }) => n.lineId)).toEqual(credit);
    expect(start.layoutSettings.isNegativesRed).toBe(false);
  });

  test("save a section holding the debit lines; the report's layout is saved; a stale save answers 409", async () => {
    const start = (await layouts()).body.layouts[0];
    const debit = start.debitLayoutSection;
    const section = {
      name: "section-1",
      displayName: "Costs",
      lineId: null,
      isSection: true,
      isDebit: true,
      options: { ...debit.options, isIncludeTotals: true },
      children: debit.children,
    };
    const saved = await post(
      "/api/report/SaveRoiLayout",
      bodyOf(start, {
        debitLayoutSection: { ...debit, children: [section] },
        layoutSettings: { ...start.layoutSettings, isNegativesRed: true },
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "default layout", isLayoutSaved: true });
    expect(saved.body.id).toBeGreaterThan(0);
    const [report] = await (await t.services.db.tenantDb(1)).select().from(roiReports).where(
      eq(roiReports.id, reportId),
    );
    expect(report.isLayoutSaved).toBe(true);
    const again = (await layouts()).body.layouts[0];
    expect(again.debitLayoutSection.children[0].displayName).toBe("Costs");
    expect(again.layoutSettings.isNegativesRed).toBe(true);

    const first = await post("/api/report/SaveRoiLayout", bodyOf(again, { name: "default layout" }));
    expect(first.status).toBe(200);
    const stale = await post("/api/report/SaveRoiLayout", bodyOf(again));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("changed by someone else");
  });

  test("the report shows its saved layout: the CSV has the Costs section and its total", async () => {
    const res = await t.request(`/api/report/RoiReportCsv/${reportId}`, { token: tokens.super, headers });
    expect(res.status).toBe(200);
    const labels = (await res.text()).split("\r\n").map((line) => line.split(",")[0]);
    expect(labels).toContain("Costs");
    expect(labels).toContain("Total Costs");
  });

  test("deleting a report deletes its layouts in the same write", async () => {
    const copy = await post("/api/report/CopyRoiReport", { id: reportId });
    expect(copy.status).toBe(200);
    const start = (await get(`/api/report/GetRoiLayouts/${copy.body.id}`)).body.layouts[0];
    const saved = await post("/api/report/SaveRoiLayout", bodyOf(start, { definitionId: copy.body.id }));
    expect(saved.status).toBe(200);
    const db = await t.services.db.tenantDb(1);
    const rowsOf = () => db.select().from(roiLayouts).where(eq(roiLayouts.definitionId, copy.body.id));
    expect(await rowsOf()).toHaveLength(1);
    expect((await post("/api/report/DeleteRoiReport", { id: copy.body.id })).status).toBe(200);
    expect(await rowsOf()).toEqual([]);
  });

  test("400: a line on the wrong side, an unknown line; nothing changes", async () => {
    const current = (await layouts()).body.layouts[0];
    const before = await (await t.services.db.tenantDb(1)).select().from(roiLayouts);
    const creditLine = current.creditLayoutSection.children[0];
    const wrongSide = await post(
      "/api/report/SaveRoiLayout",
      bodyOf(current, { debitLayoutSection: { ...current.debitLayoutSection, children: [creditLine] } }),
    );
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body).toMatchObject({ isValidation: true });
    expect(wrongSide.body.title).toBeTruthy();
    expect(JSON.stringify(wrongSide.body)).toContain("it stays on that side");
    const unknown = await post(
      "/api/report/SaveRoiLayout",
      bodyOf(current, {
        creditLayoutSection: {
          ...current.creditLayoutSection,
          children: [{ ...creditLine, name: "line:nope", lineId: "nope" }],
        },
      }),
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("is not a line of this report");
    expect(await (await t.services.db.tenantDb(1)).select().from(roiLayouts)).toEqual(before);
  });

  test("a second named layout, then deleted; the last one stays", async () => {
    const current = (await layouts()).body.layouts[0];
    const added = await post(
      "/api/report/SaveRoiLayout",
      bodyOf(current, { id: null, name: "Board pack", lastModified: null }),
    );
    expect(added.status).toBe(200);
    expect((await layouts()).body.layouts.map((l: { name: string }) => l.name)).toEqual([
      "default layout",
      "Board pack",
    ]);
    const clash = await post(
      "/api/report/SaveRoiLayout",
      bodyOf(current, { id: null, name: "board pack", lastModified: null }),
    );
    expect(clash.status).toBe(400);
    expect(
      (await post("/api/report/DeleteRoiLayout", {
        id: added.body.id,
        lastModified: added.body.lastModified,
      })).status,
    ).toBe(200);
    const last = (await layouts()).body.layouts[0];
    expect(
      (await post("/api/report/DeleteRoiLayout", { id: last.id, lastModified: last.lastModified })).status,
    ).toBe(400);
  });

  test("the analysis menu: the published demo report as a card (chart and largest variances), super only", async () => {
    const page = (who: string) =>
      t.request("/home/RoiAnalysisMenu", { headers: { ...headers, cookie: `session=${tokens[who]}` } });
    const res = await page("super");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Plant by month with budget");
    expect(html).toContain("Largest variances");
    expect(html).toMatch(/<svg[^>]*recharts-surface/);
    expect(html).toMatch(/<ul class="vt-legend" aria-label="Legend">.*?Bottom line.*?Budget<\/li><\/ul>/);
    expect(html).not.toContain("By supplier, last quarter");
    expect((await page("admin")).status).toBe(403);
  });

  test("403 for an admin who is not super and for another tenant's user", async () => {
    const current = (await layouts()).body.layouts[0];
    for (const who of ["admin", "farm"]) {
      expect((await get(`/api/report/GetRoiLayouts/${reportId}`, who)).status, who).toBe(403);
      expect((await post("/api/report/SaveRoiLayout", bodyOf(current), who)).status, who).toBe(403);
    }
  });
});
