/**
 * A yard action tells the screens once it is saved (issue 37: one unit of work): the yard's screens hear
 * stockyardUpdated for the pens it changed (per site), and an action that changes the order (an unload
 * counts head toward it) has the orders area announce deliveryStatusUpdated for it. A refused action
 * tells nobody: the later marker (the next action's event) arrives first.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent, recordEvents } from "../helpers/hub.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;

beforeAll(async () => {
  t = await serveTestApp();
  token = await t.login("admin@demo.processor");
});
afterAll(() => t?.close());

async function call(path: string, json?: unknown) {
  const res = await t.request(path, { method: json === undefined ? "GET" : "POST", token, json });
  return { status: res.status, body: await res.json() as Json };
}

/** A demo yard with a load waiting to be unloaded and an empty pen. */
async function yardWithWaiting() {
  for (const y of (await call(A.getStockyards)).body as Json[]) {
    const view = (await call(`${A.getInitialData}?stockyardId=${y.id}`)).body;
    const mob = view.waiting.find((m: Json) => m.head >= 2);
    // one head is unloaded (capacity confirmed): any empty pen in use takes it
    const to = view.pens.find((p: Json) => p.status === "empty" && p.isOperational);
    if (mob && to) return { view, mob, to };
  }
  throw new Error("no demo yard has a waiting load and an empty pen");
}

describe("a yard action's announcements", () => {
  test("an unload: the yard redraws the pen and the deliveries hear of the order, after the commit", async () => {
    const { view, mob, to } = await yardWithWaiting();
    const conn = hubClient(t.origin, token);
    await conn.start();
    try {
      await conn.invoke("RegisterRefreshInterests", {
        refreshGroupNames: ["Deliveries", `Stockyard:${view.yard.tenantSiteId}`],
      });
      const seen = recordEvents(conn, ["stockyardUpdated", "deliveryStatusUpdated"]);
      // refused (a stale copy of the mob): nothing is announced
      const stale = await call(A.unloadDeliveryToPen, {
        stockMobId: mob.stockMobId,
        penId: to.id,
        head: 1,
        lastModified: "2000-01-01T00:00:00.000Z",
        confirmMerge: true,
        confirmOverCapacity: true,
      });
      expect(stale.status).toBe(409);
      const yardTold = nextEvent<Json>(conn, "stockyardUpdated");
      const ordersTold = nextEvent<Json>(conn, "deliveryStatusUpdated");
      const unload = await call(A.unloadDeliveryToPen, {
        stockMobId: mob.stockMobId,
        penId: to.id,
        head: 1,
        lastModified: mob.lastModified,
        confirmMerge: true,
        confirmOverCapacity: true,
      });
      expect(unload.status).toBe(200);
      expect(await yardTold).toMatchObject({
        stockyardId: view.yard.id,
        siteId: view.yard.tenantSiteId,
        penIds: [to.id],
        reason: "unload",
      });
      expect((await ordersTold).livestockOrderIds).toEqual([mob.livestockOrderId]);
      // the refused unload told nobody: the only events are the successful one's
      expect(seen.map((e) => e.name).toSorted()).toEqual(["deliveryStatusUpdated", "stockyardUpdated"]);
    } finally {
      await conn.stop();
    }
  });
});
