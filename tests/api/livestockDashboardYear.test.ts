/**
 * The demo's year of history (`history: "year"`, the demo the start command runs; issue 39 "Demo data"):
 * seeded on fresh databases for the pinned day through the areas' own seeds, every livestock dashboard
 * panel has figures over the whole year and over a stretch of the history alone, suppliers of three
 * states are paid on published invoices (by weekly bank files), and the kill floor reported MSA results.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, isNotNull, lt, sql } from "drizzle-orm";
import { startTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { seedDemo } from "../../server/demo.ts";
import { carcasses, invoices } from "../../db/tenant/schema.ts";
import { DASHBOARD_API as P } from "../../server/areas/livestock/dashboard/api.ts";
import { addDays } from "../../kernel/dates.ts";
import { PLANT_DAY, plantDay } from "../helpers/clock.ts";
import { PAYMENTS_API } from "../../server/areas/invoices/payments/paths.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof startTestApp>>;
let dir: string;
let token: string;
const TODAY = plantDay();
const SHEEP = 1, CATTLE = 2;

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "abattoir-year-" });
  const services = await createServices(loadConfig({ DATA_DIR: dir }));
  try {
    await seedDemo(services.db, TEST_PASSWORD, PLANT_DAY, { history: "year" });
  } finally {
    await services.close();
  }
  t = await startTestApp({ DATA_DIR: dir });
  token = await t.login("admin@demo.processor");
}, 600_000);
afterAll(async () => {
  await t?.close();
  if (dir) await Deno.remove(dir, { recursive: true }).catch(() => {});
});

async function dashboard(fromDate: string, toDate: string) {
  const res = await t.request(P.dashboard, { method: "POST", token, json: { fromDate, toDate } });
  expect(res.status).toBe(200);
  return await res.json() as Json;
}

describe("a year of demo history", () => {
  test("every panel has figures over the year, week by week", async () => {
    const year = await dashboard(addDays(TODAY, -364), TODAY);
    const sheep = year.volume.find((s: Json) => s.speciesId === SHEEP);
    expect(sheep.weeks.length).toBeGreaterThanOrEqual(52);
    // every week of the year bought, delivered and processed sheep
    expect(sheep.weeks.filter((w: Json) => w.bought > 0).length).toBeGreaterThanOrEqual(50);
    expect(sheep.weeks.filter((w: Json) => w.processed > 0).length).toBeGreaterThanOrEqual(50);
    expect(year.volume.find((s: Json) => s.speciesId === CATTLE).total.processed).toBeGreaterThan(0);
    for (const speciesId of [SHEEP, CATTLE]) {
      expect(year.costs.some((c: Json) => c.speciesId === speciesId && c.head > 0)).toBe(true);
    }
    expect(new Set(year.suppliers.map((s: Json) => s.state))).toEqual(new Set(["NSW", "SA", "VIC"]));
    expect(year.suppliers.some((s: Json) => s.compliancePercent !== null)).toBe(true);
    expect(year.losses.find((l: Json) => l.speciesId === SHEEP).doa).toBeGreaterThan(0);
    expect(year.capacity.yards.length).toBeGreaterThan(0);
    expect(year.next60.days).toBe(60);
  });

  test("a quarter of the history alone (before the demo's month) has every figure", async () => {
    const q = await dashboard(addDays(TODAY, -250), addDays(TODAY, -160));
    const sheep = q.volume.find((s: Json) => s.speciesId === SHEEP);
    expect(sheep.total.bought).toBeGreaterThan(0);
    expect(sheep.total.processed).toBeGreaterThan(0);
    expect(q.costs.filter((c: Json) => c.head > 0).length).toBeGreaterThan(0);
    expect(q.suppliers.length).toBeGreaterThan(5);
    expect(q.losses.find((l: Json) => l.speciesId === SHEEP).killed).toBeGreaterThan(0);
  });

  test("the history's orders are paid on published invoices and the kill floor sent MSA results", async () => {
    const db = await t.services.db.tenantDb(1);
    const [paid] = await db.select({ n: sql<number>`count(*)` }).from(invoices).where(and(
      sql`${invoices.status} in ('Published', 'Finalised')`,
      lt(invoices.productionDate, addDays(TODAY, -30)),
    ));
    expect(paid.n).toBeGreaterThan(500);
    const [msa] = await db.select({ n: sql<number>`count(*)` }).from(carcasses)
      .where(and(isNotNull(carcasses.msaUltimatePh), lt(carcasses.productionDate, addDays(TODAY, -30))));
    expect(msa.n).toBeGreaterThan(0);
  });

  test("the history was paid by weekly bank files: the Payments page lists only the month's invoices", async () => {
    const due = await t.request(`${PAYMENTS_API.toPay}?dueBy=${TODAY}`, { token });
    expect(due.status).toBe(200);
    const body = await due.json() as Json;
    const history = addDays(TODAY, -60);
    // what is still to pay from the history is a supplier the file cannot pay (no bank details)
    const old = body.invoices.filter((i: Json) => i.dueDate < history);
    expect(old.filter((i: Json) => !i.cannotPayReason)).toEqual([]);
    const runs = await t.request(PAYMENTS_API.runs, { token });
    expect(runs.status).toBe(200);
    const files = await runs.json() as Json[];
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(files.every((f) => f.status === "created" && f.totalCents > 0)).toBe(true);
  });
});
