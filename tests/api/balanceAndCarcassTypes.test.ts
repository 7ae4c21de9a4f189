/**
 * The livestock reads of spec 1 §7 built with issue 39 item 7, over real HTTP and real db files: an
 * order's balance data (each mob's head, place, carcasses; the order reconciled) and the carcass types
 * (marked as the stock settings use them), with bad input and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { carcasses, livestockOrders, stockMobs, stockSettings } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { BALANCE_API } from "../../server/areas/killFloor/balanceApi.ts";
import { CARCASS_TYPES_API } from "../../server/areas/settings/carcassTypesApi.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get } = jsonCalls(() => t, tokens);
let orderId = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const db = await t.services.db.tenantDb(1);
  const [killed] = await db.select({ id: carcasses.livestockOrderId }).from(carcasses)
    .where(eq(carcasses.speciesId, 1)).limit(1);
  orderId = killed.id;
});
afterAll(() => t.close());

const balance = (id: number | string, who = "admin") =>
  get(`${BALANCE_API.balanceData}?livestockOrderId=${id}`, who);

describe("balance data", () => {
  test("each mob's head, place and carcasses; the order's counts reconciled", async () => {
    const res = await balance(orderId, "user");
    expect(res.status).toBe(200);
    const db = await t.services.db.tenantDb(1);
    const mobs = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId));
    const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
    const killed = await db.select().from(carcasses).where(eq(carcasses.livestockOrderId, orderId));
    expect(res.body).toMatchObject({
      livestockOrderId: orderId,
      delivered: order.totalDelivered,
      doa: order.totalDoa,
      headInMobs: mobs.reduce((n, m) => n + m.head, 0),
    });
    expect(res.body.mobs.map((m: Json) => m.stockMobId).sort()).toEqual(mobs.map((m) => m.id).sort());
    expect(res.body.mobs.reduce((n: number, m: Json) => n + m.processed, 0)).toBe(killed.length);
    expect(res.body.counts.processed).toBe(killed.length);
    expect(res.body.mobs.every((m: Json) => /^[A-Z]/.test(m.status) && !/[a-z][A-Z]/.test(m.status))).toBe(
      true,
    );
    expect(typeof res.body.reconciliation.summary).toBe("string");
  });

  test("a bad id is 400, an unknown order 404", async () => {
    const bad = await balance("x");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isValidation: true });
    expect((await balance(99_999_999)).status).toBe(404);
  });
});

describe("carcass types", () => {
  test("every type with plain words, marked as the stock settings use them", async () => {
    const res = await get(CARCASS_TYPES_API.carcassTypes, "user");
    expect(res.status).toBe(200);
    expect(res.body.map((r: Json) => r.value)).toEqual(["hscw", "liveWeight", "perHead", "skinOn"]);
    const [row] = await (await t.services.db.tenantDb(1)).select().from(stockSettings);
    const used = row?.carcassTypes ?? ["hscw"]; // until the first save, over the hooks
    for (const r of res.body) expect(r.isEnabled, r.value).toBe(used.includes(r.value));
    expect(res.body.every((r: Json) => r.label.length > 5)).toBe(true);
  });
});

describe("who may", () => {
  test("another tenant and the display role: 403", async () => {
    for (const who of ["farm", "display"]) {
      expect((await balance(orderId, who)).status, who).toBe(403);
      expect((await get(CARCASS_TYPES_API.carcassTypes, who)).status, who).toBe(403);
    }
  });

  test("without the livestock and buy modules: 403", async () => {
    const set = async (isEnabled: boolean) => {
      for (const module of ["livestock", "buy"]) {
        await t.services.db.control.update(tenantModules).set({ isEnabled })
          .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, module)));
      }
      await t.services.callers.changed({ tenantIds: [1] });
    };
    await set(false);
    try {
      expect((await balance(orderId)).status).toBe(403);
      expect((await get(CARCASS_TYPES_API.carcassTypes)).status).toBe(403);
    } finally {
      await set(true);
    }
  });
});
