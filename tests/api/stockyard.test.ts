/**
 * The stockyard API over the real app and database files: the live yard, unloading, moving and merging,
 * the pen rules (§5), pending kill, unfit bin, kill floor, reservations, layout saves, and the head
 * always adding up. Roles and other tenants for every endpoint are walked by tests/security.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { callAs, startSignedIn, type TestApp } from "../helpers/app.ts";
import { livestockOrders, mobRequirements, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../kernel/enums.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: TestApp;
let token: string;
let db: TenantDb;

beforeAll(async () => {
  ({ t, token, db } = await startSignedIn("admin@demo.processor"));
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST", path: string, json?: unknown, as = token) =>
  callAs(t, as, method, path, json);
const post = (path: string, json: unknown) => call("POST", path, json);

/**
 * A yard of the demo with a load waiting to be unloaded. On some days the demo's yard holds a single
 * waiting load (used up by the first test): then a truck arrives for a sheep order not yet delivered.
 */
async function yardWithWaiting(): Promise<Json> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const yards = (await call("GET", A.getStockyards)).body as Json[];
    for (const yard of yards) {
      const view = (await call("GET", `${A.getInitialData}?stockyardId=${yard.id}`)).body;
      // a load waiting beside other orders' stock (the tests load into, and reserve against, those pens),
      // first in the list (on some days the only stock in pens is the waiting load's own order's)
      const ready = view.waiting.find((m: Json) =>
        view.pens.some((p: Json) =>
          p.head > 0 && p.contents.every((c: Json) => c.livestockOrderId !== m.livestockOrderId)
        )
      );
      if (ready) return { ...view, waiting: [ready, ...view.waiting.filter((m: Json) => m !== ready)] };
    }
    // none: a sheep order of the site whose sheep yard holds stock gets a load
    const stocked = yards.find((y) => y.speciesId === 1 && y.head > 0);
    const [order] = await db.select().from(livestockOrders).where(and(
      eq(livestockOrders.speciesId, 1),
      inArray(livestockOrders.orderStatus, [ORDER_STATUS.Ordered, ORDER_STATUS.Confirmed]),
      stocked
        ? eq(livestockOrders.tenantSiteId, stocked.tenantSiteId)
        : isNotNull(livestockOrders.tenantSiteId),
    )).limit(1);
    if (!order) break;
    const load = await post("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: order.id,
      head: Math.min(60, order.quantityOrdered),
      deliveryTime: "06:00",
    });
    expect(load.status).toBe(200);
  }
  throw new Error("the demo has no waiting load");
}

/** The demo yard holding the most head. */
async function busyYard(): Promise<Json> {
  const yards = (await call("GET", A.getStockyards)).body as Json[];
  const busiest = yards.toSorted((a, b) => b.head - a.head)[0];
  return (await call("GET", `${A.getInitialData}?stockyardId=${busiest.id}`)).body;
}

/** Every head of an order, wherever it is, against its live delivered head. */
async function headAddsUp(orderId: number) {
  const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  const mobs = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId));
  expect(mobs.reduce((s, m) => s + m.head, 0)).toBe(order.totalDelivered - order.totalDoa);
  for (const m of mobs) expect(m.head).toBeGreaterThanOrEqual(0);
}

describe("the live yard", () => {
  test("shows the yard with pens, their derived status, waiting loads and the site's yards", async () => {
    const view = await yardWithWaiting();
    expect(view.pens.length).toBeGreaterThanOrEqual(30);
    expect(view.yards.length).toBe(2);
    const stocked = view.pens.filter((p: Json) => p.head > 0);
    expect(stocked.length).toBeGreaterThan(0);
    for (const pen of stocked) {
      expect(["stocked", "readyToEmpty", "pending", "reserved"]).toContain(pen.status);
    }
    expect(view.pens.some((p: Json) => p.status === "empty")).toBe(true);
    expect(view.waiting[0]).toMatchObject({ penId: null, supplierName: expect.any(String) });
  });

  test("an unknown yard is 404; a bad id is a validation error", async () => {
    expect((await call("GET", `${A.getInitialData}?stockyardId=99999`)).status).toBe(404);
    const bad = await call("GET", `${A.getInitialData}?stockyardId=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
  });
});

describe("unloading, moving and merging", () => {
  test("unload part, then the rest into the same pen: one mob, and the order counts it unloaded", async () => {
    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const pen = view.pens.find((p: Json) => p.status === "empty" && p.isOperational);
    const [before] = await db.select().from(livestockOrders).where(
      eq(livestockOrders.id, mob.livestockOrderId),
    );
    const first = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: pen.id,
      head: 1,
      lastModified: mob.lastModified,
    });
    expect(first.status).toBe(200);
    const inPen = first.body.pens.find((p: Json) => p.id === pen.id);
    expect(inPen.head).toBe(1);
    expect(inPen.contents[0].requirements.map((r: Json) => r.name)).toContain("NVD checked");
    const rest = first.body.waiting.find((m: Json) => m.stockMobId === mob.stockMobId);
    if (rest) {
      const second = await post(A.unloadDeliveryToPen, {
        stockMobId: mob.stockMobId,
        penId: pen.id,
        lastModified: rest.lastModified,
        confirmMerge: true,
        confirmOverCapacity: true,
      });
      expect(second.status).toBe(200);
      const merged = second.body.pens.find((p: Json) => p.id === pen.id);
      expect(merged.contents.length).toBe(1);
      expect(merged.head).toBe(mob.head);
    }
    const [after] = await db.select().from(livestockOrders).where(
      eq(livestockOrders.id, mob.livestockOrderId),
    );
    expect(after.totalUnloaded - before.totalUnloaded).toBe(mob.head);
    await headAddsUp(mob.livestockOrderId);
  });

  test("a stale screen gets 409 Change Conflict and nothing changes", async () => {
    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const pen = view.pens.find((p: Json) => p.status === "empty");
    const res = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: pen.id,
      lastModified: "2020-01-01T00:00:00.000Z",
    });
    expect(res.status).toBe(409);
    expect(res.body.title).toBe("Change Conflict");
    const [row] = await db.select().from(stockMobs).where(eq(stockMobs.id, mob.stockMobId));
    expect(row.penId).toBeNull();
  });

  test("a pen holding another order refuses the load with a readable reason (spec 1 §5)", async () => {
    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const other = view.pens.find((p: Json) =>
      p.head > 0 && p.contents.every((c: Json) => c.livestockOrderId !== mob.livestockOrderId)
    );
    const res = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: other.id,
      lastModified: mob.lastModified,
    });
    expect(res.status).toBe(400);
    expect(res.body.message + JSON.stringify(res.body)).toMatch(/another order/);
  });

  test("move part of a mob to an empty pen, then back: split and merge, head adds up", async () => {
    const view = await busyYard();
    const from = view.pens.find((p: Json) => p.head >= 2 && p.status !== "pending");
    const mob = from.contents[0];
    const to = view.pens.find((p: Json) => p.status === "empty");
    const split = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: to.id,
      head: 1,
      lastModified: mob.lastModified,
    });
    expect(split.status).toBe(200);
    const moved = split.body.pens.find((p: Json) => p.id === to.id).contents[0];
    expect(moved.head).toBe(1);
    const back = await post(A.moveOrMergeMobs, {
      stockMobId: moved.stockMobId,
      toPenId: from.id,
      lastModified: moved.lastModified,
      confirmMerge: true,
    });
    expect(back.status).toBe(200);
    expect(back.body.pens.find((p: Json) => p.id === from.id).head).toBe(from.head);
    expect(back.body.pens.find((p: Json) => p.id === to.id).head).toBe(0);
    await headAddsUp(mob.livestockOrderId);
  });
});

describe("pen and mob actions", () => {
  test("separated head above the mob's head resets to 0; ticking checks makes the pen ready to empty", async () => {
    const view = await busyYard();
    const pen = view.pens.find((p: Json) => p.head >= 2 && p.contents.length === 1);
    const mob = pen.contents[0];
    const over = await post(A.updateMobInPen, {
      stockMobId: mob.stockMobId,
      separatedHead: mob.head + 5,
      lastModified: mob.lastModified,
    });
    expect(over.status).toBe(200);
    const now = over.body.pens.find((p: Json) => p.id === pen.id).contents[0];
    expect(now.separatedHead).toBe(0);
    const ticked = await post(A.updateMobInPen, {
      stockMobId: mob.stockMobId,
      requirements: now.requirements.map((r: Json) => ({ id: r.id, isComplete: true })),
      lastModified: now.lastModified,
    });
    expect(ticked.status).toBe(200);
    const done = ticked.body.pens.find((p: Json) => p.id === pen.id);
    expect(done.contents[0].incompleteChecks).toEqual([]);
    if (!done.isContentPendingKill && done.livestockOrderReservedForId === null) {
      expect(done.status).toBe("readyToEmpty");
    }
  });

  test("pending kill raises the mobs' status; unmarking returns them to ReadyToProcess", async () => {
    const view = await busyYard();
    const pen = view.pens.find((p: Json) =>
      p.head > 0 && !p.isContentPendingKill &&
      p.contents.some((c: Json) => c.mobStatus < MOB_STATUS.PendingKillFloorMove)
    );
    const marked = await post(A.markPenPendingKill, {
      penId: pen.id,
      isPending: true,
      lastModified: pen.lastModified,
    });
    expect(marked.status).toBe(200);
    const now = marked.body.pens.find((p: Json) => p.id === pen.id);
    expect(now.status).toBe("pending");
    // raised to PendingKillFloorMove if lower (ReadyToProcess is already higher)
    expect(now.contents.every((c: Json) => c.mobStatus >= MOB_STATUS.PendingKillFloorMove)).toBe(true);
    const stale = await post(A.markPenPendingKill, {
      penId: pen.id,
      isPending: false,
      lastModified: pen.lastModified,
    });
    expect(stale.status).toBe(409);
    const unmarked = await post(A.markPenPendingKill, {
      penId: pen.id,
      isPending: false,
      lastModified: now.lastModified,
    });
    expect(unmarked.body.pens.find((p: Json) => p.id === pen.id).contents.map((c: Json) => c.mobStatus))
      .toContain(MOB_STATUS.ReadyToProcess);
  });

  test("unfit head go to the bin with the reason; emptying the bin keeps them counted", async () => {
    const view = await busyYard();
    const pen = view.pens.find((p: Json) => p.head >= 2);
    const mob = pen.contents[0];
    const noReason = await post(A.sendToUnfit, {
      stockMobId: mob.stockMobId,
      head: 1,
      reason: " ",
      lastModified: mob.lastModified,
    });
    expect(noReason.status).toBe(400);
    const sent = await post(A.sendToUnfit, {
      stockMobId: mob.stockMobId,
      head: 1,
      reason: "Lame on arrival",
      lastModified: mob.lastModified,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.binHead).toBeGreaterThanOrEqual(1);
    expect(sent.body.bin.some((m: Json) => m.reasonSentToBin === "Lame on arrival")).toBe(true);
    const emptied = await post(A.emptyBin, { stockyardId: view.yard.id });
    expect(emptied.status).toBe(200);
    expect(emptied.body.binHead).toBe(0);
    expect((await post(A.emptyBin, { stockyardId: view.yard.id })).status).toBe(409);
    await headAddsUp(mob.livestockOrderId);
  });

  test("reserving a pen keeps it for that order: another order's load is refused there", async () => {
    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const pen = view.pens.find((p: Json) => p.status === "empty");
    const otherOrder =
      view.pens.find((p: Json) => p.head > 0 && p.contents[0].livestockOrderId !== mob.livestockOrderId)
        .contents[0].livestockOrderId;
    const reserved = await post(A.reservePens, { livestockOrderId: otherOrder, penIds: [pen.id] });
    expect(reserved.status).toBe(200);
    expect(reserved.body.pens.find((p: Json) => p.id === pen.id).status).toBe("reserved");
    const refused = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: pen.id,
      lastModified: mob.lastModified,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/reserved for another order/);
    const freed = await post(A.unreservePens, { penIds: [pen.id] });
    expect(freed.body.pens.find((p: Json) => p.id === pen.id).status).toBe("empty");
  });

  test("sending an order to the kill floor empties its pens; its head adds up", async () => {
    const view = await busyYard();
    const pen = view.pens.find((p: Json) => p.head > 0);
    const orderId = pen.contents[0].livestockOrderId;
    const sent = await post(A.sendToKillFloor, {
      livestockOrderId: orderId,
      isLastShift: true,
      stockyardId: view.yard.id,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.pens.some((p: Json) => p.contents.some((c: Json) => c.livestockOrderId === orderId)))
      .toBe(false);
    const mobs = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId));
    expect(mobs.filter((m) => m.head > 0 && m.penId !== null)).toEqual([]);
    expect(mobs.some((m) => m.mobStatus === MOB_STATUS.AtKillFloor && m.isLastShift)).toBe(true);
    await headAddsUp(orderId);
  });
});

describe("a waiting delivery's progress", () => {
  test("wait for the AI head count and stop; verify a delivered load once", async () => {
    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const body = { livestockOrderId: mob.livestockOrderId, stockyardId: view.yard.id };
    const waiting = await post(A.waitForAiHeadCount, body);
    expect(waiting.status).toBe(200);
    expect(waiting.body.waiting.find((m: Json) => m.stockMobId === mob.stockMobId).isWaitingForAiHeadCount)
      .toBe(true);
    expect((await post(A.waitForAiHeadCount, body)).status).toBe(409);
    const stopped = await post(A.cancelAiHeadCount, body);
    expect(stopped.body.waiting.find((m: Json) => m.stockMobId === mob.stockMobId).isWaitingForAiHeadCount)
      .toBe(false);
    await db.update(livestockOrders).set({ orderStatus: 40 }).where(
      eq(livestockOrders.id, mob.livestockOrderId),
    );
    const verified = await post(A.progressDelivery, body);
    expect(verified.status).toBe(200);
    expect(verified.body.waiting.find((m: Json) => m.stockMobId === mob.stockMobId).orderStatusName).toBe(
      "Verified",
    );
    expect((await post(A.progressDelivery, body)).status).toBe(409);
    expect((await post(A.progressDelivery, { livestockOrderId: 999999 })).status).toBe(404);
  });
});

describe("settings: yards and their layout", () => {
  test("add a yard, lay out pens, a stale save is 409, a pen with stock cannot be deleted", async () => {
    const me = await (await t.request("/login/usermodel", { token })).json();
    const added = await post(A.upsertStockyard, {
      name: "Holding paddocks",
      tenantSiteId: me.tenantSites[0].id,
      speciesId: null,
      isAnySpeciesYard: true,
      isPaddockGroup: true,
      isIncludeUnfitBin: false,
      isOperational: true,
      capacity: 500,
    });
    expect(added.status).toBe(200);
    const saved = await post(A.saveStockyardLayout, {
      stockyardId: added.body.id,
      lastModified: added.body.lastModified,
      pens: [{ name: "P1", x: 5, y: 5, width: 4, height: 30, angle: 0 }],
    });
    expect(saved.status).toBe(400); // narrower than 10
    const ok = await post(A.saveStockyardLayout, {
      stockyardId: added.body.id,
      lastModified: added.body.lastModified,
      pens: [{ name: "P1", x: 5, y: 5, width: 40, height: 30, angle: 0 }, {
        name: "P2",
        x: 60,
        y: 5,
        width: 40,
        height: 30,
        angle: 90,
      }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.pens.map((p: Json) => p.name)).toEqual(["P1", "P2"]);
    const stale = await post(A.saveStockyardLayout, {
      stockyardId: added.body.id,
      lastModified: added.body.lastModified,
      pens: [],
    });
    expect(stale.status).toBe(409);
    const dupe = await post(A.upsertStockyard, { ...added.body, id: undefined, speciesId: null });
    expect(dupe.status).toBe(400);

    const busy = (await call("GET", A.getStockyardSetups)).body.find((y: Json) =>
      y.pens.some((p: Json) => p.head > 0)
    );
    const refused = await post(A.saveStockyardLayout, {
      stockyardId: busy.id,
      lastModified: busy.lastModified,
      pens: busy.pens.filter((p: Json) => p.head === 0).map(({ head: _h, ...p }: Json) => p),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/holds stock/);
  });
});

describe("the plant's checks before the kill", () => {
  test("are the defaults until changed; a change is checked, refused when stale, and given to mobs penned after", async () => {
    const start = await call("GET", A.getMobChecks);
    expect(start.body).toEqual({
      checks: ["NVD checked", "Ante-mortem inspection", "Water and feed"],
      lastModified: null,
    });
    const dup = await post(A.saveMobChecks, { checks: ["NVD checked", " nvd checked "] });
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0]).toMatchObject({ field: "checks.1" });
    expect((await post(A.saveMobChecks, { checks: ["", null] })).status).toBe(400);
    const saved = await post(A.saveMobChecks, {
      checks: ["NVD checked", "", "Vet inspection", "Feed withheld 12 h"],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.checks).toEqual(["NVD checked", "Vet inspection", "Feed withheld 12 h"]);
    const stale = await post(A.saveMobChecks, { checks: ["x"], lastModified: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
    expect((await call("GET", A.getMobChecks)).body.checks).toEqual(saved.body.checks);

    const view = await yardWithWaiting();
    const mob = view.waiting[0];
    const pen = view.pens.find((p: Json) => p.status === "empty" && p.isOperational);
    const unloaded = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: pen.id,
      head: mob.head,
      lastModified: mob.lastModified,
      confirmOverCapacity: true,
    });
    expect(unloaded.status).toBe(200);
    const penned = await db.select().from(stockMobs).where(eq(stockMobs.penId, pen.id));
    const checks = await db.select().from(mobRequirements).where(
      eq(mobRequirements.stockMobId, penned[0].id),
    );
    expect(checks.map((c) => c.name)).toEqual(saved.body.checks);
  });
});
