/**
 * The processing overview of a 300-lot day (issue 39: ≤ 20 ms server time): a sheep production day far
 * from the demo's is filled with 300 orders of 100 head (written straight into the tenant database, left
 * there: call this late), each with its load and mob; two in three mobs sent to the kill floor with their
 * carcasses recorded (20,000 carcasses), the rest in the yard. Then GetLivestockOrderProcessingOverview of
 * that day is timed over real HTTP beside the plain route (/login/usermodel) in the same run, and the page.
 *
 * Standalone: `NODE_ENV=production deno run -A tests/bench/processOverview.ts` (a test app on fresh files).
 */
import { eq, sql } from "drizzle-orm";
import {
  carcasses,
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  stockMobs,
  suppliers,
} from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../kernel/enums.ts";
import { addDays } from "../../kernel/dates.ts";
import { percentile, time, type Timing } from "./timing.ts";
import { PROCESS_OVERVIEW_API } from "../../server/areas/livestock/processOverview/api.ts";

export const OVERVIEW_LOTS = 300;
/** The bound for the overview of OVERVIEW_LOTS lots, server time. */
export const OVERVIEW_BOUND_MS = 20;
const HEAD = 100;
const SHEEP = 1;

export interface ProcessOverviewBench {
  lots: number;
  carcasses: number;
  /** each read after a change of the database (what a push makes every open overview do) */
  cold: Timing;
  /** read again, nothing changed (kept until the database changes) */
  api: Timing;
  page: Timing;
  /** the plain route (/login/usermodel) in the same run */
  plain: Timing;
}

/** 300 lots on `day`: an order, a load and a mob each; two in three killed with their carcasses. */
async function fillDay(db: TenantDb, day: string): Promise<number> {
  const have = await db.select({ id: livestockOrders.id }).from(livestockOrders)
    .where(eq(livestockOrders.productionDate, day));
  if (have.length >= OVERVIEW_LOTS) return have.length * HEAD;
  const supplierIds = (await db.select({ id: suppliers.id }).from(suppliers)).map((s) => s.id);
  const now = new Date().toISOString();
  let killed = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < OVERVIEW_LOTS; i++) {
      const supplierId = supplierIds[i % supplierIds.length];
      const [group] = await tx.insert(livestockOrderGroups).values({
        speciesId: SHEEP,
        quantityRequired: HEAD,
        supplierId,
        deliveryDate: addDays(day, -1),
        createdAt: now,
        lastModified: now,
      }).returning();
      const kill = i % 3 !== 2;
      const [order] = await tx.insert(livestockOrders).values({
        livestockOrderGroupId: group.id,
        supplierId,
        speciesId: SHEEP,
        quantityOrdered: HEAD,
        deliveryDate: addDays(day, -1),
        productionDate: day,
        orderStatus: kill ? ORDER_STATUS.Processed : ORDER_STATUS.Unloaded,
        agendaLotReference: `B${String(i + 1).padStart(3, "0")}`,
        totalDelivered: HEAD,
        totalUnloaded: HEAD,
        totalProcessed: kill ? HEAD : 0,
        createdAt: now,
        lastModified: now,
      }).returning();
      const [load] = await tx.insert(deliveryLoads).values({
        livestockOrderId: order.id,
        head: HEAD,
        deliveryDate: addDays(day, -1),
        deliveryTime: "06:00",
        createdAt: now,
        createdBy: "bench",
      }).returning();
      const [mob] = await tx.insert(stockMobs).values({
        livestockOrderId: order.id,
        deliveryLoadId: load.id,
        supplierId,
        speciesId: SHEEP,
        head: HEAD,
        mobStatus: kill ? MOB_STATUS.AtKillFloor : MOB_STATUS.ReadyToProcess,
        penId: kill ? null : 1,
        agendaLotReference: order.agendaLotReference,
        applicableProductionDate: day,
        createdAt: now,
        lastModified: now,
      }).returning();
      if (!kill) continue;
      await tx.insert(carcasses).values(Array.from({ length: HEAD }, (_, k) => ({
        productionDate: day,
        tenantSiteId: 0,
        speciesId: SHEEP,
        bodyNumber: killed + k + 1,
        killSequence: killed + k + 1,
        stockMobId: mob.id,
        livestockOrderId: order.id,
        supplierId,
        hscwKg: 22 + (k % 7),
        condemned: k === 0 ? "whole" : "none",
        importId: 0,
        receivedAt: now,
        lastModified: now,
      })));
      killed += HEAD;
    }
  });
  return killed;
}

export async function benchProcessOverview(
  origin: string,
  token: string,
  cookie: string,
  db: TenantDb,
  today: string,
): Promise<ProcessOverviewBench> {
  const day = addDays(today, 120);
  const killed = await fillDay(db, day);
  const get = (url: string, headers: Record<string, string>) => async () => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.text();
  };
  const auth = { authorization: `Bearer ${token}` };
  const apiUrl = `${origin}${PROCESS_OVERVIEW_API.byDay}?speciesId=${SHEEP}&productionDate=${day}`;
  const check = await (await fetch(apiUrl, { headers: auth })).json();
  if (check.orders.length < OVERVIEW_LOTS) throw new Error(`only ${check.orders.length} lots on ${day}`);
  const plain = await time(100, get(`${origin}/login/usermodel`, auth));
  const read = get(apiUrl, auth);
  // a commit between reads (as a load, a move or carcasses would make): every read is made afresh
  const coldMs: number[] = [];
  for (let i = 0; i < 33; i++) {
    await db.run(
      sql`update suppliers set last_modified = last_modified where id = (select min(id) from suppliers)`,
    );
    const t0 = performance.now();
    await read();
    if (i >= 3) coldMs.push(performance.now() - t0);
  }
  coldMs.sort((a, b) => a - b);
  const cold: Timing = { p50: percentile(coldMs, 50), p99: percentile(coldMs, 99), n: coldMs.length };
  const api = await time(100, read);
  const page = await time(50, get(`${origin}/home/processoverview?date=${day}&species=${SHEEP}`, { cookie }));
  return { lots: check.orders.length, carcasses: killed, cold, api, page, plain };
}

if (import.meta.main) {
  const { serveTestApp } = await import("../helpers/app.ts");
  const { todayIn } = await import("../../kernel/dates.ts");
  const { DEMO_TIME_ZONE } = await import("../../server/demo.ts");
  const server = await serveTestApp();
  try {
    const token = await server.login("admin@demo.processor");
    const cookie = `session=${await server.login("admin@demo.processor")}`;
    const r = await benchProcessOverview(
      server.origin,
      token,
      cookie,
      await server.services.db.tenantDb(1),
      todayIn(DEMO_TIME_ZONE),
    );
    console.log(JSON.stringify(r));
    const server_ms = r.api.p50 - r.plain.p50;
    console.log(`after a change p50 ${r.cold.p50.toFixed(1)} ms (p99 ${r.cold.p99.toFixed(1)})`);
    console.log(
      `overview p50 ${r.api.p50.toFixed(1)} ms (plain ${r.plain.p50.toFixed(1)} ms, ` +
        `${(r.api.p50 / r.plain.p50).toFixed(1)}×; over the plain route ${server_ms.toFixed(1)} ms)`,
    );
    if (r.api.p50 > OVERVIEW_BOUND_MS) {
      console.error(`over the bound: ${r.api.p50.toFixed(1)} ms > ${OVERVIEW_BOUND_MS} ms`);
    }
  } finally {
    await server.close();
  }
}
