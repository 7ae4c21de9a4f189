/**
 * The livestock dashboard at a year of history (issue 39: the first panel streams within 30 ms server
 * time, the whole page within 150 ms; at 10× the orders within 2× that). A year of sheep orders before
 * the demo's month (four lots of 50 head a weekday, each delivered with a load and a mob, killed with its
 * carcasses and paid on a published invoice) is written straight into the tenant database and left
 * there; then nine more copies of each day's lots for the tenfold run. Timed over real HTTP beside the
 * plain route (/login/usermodel) in the same run: the bytes up to the first panel, and the whole page, for
 * the default twelve weeks and for the whole year.
 *
 * Standalone: `NODE_ENV=production deno run -A tests/bench/livestockDashboard.ts` (a test app on fresh files).
 */
import {
  carcasses,
  deliveryLoads,
  invoiceMobs,
  invoices,
  livestockOrderGroups,
  livestockOrders,
  stockMobs,
  suppliers,
} from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../kernel/enums.ts";
import { addDays, isWeekend } from "../../kernel/dates.ts";
import { percentile, time, type Timing } from "./timing.ts";

/** The bounds, server time. */
export const DASHBOARD_FIRST_PANEL_MS = 30;
export const DASHBOARD_PAGE_MS = 150;
const LOTS_A_DAY = 4;
const HEAD = 50;
const SHEEP = 1, LAMB = 11;
/** The history ends before the demo's month of orders begins. */
const HISTORY_DAYS = 335;

export interface DashboardBench {
  orders: number;
  carcasses: number;
  tenfoldOrders: number;
  plain: Timing;
  /** default period (twelve weeks): up to the first panel's figures, and the whole page */
  firstPanel: Timing;
  page: Timing;
  /** the whole year */
  yearPage: Timing;
  tenfoldFirstPanel: Timing;
  tenfoldPage: Timing;
  tenfoldYearPage: Timing;
}

/** `copies` lots of 50 head on each weekday of the history, each killed and invoiced. */
async function fillHistory(
  db: TenantDb,
  today: string,
  copies: number,
): Promise<{ orders: number; carcasses: number }> {
  const supplierIds = (await db.select({ id: suppliers.id }).from(suppliers)).map((s) => s.id);
  const now = new Date().toISOString();
  let orders = 0, killed = 0, body = 0;
  const first = addDays(today, -(30 + HISTORY_DAYS));
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const day = addDays(first, d);
    if (isWeekend(day)) continue;
    await db.transaction(async (tx) => {
      for (let i = 0; i < LOTS_A_DAY * copies; i++) {
        const supplierId = supplierIds[(d * 7 + i) % supplierIds.length];
        const stamps = { createdAt: now, lastModified: now };
        const [group] = await tx.insert(livestockOrderGroups).values({
          speciesId: SHEEP,
          supplierId,
          deliveryDate: day,
          ...stamps,
        }).returning({ id: livestockOrderGroups.id });
        const [order] = await tx.insert(livestockOrders).values({
          livestockOrderGroupId: group.id,
          supplierId,
          speciesId: SHEEP,
          speciesCategoryId: LAMB,
          quantityOrdered: HEAD,
          deliveryDate: day,
          productionDate: day,
          orderStatus: ORDER_STATUS.InvoiceFinalised,
          totalDelivered: HEAD,
          totalDoa: i % 5 === 0 ? 1 : 0,
          totalUnloaded: HEAD,
          totalProcessed: HEAD,
          ...stamps,
        }).returning({ id: livestockOrders.id });
        const [load] = await tx.insert(deliveryLoads).values({
          livestockOrderId: order.id,
          head: HEAD,
          doa: i % 5 === 0 ? 1 : 0,
          deliveryDate: day,
          deliveryTime: "06:00",
          createdAt: now,
          createdBy: "bench",
        }).returning({ id: deliveryLoads.id });
        const [mob] = await tx.insert(stockMobs).values({
          livestockOrderId: order.id,
          deliveryLoadId: load.id,
          supplierId,
          speciesId: SHEEP,
          speciesCategoryId: LAMB,
          head: HEAD,
          mobStatus: MOB_STATUS.AtKillFloor,
          applicableProductionDate: day,
          ...stamps,
        }).returning({ id: stockMobs.id });
        await tx.insert(carcasses).values(Array.from({ length: HEAD }, (_, k) => ({
          productionDate: day,
          tenantSiteId: 0,
          speciesId: SHEEP,
          bodyNumber: (copies === 1 ? 100_000 : 1_000_000) + ++body,
          killSequence: body,
          stockMobId: mob.id,
          livestockOrderId: order.id,
          supplierId,
          speciesCategoryId: LAMB,
          hscwKg: 18 + (k % 9),
          fatScore: 1 + (k % 5),
          condemned: k === 0 && i % 3 === 0 ? "whole" : "none",
          importId: 0,
          receivedAt: now,
          lastModified: now,
        })));
        const [invoice] = await tx.insert(invoices).values({
          livestockOrderId: order.id,
          supplierId,
          speciesId: SHEEP,
          speciesCategoryId: LAMB,
          productionDate: day,
          status: "Published",
          carcassCount: HEAD,
          subTotalCents: HEAD * 18_000,
          createdBy: "bench",
          ...stamps,
        }).returning({ id: invoices.id });
        await tx.insert(invoiceMobs).values({ stockMobId: mob.id, invoiceId: invoice.id });
        orders++;
        killed += HEAD;
      }
    });
  }
  return { orders, carcasses: killed };
}

/** Milliseconds until the first panel's figures have arrived, and until the page is whole. */
async function streamTimes(url: string, cookie: string): Promise<{ first: number; whole: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie, "accept-encoding": "identity" } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const decoder = new TextDecoder();
  let text = "", first = 0;
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    if (!first && text.includes('data-ready="volume"')) first = performance.now() - t0;
  }
  if (!first) throw new Error(`${url}: no first panel`);
  return { first, whole: performance.now() - t0 };
}

async function timeStream(n: number, url: string, cookie: string) {
  for (let i = 0; i < 3; i++) await streamTimes(url, cookie);
  const firsts: number[] = [], wholes: number[] = [];
  for (let i = 0; i < n; i++) {
    const { first, whole } = await streamTimes(url, cookie);
    firsts.push(first);
    wholes.push(whole);
  }
  const timing = (ms: number[]): Timing => {
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), n: ms.length };
  };
  return { first: timing(firsts), whole: timing(wholes) };
}

export async function benchLivestockDashboard(
  origin: string,
  token: string,
  cookie: string,
  db: TenantDb,
  today: string,
): Promise<DashboardBench> {
  const year = await fillHistory(db, today, 1);
  const plain = await time(50, async () => {
    const res = await fetch(`${origin}/login/usermodel`, { headers: { authorization: `Bearer ${token}` } });
    await res.text();
  });
  const path = `${origin}/home/livestockDashboard`;
  const yearPath = `${path}?from=${addDays(today, -365)}&to=${today}`;
  const twelveWeeks = await timeStream(30, path, cookie);
  const wholeYear = await timeStream(15, yearPath, cookie);
  const tenfold = await fillHistory(db, today, 9);
  const tenfoldWeeks = await timeStream(30, path, cookie);
  const tenfoldYear = await timeStream(15, yearPath, cookie);
  return {
    orders: year.orders,
    carcasses: year.carcasses,
    tenfoldOrders: year.orders + tenfold.orders,
    plain,
    firstPanel: twelveWeeks.first,
    page: twelveWeeks.whole,
    yearPage: wholeYear.whole,
    tenfoldFirstPanel: tenfoldWeeks.first,
    tenfoldPage: tenfoldWeeks.whole,
    tenfoldYearPage: tenfoldYear.whole,
  };
}

if (import.meta.main) {
  const { serveTestApp } = await import("../helpers/app.ts");
  const { todayIn } = await import("../../kernel/dates.ts");
  const { DEMO_TIME_ZONE } = await import("../../server/demo.ts");
  const server = await serveTestApp();
  try {
    const token = await server.login("admin@demo.processor");
    const cookie = `session=${await server.login("admin@demo.processor")}`;
    const r = await benchLivestockDashboard(
      server.origin,
      token,
      cookie,
      await server.services.db.tenantDb(1),
      todayIn(DEMO_TIME_ZONE),
    );
    console.log(JSON.stringify(r));
    const f = (t: Timing) => `${t.p50.toFixed(1)} ms (p99 ${t.p99.toFixed(1)})`;
    console.log(`plain route ${f(r.plain)}; a year: ${r.orders} orders, ${r.carcasses} carcasses`);
    console.log(
      `twelve weeks: first panel ${f(r.firstPanel)}, whole page ${f(r.page)}; the year ${f(r.yearPage)}`,
    );
    console.log(
      `10× (${r.tenfoldOrders} orders): first panel ${f(r.tenfoldFirstPanel)}, whole page ${
        f(r.tenfoldPage)
      } ` +
        `(${(r.tenfoldPage.p50 / r.page.p50).toFixed(2)}×); the year ${f(r.tenfoldYearPage)} ` +
        `(${(r.tenfoldYearPage.p50 / r.yearPage.p50).toFixed(2)}×)`,
    );
  } finally {
    await server.close();
  }
}
