/**
 * Two instances over the same data and a real redis-server (issue 40 §7): what each keeps in memory for
 * sign-in limits and who is online is the same on both. (Callers and sessions across instances:
 * tests/api/callerCacheInstances.test.ts.) Without redis-server (CI installs it) this file is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HubConnection } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { hasRedis, startRedis } from "../helpers/redis.ts";
import { hubClient } from "../helpers/hub.ts";
import type { OnlineUser } from "../../server/push/connection.ts";

type Served = Awaited<ReturnType<typeof serveTestApp>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: Served;
let b: Served;
const hubs: HubConnection[] = [];

const signIn = (on: Served, email: string, password: string) =>
  fetch(`${on.origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });

describe.skipIf(!hasRedis())("two instances", () => {
  beforeAll(async () => {
    redis = await startRedis();
    a = await serveTestApp({ PUSH_REDIS_URL: redis.url });
    b = await serveTestApp({ PUSH_REDIS_URL: redis.url, DATA_DIR: a.dataDir });
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.stop()));
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it("count a guesser's failed sign-ins together, wherever the load balancer sent each", async () => {
    const email = "user@demo.processor";
    for (const on of [a, b, a]) {
      const res = await signIn(on, email, "wrong-password");
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    // three free failures in all: the next try waits on either instance, told through Redis
    await expect.poll(() => b.services.auth.limiter.retryAfter(email, "127.0.0.1")).toBeGreaterThan(0);
    const held = await signIn(b, email, "wrong-password");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    await held.body?.cancel();
  });

  it("show who is online on both instances, and forget an instance that stops", async () => {
    const adminToken = await a.login("admin@demo.processor");
    const userToken = await b.login("test@demo.processor");
    const onA = hubClient(a.origin, adminToken);
    const onB = hubClient(b.origin, userToken);
    hubs.push(onA, onB);
    await Promise.all([onA.start(), onB.start()]);
    const names = async (conn: HubConnection) =>
      (await conn.invoke<OnlineUser[]>("WhoIsOnline")).map((u) => u.userId).length;
    // each instance tells the others every 5 s
    await expect.poll(() => names(onB), { timeout: 12_000, interval: 500 }).toBe(2);
    await expect.poll(() => names(onA), { timeout: 12_000, interval: 500 }).toBe(2);
    // a stopping instance says so: the other counts only its own at once
    a.services.push.hub.shutdown();
    await expect.poll(() => names(onB), { timeout: 5_000, interval: 200 }).toBe(1);
  });
});
