/**
 * Two server instances sharing the databases and a real redis-server: events, sign-outs and tenant
 * isolation hold across instances. CI installs redis-server (.ci/run); without it this file fails in CI
 * and is skipped elsewhere (tests/helpers/required.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HubConnectionState } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent, recordEvents } from "../helpers/hub.ts";
import { hasRedis, startRedis } from "../helpers/redis.ts";

type Served = Awaited<ReturnType<typeof serveTestApp>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let one: Served;
let two: Served;
let processorId: number;
let farmId: number;

describe.skipIf(!hasRedis())("the Redis bus across two instances", () => {
  beforeAll(async () => {
    redis = await startRedis();
    one = await serveTestApp({ PUSH_REDIS_URL: redis.url });
    two = await serveTestApp({ PUSH_REDIS_URL: redis.url, DATA_DIR: one.dataDir });
    const tenants = await one.services.db.control.query.tenants.findMany();
    processorId = tenants.find((x) => x.name === "Demo Processing")!.id;
    farmId = tenants.find((x) => x.name === "Demo Farm")!.id;
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await redis?.stop();
  });

  test("an API call on one instance reaches clients on both, and no other tenant", async () => {
    const superToken = await one.login("super@demo.processor");
    const here = hubClient(one.origin, await one.login("user@demo.processor"));
    const there = hubClient(two.origin, await one.login("admin@demo.processor"));
    const farm = hubClient(two.origin, await one.login("producer@demo.farm"));
    await Promise.all([here.start(), there.start(), farm.start()]);
    try {
      const farmSeen = recordEvents(farm, ["forceRefresh"]);
      const a = nextEvent(here, "forceRefresh");
      const b = nextEvent(there, "forceRefresh");
      const res = await fetch(`${one.origin}/api/super/ForceRefresh`, {
        method: "POST",
        headers: { authorization: `Bearer ${superToken}`, "content-type": "application/json" },
        body: JSON.stringify({ tenantId: processorId, reason: "both" }),
      });
      expect(res.status).toBe(200);
      expect(await a).toEqual({ reason: "both" });
      expect(await b).toEqual({ reason: "both" });
      const marker = nextEvent(farm, "forceRefresh");
      await two.services.push.emit(farmId, "forceRefresh", { reason: "marker" });
      await marker;
      expect(farmSeen.map((e) => e.payload)).toEqual([{ reason: "marker" }]);
    } finally {
      await Promise.all([here.stop(), there.stop(), farm.stop()]);
    }
  });

  test("group events from one instance reach the group's members on the other", async () => {
    const there = hubClient(two.origin, await one.login("user@demo.processor"));
    await there.start();
    try {
      await there.invoke("RegisterRefreshInterest", "Invoices");
      const got = nextEvent(there, "invoicePublished");
      await one.services.push.emit(processorId, "invoicePublished", { invoiceIds: [5] });
      expect(await got).toEqual({ invoiceIds: [5] });
    } finally {
      await there.stop();
    }
  });

  test("signing out on one instance closes the connection held by the other", async () => {
    const token = await one.login("user@demo.processor");
    const conn = hubClient(two.origin, token);
    await conn.start();
    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    const res = await fetch(`${one.origin}/login/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    expect(String(await closed)).toMatch(/session has ended/);
    expect(conn.state).toBe(HubConnectionState.Disconnected);
  });

  test("an id negotiated on one instance opens the socket on the other, once (no sticky sessions)", async () => {
    const token = await one.login("user@demo.processor");
    const res = await fetch(`${one.origin}/hubs/userHub/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    const id = (await res.json()).connectionToken;
    const ws = new WebSocket(
      `${two.origin.replace("http", "ws")}/hubs/userHub?id=${id}&access_token=${token}`,
    );
    await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
    ws.close();
    for (const again of [one, two]) {
      const used = await again.request(`/hubs/userHub?id=${id}`, {
        token,
        headers: { upgrade: "websocket" },
      });
      expect(used.status).toBe(404);
    }
  });

  test("an unreachable Redis is a clear startup error", async () => {
    await expect(serveTestApp({ PUSH_REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(
      /PUSH_REDIS_URL: cannot use Redis/,
    );
  });
});
