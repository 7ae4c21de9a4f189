/**
 * api/livestock dashboard, cost-summary and regional posts over the real app and the demo data of the
 * pinned day: the same figures the pages stream (one computation), the body refused in words, and who
 * may ask (another tenant, the display role, the module off, the regional flag off). The figures
 * themselves are checked on a hand-worked data set in livestockDashboardFigures.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { featureFlags, tenantModules } from "../../db/control/schema.ts";
import { DASHBOARD_API as P } from "../../server/areas/livestock/dashboard/api.ts";
import { addDays } from "../../kernel/dates.ts";
import { plantDay } from "../helpers/clock.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const SHEEP = 1;
const TODAY = plantDay();

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t?.close());

async function post(path: string, json: unknown, who = "user") {
  const res = await t.request(path, { method: "POST", token: tokens[who], json });
  return { status: res.status, body: await res.json() as Json };
}

async function page(path: string, who = "user") {
  const res = await t.request(path, {
    token: tokens[who],
    headers: { accept: "text/html" },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
}

describe("the posts", () => {
  test("the dashboard: twelve weeks to today by default, every panel, the demo's head against its targets", async () => {
    const { status, body } = await post(P.dashboard, {});
    expect(status).toBe(200);
    expect(body.toDate).toBe(TODAY);
    expect(body.volume[0].weeks).toHaveLength(12);
    const sheep = body.volume.find((s: Json) => s.speciesId === SHEEP);
    expect(sheep.total.bought).toBeGreaterThan(0);
    expect(sheep.total.target).toBeGreaterThan(0);
    expect(body.costs.length).toBeGreaterThan(0);
    for (const c of body.costs) expect(c.centsPerHead).toBe(Math.round(c.costCents / c.head));
    expect(body.suppliers.length).toBeGreaterThan(3);
    expect(new Set(body.suppliers.map((s: Json) => s.state)).size).toBeGreaterThan(1);
    expect(body.losses.find((l: Json) => l.speciesId === SHEEP).delivered).toBeGreaterThan(0);
    expect(body.capacity.yards.length).toBeGreaterThan(0);
    expect(body.next60.days).toBe(60);
  });

  test("the cost summary and the regional summary answer the dashboard's figures", async () => {
    const range = { fromDate: addDays(TODAY, -27), toDate: TODAY, speciesId: SHEEP };
    const [dash, cost, regional] = await Promise.all([
      post(P.dashboard, range),
      post(P.costSummary, range),
      post(P.regionalSummary, range),
    ]);
    expect(cost.status).toBe(200);
    expect(cost.body.rows).toEqual(dash.body.costs);
    const spent = cost.body.rows.reduce((n: number, r: Json) => n + r.costCents, 0);
    expect(regional.status).toBe(200);
    expect(regional.body.states.reduce((n: number, r: Json) => n + r.costCents, 0)).toBe(spent);
    expect(regional.body.regions.reduce((n: number, r: Json) => n + r.bought, 0))
      .toBe(dash.body.volume[0].total.bought);
    expect(regional.body.states.map((s: Json) => s.state)).toEqual(["NSW", "SA", "VIC"]);
  });

  test("the page shows the post's figures: the period's sheep bought and a supplier's killed head", async () => {
    const range = { fromDate: addDays(TODAY, -13), toDate: TODAY, speciesId: SHEEP };
    const { body } = await post(P.dashboard, range);
    const { status, html } = await page(
      `/home/livestockDashboard?from=${range.fromDate}&to=${range.toDate}&species=${SHEEP}`,
    );
    expect(status).toBe(200);
    const bought = body.volume[0].total.bought.toLocaleString("en-AU");
    expect(html).toContain(`>${bought}</a>`);
    const top = body.suppliers[0];
    expect(html).toContain(top.supplierName);
    expect(html).toContain(`supplierId=${top.supplierId}`);
    // the shell first (each panel's "working out" line), then every panel's figures streamed into the same page
    for (const panel of ["volume", "costs", "suppliers", "losses", "capacity", "next60"]) {
      expect(html).toContain(`data-ready="${panel}"`);
    }
    expect(html.indexOf('data-pending="volume"')).toBeLessThan(html.indexOf('data-ready="volume"'));
  });
});

describe("a body the posts cannot use", () => {
  test("400 in words, with the field, for a period backwards or over a year, a species or site not yours", async () => {
    const cases: [Json, string][] = [
      [{ fromDate: "2026-12-10", toDate: "2026-12-01" }, "toDate"],
      [{ fromDate: "2024-01-01", toDate: "2026-12-01" }, "fromDate"],
      [{ fromDate: "2026-02-30" }, "fromDate"],
      [{ speciesId: 99 }, "speciesId"],
      [{ tenantSiteId: 999_999 }, "tenantSiteId"],
      [{ speciesId: "1" }, "speciesId"],
    ];
    for (const [json, field] of cases) {
      const { status, body } = await post(P.dashboard, json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body, JSON.stringify(json)).toMatchObject({ title: "Bad Request", isValidation: true });
      expect(body.message).toEqual(expect.stringMatching(/\w+ \w+/));
      expect(body.errors.map((e: Json) => e.field), JSON.stringify(json)).toContain(field);
    }
    const page400 = await page("/home/livestockDashboard?from=2026-12-10&to=2026-12-01");
    expect(page400.status).toBe(200);
    expect(page400.html).toContain("The period ends before it starts.");
  });
});

describe("who may", () => {
  test("another tenant and the display role: 403 on every post", async () => {
    for (const who of ["farm", "display"]) {
      for (const path of Object.values(P)) {
        expect((await post(path, {}, who)).status, `${who} ${path}`).toBe(403);
      }
    }
  });

  test("without the livestockReporting module: 403, and the dashboards are not offered", async () => {
    const where = and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "livestockReporting"));
    await t.services.db.control.update(tenantModules).set({ isEnabled: false }).where(where);
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      for (const path of Object.values(P)) expect((await post(path, {})).status, path).toBe(403);
      expect((await page("/home/livestockDashboard")).status).not.toBe(200);
    } finally {
      await t.services.db.control.update(tenantModules).set({ isEnabled: true }).where(where);
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });

  test("with the regional flag off: the regional post and page refused, the dashboard still answered", async () => {
    const where = and(
      eq(featureFlags.tenantId, 1),
      eq(featureFlags.featureKey, "regionalLivestockDashboardMenu"),
    );
    await t.services.db.control.update(featureFlags).set({ isEnabled: false, isEnabledForSuperUser: false })
      .where(where);
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      expect((await post(P.regionalSummary, {})).status).toBe(403);
      expect((await page("/home/livestockRegionalSummary")).status).not.toBe(200);
      expect((await post(P.dashboard, {})).status).toBe(200);
    } finally {
      await t.services.db.control.update(featureFlags).set({ isEnabled: true, isEnabledForSuperUser: true })
        .where(where);
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });
});
