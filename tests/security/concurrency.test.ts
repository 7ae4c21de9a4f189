/**
 * Conflicting writers over real HTTP (the server answers them interleaved): 50 edits of one order sent
 * with the same `lastModified`, 50 head-count corrections of one mob, 50 re-balancings of one order's
 * mobs. Each answer must be 200/204 or 409, each accepted write must leave exactly one audit row, and the
 * counts must add up afterwards (no lost update, no half-applied write).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { eq, gt } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { auditLog, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";

const WRITERS = 50;
const DAY = "2026-12-01";
const HEADERS = { "content-type": "application/json", "x-local-date": "2026-12-03" };

// the plant's today is 2026-12-03 whatever the real day (DAY is two days before it)
const TODAY = "2026-12-03";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;
let db: TenantDb;
let supplierId: number;
const problems: string[] = [];
const tally = { writes: 0, accepted: 0, conflicts: 0 };

beforeAll(async () => {
  t = await serveTestApp({}, { day: TODAY });
  token = await t.login("admin@demo.processor");
  const me = await (await call("GET", "/login/usermodel")).json();
  db = await t.services.db.tenantDb(me.tenantId);
  supplierId = (await (await call("GET", "/api/livestock/GetSuppliers")).json())[0].id;
});
afterAll(async () => {
  console.log(
    `security concurrency: ${tally.writes} writes, ${tally.accepted} accepted, ${tally.conflicts} conflicts, ${problems.length} failures`,
  );
  await t?.close();
});

function call(method: string, path: string, body?: unknown) {
  return fetch(`${t.origin}${path}`, {
    method,
    headers: { ...HEADERS, authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok(path: string, body: unknown) {
  const res = await call("POST", path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return await res.json();
}

const lastAuditId = async () =>
  (await db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;
const auditSince = (id: number) => db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

/** Sends every body at once; answers the statuses in the order of the bodies. */
async function burst(name: string, path: string, bodies: unknown[]): Promise<number[]> {
  const statuses = await Promise.all(bodies.map(async (b) => {
    const res = await call("POST", path, b);
    await res.body?.cancel();
    return res.status;
  }));
  tally.writes += statuses.length;
  for (const s of statuses) {
    if (s === 200 || s === 204) tally.accepted++;
    else if (s === 409) tally.conflicts++;
    else problems.push(`${name}: answered ${s}`);
  }
  return statuses;
}

/** A fresh order of its own group, optionally with delivered loads (one mob each). */
async function freshOrder(loads: number[] = []) {
  const order = { quantityOrdered: 1000, deliveryDate: DAY, deliveryTime: "06:30", speciesCategoryId: 11 };
  const group = await ok("/api/livestock/UpsertLivestockOrderAndGroup", {
    livestockOrderGroupDto: { speciesId: 1, supplierId, deliveryDate: DAY },
    livestockOrderDto: order,
  });
  const id: number = group.livestockOrders[0].id;
  for (const [i, head] of loads.entries()) {
    await ok("/api/livestock/AddDeliveryLoad", { livestockOrderId: id, head, deliveryTime: `0${i + 5}:00` });
  }
  const mobs = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, id)).orderBy(
    stockMobs.id,
  );
  return { group, order, id, mobs };
}

const orderRow = async (id: number) =>
  (await db.select().from(livestockOrders).where(eq(livestockOrders.id, id)))[0];
const mobHeads = async (id: number) =>
  (await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, id)).orderBy(stockMobs.id)).map((
    m,
  ) => m.head);

test("50 edits of one order with the same lastModified: one wins, the rest are 409", async () => {
  const start = problems.length;
  const { group, order, id } = await freshOrder();
  const first = group.livestockOrders[0];
  const groupDto = {
    id: group.id,
    lastModified: group.lastModified,
    speciesId: group.speciesId,
    speciesCategoryId: group.speciesCategoryId,
    quantityRequired: group.quantityRequired,
    supplierId: group.supplierId,
    transportCompanyId: group.transportCompanyId,
    buyerId: group.buyerId,
    deliveryDate: group.deliveryDate,
    orderDate: group.orderDate,
  };
  const since = await lastAuditId();
  const bodies = Array.from({ length: WRITERS }, (_, i) => ({
    livestockOrderGroupDto: groupDto,
    livestockOrderDto: { ...order, id, lastModified: first.lastModified, quantityOrdered: 101 + i },
  }));
  const statuses = await burst("order edit", "/api/livestock/UpsertLivestockOrderAndGroup", bodies);
  const winners = statuses.flatMap((s, i) => (s === 200 ? [101 + i] : []));
  const audits = await auditSince(since);
  if (winners.length !== 1) {
    problems.push(`order edit: ${winners.length} writes accepted with one lastModified`);
  }
  if (audits.length !== winners.length) {
    problems.push(`order edit: ${audits.length} audit rows for ${winners.length} accepted writes`);
  }
  const final = (await orderRow(id)).quantityOrdered;
  if (!winners.includes(final)) {
    problems.push(`order edit: quantity ${final} is none of the accepted ${winners}`);
  }
  expect(problems.slice(start)).toEqual([]);
});

test("50 head-count corrections of one mob: each one audited, the order follows the last", async () => {
  const start = problems.length;
  const { id, mobs } = await freshOrder([200, 100]);
  const [mob] = mobs;
  const since = await lastAuditId();
  const bodies = Array.from({ length: WRITERS }, (_, i) => ({
    stockMobId: mob.id,
    correctedHead: 150 + i,
    reason: `Recount ${i}`,
  }));
  const statuses = await burst("head correction", "/api/livestock/CorrectNumberOfHeadInMobAndOrder", bodies);
  const accepted = statuses.filter((s) => s === 200).length;
  const audits = await auditSince(since);
  if (audits.length !== accepted) {
    problems.push(`correction: ${audits.length} audit rows for ${accepted} accepted`);
  }
  // serialised writes: each correction starts from the count the previous one left
  let head = 200;
  for (const a of audits) {
    const before = a.before as { head: number };
    const after = a.after as { head: number };
    if (before.head !== head) problems.push(`correction: audit ${a.id} saw ${before.head} head, not ${head}`);
    head = after.head;
  }
  const heads = await mobHeads(id);
  if (heads[0] !== head) {
    problems.push(`correction: the mob has ${heads[0]} head, the last correction set ${head}`);
  }
  const total = (await orderRow(id)).totalDelivered;
  if (total !== heads[0] + heads[1]) {
    problems.push(`correction: order delivered ${total}, mobs hold ${heads}`);
  }
  expect(problems.slice(start)).toEqual([]);
});

test("50 re-balancings of one order's mobs: the sum of head never changes", async () => {
  const start = problems.length;
  const { id, mobs } = await freshOrder([60, 40]);
  const before = await orderRow(id);
  const since = await lastAuditId();
  const bodies = Array.from({ length: WRITERS }, (_, i) => ({
    livestockOrderId: id,
    mobs: [{ stockMobId: mobs[0].id, head: 10 + i }, { stockMobId: mobs[1].id, head: 90 - i }],
    reason: `Drafted ${i}`,
  }));
  const statuses = await burst("balancing", "/api/livestock/BalanceNumberOfHeadInMobs", bodies);
  const accepted = statuses.filter((s) => s === 200).length;
  const audits = await auditSince(since);
  if (audits.length !== accepted) {
    problems.push(`balancing: ${audits.length} audit rows for ${accepted} accepted`);
  }
  const heads = await mobHeads(id);
  if (heads[0] + heads[1] !== 100) problems.push(`balancing: the mobs hold ${heads}, not 100 head in total`);
  const last = audits.at(-1)?.after as Record<string, number> | undefined;
  if (last && last[`mob ${mobs[0].id}`] !== heads[0]) {
    problems.push(
      `balancing: the first mob has ${heads[0]} head, the last balancing set ${JSON.stringify(last)}`,
    );
  }
  const after = await orderRow(id);
  if (after.totalDelivered !== before.totalDelivered) {
    problems.push(`balancing: order delivered changed ${before.totalDelivered} → ${after.totalDelivered}`);
  }
  expect(problems.slice(start)).toEqual([]);
});
