/**
 * Two yard hands acting on one mob or pen at once never corrupt the yard (issue 13 item 4): 50 moves of
 * one mob to 50 pens sent together with the same `lastModified`, then 50 unloads of one waiting load,
 * over real HTTP. Each answer is 200 or 409 Change Conflict, exactly one wins each burst, and the head
 * of every order still adds up to its live delivered (pens + bin + kill floor + waiting).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { serveTestApp, startSignedIn } from "../helpers/app.ts";
import { livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";

const WRITERS = 50;
// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;
let db: TenantDb;
const tally = { writes: 0, accepted: 0, conflicts: 0, failures: 0 };

beforeAll(async () => {
  ({ t, token, db } = await startSignedIn("admin@demo.processor", serveTestApp));
});
afterAll(async () => {
  console.log(
    `security stockyard concurrency: ${tally.writes} writes, ${tally.accepted} accepted, ${tally.conflicts} conflicts, ${tally.failures} failures`,
  );
  await t?.close();
});

function call(method: string, path: string, body?: unknown) {
  return fetch(`${t.origin}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function burst(path: string, bodies: unknown[]) {
  const statuses = await Promise.all(bodies.map(async (b) => {
    const res = await call("POST", path, b);
    await res.body?.cancel();
    return res.status;
  }));
  tally.writes += statuses.length;
  tally.accepted += statuses.filter((s) => s === 200).length;
  tally.conflicts += statuses.filter((s) => s === 409).length;
  tally.failures += statuses.filter((s) => s !== 200 && s !== 409).length;
  return statuses;
}

async function yards(): Promise<Json[]> {
  const list = await (await call("GET", A.getStockyards)).json();
  return Promise.all(
    list.map(async (y: Json) => await (await call("GET", `${A.getInitialData}?stockyardId=${y.id}`)).json()),
  );
}

async function everyOrderAddsUp() {
  const orders = await db.select().from(livestockOrders);
  const mobs = await db.select().from(stockMobs);
  const wrong = orders.filter((o) => {
    const head = mobs.filter((m) => m.livestockOrderId === o.id).reduce((s, m) => s + m.head, 0);
    return o.totalDelivered > 0 && head !== o.totalDelivered - o.totalDoa;
  }).map((o) => o.id);
  expect(wrong).toEqual([]);
  expect(mobs.filter((m) => m.head < 0)).toEqual([]);
}

test("50 conflicting moves of one mob: one wins, the rest are 409, head adds up", async () => {
  const view = (await yards()).toSorted((a, b) => b.yard.head - a.yard.head)[0];
  const mob = view.pens.find((p: Json) => p.head > 0).contents[0];
  const empties = view.pens.filter((p: Json) => p.status === "empty").slice(0, WRITERS);
  expect(empties.length).toBeGreaterThan(10);
  const bodies = Array.from({ length: WRITERS }, (_, i) => ({
    stockMobId: mob.stockMobId,
    toPenId: empties[i % empties.length].id,
    head: 1,
    lastModified: mob.lastModified,
  }));
  const statuses = await burst(A.moveOrMergeMobs, bodies);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  await everyOrderAddsUp();
}, 120_000);

test("50 unloads of one waiting load into different pens: one wins, head adds up", async () => {
  const view = (await yards()).find((v) => v.waiting.length)!;
  const mob = view.waiting[0];
  const empties = view.pens.filter((p: Json) => p.status === "empty");
  const bodies = Array.from({ length: WRITERS }, (_, i) => ({
    stockMobId: mob.stockMobId,
    penId: empties[i % empties.length].id,
    head: 1,
    lastModified: mob.lastModified,
  }));
  const statuses = await burst(A.unloadDeliveryToPen, bodies);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  await everyOrderAddsUp();
}, 120_000);
