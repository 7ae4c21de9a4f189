/**
 * The demo's cut plans (issue 41 "Demo data": plans for past days with actuals, and tomorrow) name the
 * day's real carcass groups, so they predict head, kg and value for lamb and beef: the plan for tomorrow
 * on the builder's figures and the comparison's $ per head, yesterday's released plan against what was
 * packed. Read only: one demo app, no writes.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { BUILDER_API as B } from "../../server/areas/planning/builder/api.ts";
import { formatDate } from "../../kernel/format.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get } = jsonCalls(() => t, tokens);

/** The demo kills lamb tomorrow (Thursday); its beef comes next on Friday. */
const SPECIES = [{ name: "lamb", id: 1, next: plantDay(1) }, { name: "beef", id: 2, next: plantDay(2) }];

beforeAll(async () => {
  t = await serveTestApp();
  tokens.super = await t.login("super@demo.processor");
});
afterAll(() => t.close());

type Plan = { id: number; name: string; productionDate: string; speciesId: number; tenantSiteId: number };
/**
 * The demo's plan of the species on the day, or (`after`) the first after it (lamb is killed at one
 * site every weekday, beef at the other on fewer days).
 */
const planOn = async (day: string, speciesId: number, after = false): Promise<Plan> => {
  const res = await get("/api/planning/ComparablePlans", "super");
  expect(res.status).toBe(200);
  const plan = (res.body as Plan[]).filter((p) => p.speciesId === speciesId)
    .sort((a, b) => a.productionDate.localeCompare(b.productionDate))
    .find((p) => after ? p.productionDate > day : p.productionDate === day);
  expect(plan, `a demo plan on ${day}`).toBeDefined();
  return plan!;
};

describe.each(SPECIES)("the demo's $name plans", ({ id: speciesId, next }) => {
  test("the next kill day's plan predicts head, kg and $ per head", async () => {
    const plan = await planOn(plantDay(0), speciesId, true);
    expect(plan.productionDate).toBe(next);
    const predicted = await get(
      `${B.predictedProducts}?productionDate=${plan.productionDate}&speciesId=${speciesId}` +
        `&tenantSiteId=${plan.tenantSiteId}&cutPlanId=${plan.id}`,
      "super",
    );
    expect(predicted.status).toBe(200);
    expect(predicted.body.head).toBeGreaterThan(0);
    const kg = predicted.body.products.reduce((s: number, p: { kg: number }) => s + p.kg, 0);
    expect(kg).toBeGreaterThan(0);
    // a product is valued at its codes' price in force that day; one with none says so (never $0.00/kg)
    const products = predicted.body.products as {
      name: string;
      kg: number;
      cents: number;
      priced: boolean;
    }[];
    expect(products.some((p) => p.priced)).toBe(true);
    for (const p of products) expect(p.priced ? p.cents > 0 : p.cents === 0).toBe(true);
    // the page names the unpriced ones and says how to price them, and writes "No price", never $0.00
    const html = (await (await t.request(
      `/productionscheduling/predictedproducts?productionDate=${plan.productionDate}&species=${speciesId}` +
        `&plan=${plan.id}`,
      { token: tokens.super },
    )).text()).replaceAll("<!-- -->", "");
    const unpriced = products.filter((p) => !p.priced);
    if (unpriced.length) {
      expect(html).toContain(unpriced.map((p) => p.name).join("; "));
      expect(html).toContain("map a code on");
      expect(html).toContain(">No price<");
    }
    expect(html).not.toContain(">$0.00<");
    // the statistic rows count the species' own cuts: most of the nine have predicted kg (beef's too)
    const total = (predicted.body.statistics as { row: string; values: Record<string, number> }[])
      .find((r) => r.row === "Total")!;
    expect(Object.values(total.values).filter((v) => v > 0).length).toBeGreaterThanOrEqual(5);
    const compared = await get(`/api/planning/ProductComparison?planA=${plan.id}&planB=${plan.id}`, "super");
    expect(compared.status).toBe(200);
    expect(compared.body.planA.head).toBeGreaterThan(0);
    expect(compared.body.planA.kg).toBeGreaterThan(0);
    expect(compared.body.planA.centsPerHead).toBeGreaterThan(0);
  });

  test("the builder opens the plan by its address on the plan's own site's groups", async () => {
    const plan = await planOn(plantDay(0), speciesId, true);
    const page = await t.request(
      `/productionscheduling/schedulebuilder?date=${plan.productionDate}&species=${speciesId}&plan=${plan.id}`,
      { token: tokens.super },
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value="${plan.name}"`);
    // its groups are the plan's own (beef's site is not the header's): each carries its recipes
    expect(html).toContain(`data-group="${plan.productionDate}:`);
    expect(html).toContain('class="builder-group-recipes"><li>');
    // the title says the plan's site when it is not the header's (beef's)
    const title = /<h2 id="sb-title">(.*?)<\/h2>/.exec(html)![1].replace(/<!-- -->/g, "");
    const model = await (await t.request("/login/usermodel", { token: tokens.super })).json();
    const [header, ...others] = model.tenantSites as { id: number; name: string }[];
    const own = others.find((x) => x.id === plan.tenantSiteId);
    expect(title).toBe(
      `Schedule builder · ${formatDate(plan.productionDate)}${
        own && own.id !== header.id ? ` · ${own.name}` : ""
      }`,
    );
  });

  test("yesterday's released plan against what was packed: head and $ per head on both sides", async () => {
    const plan = await planOn(plantDay(-1), speciesId);
    const res = await get(`/api/planning/PlanAgainstActual?plan=${plan.id}`, "super");
    expect(res.status).toBe(200);
    expect(res.body.schedules.length).toBeGreaterThan(0);
    expect(res.body.totals.head).toBeGreaterThan(0);
    expect(res.body.totals.planned.centsPerHead).toBeGreaterThan(0);
    expect(res.body.totals.actual.centsPerHead).toBeGreaterThan(0);
  });
});

describe("the scheduled products report on the demo", () => {
  test("today has no release yet and points to yesterday, whose schedules show their figures", async () => {
    const today = await (await t.request("/home/scheduledProductsReport", { token: tokens.super })).text();
    expect(today).toContain("No plan was released to a boning room for this day.");
    expect(today).toContain(`href="/home/scheduledProductsReport?date=${plantDay(-1)}"`);
    const res = await t.request(`/home/scheduledProductsReport?date=${plantDay(-1)}`, {
      token: tokens.super,
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("No plan was released");
    // a block per released room and shift, each with its products planned and packed
    expect(html.match(/class="report-block"/g)!.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain("Plan for Tue 1 Dec");
  });
});
