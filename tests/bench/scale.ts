/**
 * Lists at size (issue 12): the order groups page and GetLivestockOrders at the demo's size and again
 * after 10,000 more orders (5,000 groups of two, over the same 61 days), next to a point read and the
 * bare Hono route, all in one run. The orders are written straight into the tenant database (the API
 * would take minutes to make them) and left there: call this last.
 */
import { eq, sql } from "drizzle-orm";
import { gzipSync } from "node:zlib";
import { livestockOrderGroups, livestockOrders, suppliers } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";
import { percentile, time, type Timing } from "./timing.ts";
import { type Throughput, throughput } from "./auth.ts";

/** The point reads the signed-in bench measures beside the plain route (tests/bench/auth.ts). */
export async function pointReadPaths(db: TenantDb) {
  const [one] = await db.select({ id: livestockOrders.id }).from(livestockOrders)
    .where(eq(livestockOrders.orderStatus, ORDER_STATUS.Confirmed)).limit(1);
  const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).limit(1);
  return {
    pointRead: `/api/livestock/GetSupplier/${supplier.id}`,
    orderRead: `/api/livestock/GetLivestockOrder/${one.id}`,
  };
}

export interface ListSize {
  orders: number;
  /** rendered afresh: the tenant's data changed just before each request */
  groupsPage: Timing;
  /** answered from the kept page (nothing changed since the first request) */
  groupsPageKept: Timing;
  /** 8 clients at once, kept */
  groupsPageRps: Throughput;
  groupsPageBytes: number;
  groupsPageGzip: number;
  ordersApi: Timing;
  ordersApiBytes: number;
  ordersApiRows: number;
  ordersApiTotal: number;
}

export interface ScaleBench {
  demo: ListSize;
  large: ListSize;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function measure(origin: string, token: string, cookie: string, db: TenantDb): Promise<ListSize> {
  const n = await db.$count(livestockOrders);
  const pageUrl = `${origin}/home/livestock?tab=orders&from=${day(-30)}&to=${day(30)}`;
  const apiUrl = `${origin}/api/livestock/GetLivestockOrders?fromDate=${day(-30)}&toDate=${day(30)}`;
  const auth = { authorization: `Bearer ${token}` };
  const html = await (await fetch(pageUrl, { headers: { cookie, "accept-encoding": "identity" } })).text();
  const api = await fetch(apiUrl, { headers: { ...auth, "accept-encoding": "identity" } });
  const body = await api.text();
  const [supplier] = await db.select({ id: suppliers.id }).from(suppliers).limit(1);
  const getPage = async () => {
    await (await fetch(pageUrl, { headers: { cookie } })).arrayBuffer();
  };
  const afresh: number[] = [];
  for (let i = 0; i < 50; i++) {
    // any commit moves the database's data version on: the page is rendered again (not timed)
    await db.update(suppliers).set({ name: sql`name` }).where(eq(suppliers.id, supplier.id));
    const t0 = performance.now();
    await getPage();
    if (i >= 10) afresh.push(performance.now() - t0);
  }
  afresh.sort((a, b) => a - b);
  return {
    orders: n,
    groupsPage: { p50: percentile(afresh, 50), p99: percentile(afresh, 99), n: afresh.length },
    groupsPageKept: await time(40, getPage),
    groupsPageRps: await throughput(pageUrl, { cookie }, 400, 8),
    groupsPageBytes: html.length,
    groupsPageGzip: gzipSync(html).length,
    ordersApi: await time(40, async () => {
      await (await fetch(apiUrl, { headers: auth })).arrayBuffer();
    }),
    ordersApiBytes: body.length,
    ordersApiRows: (JSON.parse(body) as unknown[]).length,
    ordersApiTotal: Number(api.headers.get("X-Total-Count")),
  };
}

/** 5,000 groups of two orders each, spread over the 61 days around today, for the demo's suppliers. */
async function addOrders(db: TenantDb, count: number) {
  const supplierRows = await db.select({ id: suppliers.id }).from(suppliers);
  const now = new Date().toISOString();
  for (let done = 0; done < count; done += 1000) {
    await db.transaction(async (tx) => {
      for (let i = done; i < Math.min(count, done + 1000); i += 2) {
        const speciesId = i % 4 === 0 ? 2 : 1;
        const deliveryDate = day((i % 61) - 30);
        const supplierId = supplierRows[i % supplierRows.length].id;
        const [group] = await tx.insert(livestockOrderGroups).values({
          speciesId,
          quantityRequired: 200,
          supplierId,
          deliveryDate,
          createdAt: now,
          lastModified: now,
        }).returning({ id: livestockOrderGroups.id });
        await tx.insert(livestockOrders).values([0, 1].map((k) => ({
          livestockOrderGroupId: group.id,
          supplierId,
          speciesId,
          quantityOrdered: 100 + k * 50,
          deliveryDate,
          deliveryTime: "07:30",
          orderStatus: ORDER_STATUS.Confirmed,
          orderConfirmed: true,
          createdAt: now,
          lastModified: now,
        })));
      }
    });
  }
}

export async function benchScale(
  origin: string,
  token: string,
  cookie: string,
  db: TenantDb,
): Promise<ScaleBench> {
  const demo = await measure(origin, token, cookie, db);
  await addOrders(db, 10_000);
  const large = await measure(origin, token, cookie, db);
  return { demo, large };
}
