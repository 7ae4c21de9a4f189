/**
 * Yard moves ask first and can be undone (issue 36 item 3), over the real app and database files: a
 * merge or head above a pen's capacity without the caller's confirmation is a 400 saying what would
 * happen, changing nothing; every move, merge and unload answers an undo ticket; undoing puts exactly
 * those rows back, once, by whoever moved, and is refused when the mob changed since.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { callAs, startSignedIn, type TestApp } from "../helpers/app.ts";
import { livestockOrders, mobRequirements, pens, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";

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
const post = (path: string, json: unknown, as = token) => call("POST", path, json, as);

async function yards(): Promise<Json[]> {
  const list = (await call("GET", A.getStockyards)).body as Json[];
  return Promise.all(
    list.map(async (y) => (await call("GET", `${A.getInitialData}?stockyardId=${y.id}`)).body),
  );
}

/** A yard with a pen holding one mob (not pending kill) and an empty pen. */
async function yardToMoveIn() {
  for (const view of await yards()) {
    const from = view.pens.find((p: Json) =>
      p.contents.length === 1 && p.head >= 2 && p.status !== "pending" &&
      p.livestockOrderReservedForId === null
    );
    const to = view.pens.find((p: Json) => p.status === "empty" && p.isOperational && p.capacity === 0) ??
      view.pens.find((p: Json) => p.status === "empty" && p.isOperational && p.capacity >= from?.head);
    if (from && to) return { view, from, to, mob: from.contents[0] };
  }
  throw new Error("no demo yard has a mob and an empty pen");
}

async function yardWithWaiting() {
  for (const view of await yards()) {
    const mob = view.waiting.find((m: Json) => m.head >= 2);
    const to = view.pens.find((p: Json) => p.status === "empty" && p.isOperational);
    if (mob && to) return { view, mob, to };
  }
  throw new Error("no demo yard has a waiting load");
}

const mobRows = async (orderId: number) =>
  (await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId)))
    .map(({ lastModified: _l, ...m }) => m)
    .toSorted((a, b) => a.id - b.id);

async function headAddsUp(orderId: number) {
  const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
  const mobs = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, orderId));
  expect(mobs.reduce((s, m) => s + m.head, 0)).toBe(order.totalDelivered - order.totalDoa);
}

describe("a merge asks first", () => {
  test("without confirmMerge a merge is 400 naming both mobs and nothing moves; with it, they merge", async () => {
    const { from, to, mob } = await yardToMoveIn();
    const split = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: to.id,
      head: 1,
      lastModified: mob.lastModified,
    });
    expect(split.status).toBe(200);
    const part = split.body.pens.find((p: Json) => p.id === to.id).contents[0];
    const before = await mobRows(mob.livestockOrderId);

    const asked = await post(A.moveOrMergeMobs, {
      stockMobId: part.stockMobId,
      toPenId: from.id,
      lastModified: part.lastModified,
    });
    expect(asked.status).toBe(400);
    expect(asked.body.errors).toEqual([{
      field: "confirmMerge",
      message: `Merge mob ${part.stockMobId} (1 head) into mob ${mob.stockMobId} (${
        mob.head - 1
      } head) in pen ${from.name}?`,
    }]);
    expect(asked.body.message).toContain("Nothing was moved");
    expect(await mobRows(mob.livestockOrderId)).toEqual(before);

    const merged = await post(A.moveOrMergeMobs, {
      stockMobId: part.stockMobId,
      toPenId: from.id,
      lastModified: part.lastModified,
      confirmMerge: true,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.pens.find((p: Json) => p.id === from.id).head).toBe(from.head);
    expect(merged.body.undo.label).toBe(
      `Merged 1 head of mob ${part.stockMobId} into mob ${mob.stockMobId} in pen ${from.name}`,
    );
    await headAddsUp(mob.livestockOrderId);
  });
});

describe("a pen's capacity is warned about", () => {
  test("unloading above capacity is 400 with the numbers and nothing unloads; confirmed it goes in", async () => {
    const { mob, to } = await yardWithWaiting();
    await db.update(pens).set({ capacity: mob.head - 1 }).where(eq(pens.id, to.id));
    const body = { stockMobId: mob.stockMobId, penId: to.id, lastModified: mob.lastModified };
    const asked = await post(A.unloadDeliveryToPen, body);
    expect(asked.status).toBe(400);
    expect(asked.body.errors).toEqual([{
      field: "confirmOverCapacity",
      message:
        `Pen ${to.name} holds ${mob.head - 1} head: ${mob.head} more would make ${mob.head} (1 over).` +
        " Put them in anyway?",
    }]);
    const [still] = await db.select().from(stockMobs).where(eq(stockMobs.id, mob.stockMobId));
    expect(still.penId).toBeNull();

    const done = await post(A.unloadDeliveryToPen, { ...body, confirmOverCapacity: true });
    expect(done.status).toBe(200);
    expect(done.body.pens.find((p: Json) => p.id === to.id).head).toBe(mob.head);
    await headAddsUp(mob.livestockOrderId);
  });
});

describe("every yard move can be undone", () => {
  test("a move is undone exactly, once, and both are in the mob's history", async () => {
    const { from, to, mob } = await yardToMoveIn();
    const before = await mobRows(mob.livestockOrderId);
    const moved = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: to.id,
      lastModified: mob.lastModified,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.undo).toMatchObject({
      moveId: expect.any(Number),
      label: `Moved ${mob.head} head from pen ${from.name} to pen ${to.name}`,
    });
    // the undo window is real elapsed time (the yard stamps its moves on the real clock): still open now
    expect(Date.parse(moved.body.undo.until)).toBeGreaterThan(Date.now());

    const undone = await post(A.undoYardMove, { moveId: moved.body.undo.moveId });
    expect(undone.status).toBe(200);
    expect(undone.body.pens.find((p: Json) => p.id === from.id).head).toBe(from.head);
    expect(undone.body.pens.find((p: Json) => p.id === to.id).head).toBe(0);
    expect(await mobRows(mob.livestockOrderId)).toEqual(before);

    const again = await post(A.undoYardMove, { moveId: moved.body.undo.moveId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("That move has already been undone.");
    const history = (await call("GET", `${A.getMobHistory}/${mob.stockMobId}`)).body.history;
    expect(history[0].action).toBe(`Undone: Moved ${mob.head} head from pen ${from.name} to pen ${to.name}`);
  });

  test("a merge is undone: both mobs get their head back in their own pens", async () => {
    const { from, to, mob } = await yardToMoveIn();
    const split = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: to.id,
      head: 1,
      lastModified: mob.lastModified,
    });
    const part = split.body.pens.find((p: Json) => p.id === to.id).contents[0];
    const before = await mobRows(mob.livestockOrderId);
    const merged = await post(A.moveOrMergeMobs, {
      stockMobId: part.stockMobId,
      toPenId: from.id,
      lastModified: part.lastModified,
      confirmMerge: true,
    });
    expect(merged.status).toBe(200);
    const [gone] = await db.select().from(stockMobs).where(eq(stockMobs.id, part.stockMobId));
    expect(gone).toMatchObject({ head: 0, mergedIntoId: mob.stockMobId });

    const undone = await post(A.undoYardMove, { moveId: merged.body.undo.moveId });
    expect(undone.status).toBe(200);
    expect(await mobRows(mob.livestockOrderId)).toEqual(before);
    expect(undone.body.pens.find((p: Json) => p.id === to.id).contents[0]).toMatchObject({
      stockMobId: part.stockMobId,
      head: 1,
    });
    await headAddsUp(mob.livestockOrderId);
  });

  test("an unload is undone: the load waits again and the order no longer counts it unloaded", async () => {
    const { view, mob, to } = await yardWithWaiting();
    const [order] = await db.select().from(livestockOrders).where(
      eq(livestockOrders.id, mob.livestockOrderId),
    );
    const before = await mobRows(mob.livestockOrderId);
    const done = await post(A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: to.id,
      lastModified: mob.lastModified,
      confirmOverCapacity: true,
    });
    expect(done.status).toBe(200);
    const undone = await post(A.undoYardMove, { moveId: done.body.undo.moveId });
    expect(undone.status).toBe(200);
    expect(undone.body.waiting.map((m: Json) => m.stockMobId)).toContain(mob.stockMobId);
    expect(undone.body.yard.id).toBe(view.yard.id);
    expect(await mobRows(mob.livestockOrderId)).toEqual(before);
    const [after] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, order.id));
    expect({ totalUnloaded: after.totalUnloaded, orderStatus: after.orderStatus }).toEqual({
      totalUnloaded: order.totalUnloaded,
      orderStatus: order.orderStatus,
    });
    // the checks the unload gave the load went with it
    const checks = await db.select().from(mobRequirements).where(
      eq(mobRequirements.stockMobId, mob.stockMobId),
    );
    expect(checks.length).toBe(mob.requirements.length);
  });

  test("refused when the mob changed since (a tick stays), by another user, or unknown", async () => {
    const { to, mob } = await yardToMoveIn();
    const moved = await post(A.moveOrMergeMobs, {
      stockMobId: mob.stockMobId,
      toPenId: to.id,
      lastModified: mob.lastModified,
    });
    const now = moved.body.pens.find((p: Json) => p.id === to.id).contents[0];
    const check = now.requirements.find((r: Json) => !r.isComplete) ?? now.requirements[0];
    const ticked = await post(A.updateMobInPen, {
      stockMobId: now.stockMobId,
      lastModified: now.lastModified,
      requirements: [{ id: check.id, isComplete: !check.isComplete }],
    });
    expect(ticked.status).toBe(200);

    const other = await t.login("user@demo.processor");
    const notYours = await post(A.undoYardMove, { moveId: moved.body.undo.moveId }, other);
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toMatch(/who made that move, can undo it/);

    const refused = await post(A.undoYardMove, { moveId: moved.body.undo.moveId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Mob ${mob.stockMobId} has changed since (a check, its head or its pen). The move was not undone.`,
    );
    const [row] = await db.select().from(stockMobs).where(eq(stockMobs.id, mob.stockMobId));
    expect(row.penId).toBe(to.id);
    const [tick] = await db.select().from(mobRequirements).where(eq(mobRequirements.id, check.id));
    expect(tick.isComplete).toBe(!check.isComplete);

    expect((await post(A.undoYardMove, { moveId: 99_999_999 })).status).toBe(404);
    const bad = await post(A.undoYardMove, { moveId: "last" });
    expect(bad.status).toBe(400);
    expect(bad.body.isValidation).toBe(true);
  });
});
