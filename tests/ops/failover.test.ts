/**
 * Losing an instance (issue 40 §7), with real processes and a real signal: two server processes
 * (server/main.ts) over the same data folder and a real redis-server, behind a loopback balancer that
 * hands each new connection to the next instance that accepts it (as a load balancer with health checks
 * does). A few plant PCs write and read and hold push connections, two TVs hold push connections; one
 * instance is killed with SIGKILL mid-load. Every acknowledged write is on disk afterwards, every push
 * client that lost its instance is connected to the other within 10 s and hears the next change, and no
 * request was answered 500 (a request cut off by the kill has no answer: it was never acknowledged).
 * CI runs a few plant PCs and TVs; the full size runs with FAILOVER_SIZE=full (50 plant PCs, 10
 * TVs). Without redis-server this file is skipped.
 *
 * Every try that fails to reach an instance after the kill is recorded with its reason and time (the
 * socket's error: "socket hang up", "Unexpected server response: 503") and printed at the end; the two
 * instances' JSON log lines come out with FLEET_SERVER_STDOUT=1 FAILOVER_LOG_LEVEL=info.
 *
 * Full size (session 47, six runs on the shared 2-core machine): every push client back on the other
 * instance within 2 s of the kill (the slowest 0.5 to 1.9 s), no failed try, no 500, every acknowledged
 * write on disk. Session 46 saw 2 to 3 clients back only at the 10 s try (13.6 s): their tries at 0 and
 * 2 s were refused by this file's balancer, not by the instance left. It read its shared round-robin
 * counter again after a refused try, and with other connections taking their turns meanwhile it could
 * hand a connection the dead port twice and give up. Each connection now tries every instance once from
 * its own turn, and the test checks the balancer never gave up. The clients negotiate, as the product's
 * do (session 46's skipped it): an id negotiated on one instance opens the socket on the other
 * (server/push/negotiations.ts).
 */
import { createRequire } from "node:module";
import { afterAll, expect, test } from "vitest";
import { createClient } from "@libsql/client";
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IHttpConnectionOptions,
  LogLevel,
} from "@microsoft/signalr";
import { hasRedis, startRedis } from "../helpers/redis.ts";
import { HUB_RECONNECT_DELAYS, nextEvent } from "../helpers/hub.ts";
import type { Server } from "../bench/fleet.ts";

// the WebSocket class the official client uses outside browsers (the "ws" package): its errors name the
// reason of a failed try ("Unexpected server response: 503", "socket hang up"), the client's log does not
const requireHere = createRequire(import.meta.url);
// deno-lint-ignore no-explicit-any
const NodeWebSocket: any = createRequire(requireHere.resolve("@microsoft/signalr"))("ws");

const FULL = Deno.env.get("FAILOVER_SIZE") === "full";
const PLANT_PCS = FULL ? 50 : 3;
const TVS = FULL ? 10 : 2;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await Promise.resolve(clean()).catch(() => {});
});

/** A TCP balancer on loopback: each new connection goes to the next instance that accepts it. */
function balancer(ports: number[]) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  let next = 0;
  const relay = async (client: Deno.Conn) => {
    // every instance once, from this connection's turn on: a shared counter read again after a refused
    // try could hand it the dead instance twice while other connections take their turns meanwhile
    const first = next++;
    let upstream: Deno.Conn | null = null;
    for (let i = 0; i < ports.length && !upstream; i++) {
      const port = ports[(first + i) % ports.length];
      upstream = await Deno.connect({ hostname: "127.0.0.1", port }).catch(() => null);
    }
    if (!upstream) {
      failedTries.push(`${sinceKill()}: the balancer found no instance to take a connection`);
      return client.close();
    }
    open.add(client).add(upstream);
    // either side ending ends both: a killed instance's connections close at the client too
    await Promise.race([
      client.readable.pipeTo(upstream.writable).catch(() => {}),
      upstream.readable.pipeTo(client.writable).catch(() => {}),
    ]);
    for (const conn of [client, upstream]) {
      open.delete(conn);
      try {
        conn.close();
      } catch { /* closed by its pipe */ }
    }
  };
  (async () => {
    for await (const client of listener) relay(client);
  })().catch(() => {});
  return {
    origin: `http://127.0.0.1:${listener.addr.port}`,
    close() {
      listener.close();
      for (const conn of open) {
        try {
          conn.close();
        } catch { /* closed */ }
      }
    },
  };
}

/** Every failed try to reach an instance after the kill, with its reason and time (a failure prints them). */
const failedTries: string[] = [];
let killedAt = 0;
const sinceKill = () => `+${Math.round(performance.now() - killedAt)} ms after the kill`;

/**
 * A plant PC's or TV's push client. It negotiates and then opens its WebSocket, as the product's client
 * does: two connections, which the balancer (no sticky sessions) may hand to different instances.
 */
function pushClient(origin: string, token: string, n: number): HubConnection {
  class TracedWebSocket extends NodeWebSocket {
    constructor(...args: unknown[]) {
      super(...args);
      const started = performance.now();
      let opened = false;
      const at = () =>
        `push client ${n}, ${sinceKill()} (${Math.round(performance.now() - started)} ms into its try)`;
      this.on("open", () => opened = true);
      this.on("error", (e: Error) => killedAt && failedTries.push(`${at()}: ${e.message}`));
      this.on("close", (code: number, reason: Uint8Array) => {
        if (killedAt && !opened) failedTries.push(`${at()}: closed before it opened, ${code} ${reason}`);
      });
    }
  }
  // (an option the client reads but its types do not list)
  const options: IHttpConnectionOptions & { WebSocket: unknown } = {
    WebSocket: TracedWebSocket,
    accessTokenFactory: () => token,
    transport: HttpTransportType.WebSockets,
  };
  return new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/userHub`, options)
    .withAutomaticReconnect(HUB_RECONNECT_DELAYS)
    .configureLogging(LogLevel.None)
    .build();
}

async function login(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

test.skipIf(!hasRedis())(
  "SIGKILL one of two instances mid-load: no acknowledged write lost, push moves over, no 500",
  {
    timeout: 120_000,
  },
  async () => {
    // the app's modules only when it runs (a skipped file costs no import)
    const { copyDir, demoTemplate } = await import("../helpers/demoTemplate.ts");
    const { startServer } = await import("../bench/fleet.ts");
    const { TEST_PASSWORD } = await import("../helpers/app.ts");
    const dataDir = await Deno.makeTempDir({ prefix: "abattoir-failover-" });
    cleanups.push(() => Deno.remove(dataDir, { recursive: true }));
    await copyDir(await demoTemplate(TEST_PASSWORD), dataDir);
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const env = { PUSH_REDIS_URL: redis.url, LOG_LEVEL: Deno.env.get("FAILOVER_LOG_LEVEL") ?? "error" };
    const [a, b]: Server[] = await Promise.all([startServer(dataDir, env), startServer(dataDir, env)]);
    cleanups.push(() => b.stop(), () => a.stop());
    const lb = balancer([a.port, b.port]);
    cleanups.push(() => lb.close());

    const writer = await login(lb.origin, "admin@demo.processor", TEST_PASSWORD);
    const viewer = await login(lb.origin, "user@demo.processor", TEST_PASSWORD);
    const clients = Array.from({ length: PLANT_PCS + TVS }, (_, n) => pushClient(lb.origin, viewer, n));
    cleanups.push(() => Promise.all(clients.map((c) => c.stop())));
    await Promise.all(clients.map((c) => c.start()));
    const dropped = new Map<HubConnection, number | null>(); // → ms from the kill to connected again
    for (const c of clients) {
      c.onreconnecting(() => dropped.set(c, null));
      c.onreconnected(() => dropped.set(c, performance.now() - killedAt));
    }

    // the load: each plant PC adds suppliers and reads the list, until told to stop
    const acknowledged = new Map<string, number>(); // name → id
    const statuses: number[] = [];
    const refused: string[] = []; // what a non-200 answer said (a failure names it)
    let cutOff = 0; // requests the kill cut off (no answer, so not acknowledged)
    // writes the HTTP client sent again on a new connection after the kill cut off the first try, which the
    // killed instance had already committed: the second try is told the name exists (409). Such a write
    // was done, and must be on disk.
    const doneBeforeRetry: string[] = [];
    let loading = true;
    const plantPc = async (pc: number) => {
      const headers = { authorization: `Bearer ${writer}`, "content-type": "application/json" };
      for (let i = 0; loading; i++) {
        try {
          const name = `Failover PC${pc} ${i}`;
          const res = await fetch(`${lb.origin}/api/livestock/UpsertSupplier`, {
            method: "POST",
            headers,
            body: JSON.stringify({ name }),
          });
          statuses.push(res.status);
          if (res.status === 200) acknowledged.set(name, (await res.json()).id);
          else {
            const said = await res.text();
            if (res.status === 409 && said.includes(`named ${name} already exists`)) {
              doneBeforeRetry.push(name);
            } else refused.push(`write ${res.status}: ${said}`);
          }
          const read = await fetch(`${lb.origin}/api/livestock/GetSuppliers?q=Failover`, { headers });
          statuses.push(read.status);
          if (read.status === 200) await read.body?.cancel();
          else refused.push(`read ${read.status}: ${await read.text()}`);
        } catch {
          cutOff++;
        }
        // a plant PC's pace, not a flood: two processes writing one SQLite file without pause starve each
        // other's writes past the 5 s busy timeout on a loaded machine (docs/operations.md)
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Array.from({ length: PLANT_PCS }, (_, pc) => plantPc(pc));

    await expect.poll(() => acknowledged.size, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(10);
    const beforeKill = acknowledged.size;
    killedAt = performance.now();
    a.child.kill("SIGKILL");
    console.log(`failover: SIGKILL at ${new Date().toISOString()}`);
    await a.child.status;

    // the clients on the killed instance are back, on the other one, within 10 s
    cleanups.push(() => {
      if (failedTries.length) {
        console.log(`failover: tries that failed after the kill\n${failedTries.join("\n")}`);
      }
    });
    await expect.poll(() => dropped.size > 0 && [...dropped.values()].every((ms) => ms !== null), {
      timeout: 15_000,
      interval: 50,
    }).toBe(true);
    expect(Math.max(...[...dropped.values()].map(Number))).toBeLessThan(10_000);
    expect(clients.every((c) => c.state === "Connected")).toBe(true);
    // and the writes go on, on the instance left
    await expect.poll(() => acknowledged.size, { timeout: 30_000, interval: 50 })
      .toBeGreaterThanOrEqual(beforeKill + 10);
    loading = false;
    await Promise.all(load);

    // every push client, wherever it is now, hears the next change
    const heard = clients.map((c) => nextEvent<{ supplierId: number }>(c, "supplierAddedOrUpdated", 5000));
    const last = await fetch(`${lb.origin}/api/livestock/UpsertSupplier`, {
      method: "POST",
      headers: { authorization: `Bearer ${writer}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Failover last" }),
    });
    expect(last.status).toBe(200);
    const lastId = (await last.json()).id;
    for (const event of await Promise.all(heard)) expect(event.supplierId).toBe(lastId);

    expect(refused).toEqual([]); // no 500, nor anything else
    // the instance left took every connection handed to it (the balancer never gave up on one)
    expect(failedTries.filter((t) => t.includes("balancer"))).toEqual([]);
    expect(statuses.length).toBeGreaterThan(0);
    await Promise.all(clients.map((c) => c.stop()));
    await b.stop();

    // on disk, read with both instances gone: every acknowledged write, with the id it was answered
    const onDisk = new Map<string, number>();
    for (const file of Deno.readDirSync(`${dataDir}/tenants`)) {
      if (!file.name.endsWith(".db")) continue;
      const db = createClient({ url: `file:${dataDir}/tenants/${file.name}` });
      const rs = await db.execute("select id, name from suppliers where name like 'Failover PC%'");
      for (const row of rs.rows) onDisk.set(String(row.name), Number(row.id));
      db.close();
    }
    const missing = [...acknowledged].filter(([name, id]) => onDisk.get(name) !== id);
    expect(missing).toEqual([]);
    expect(doneBeforeRetry.filter((name) => !onDisk.has(name))).toEqual([]);
    console.log(
      `failover: ${acknowledged.size} writes acknowledged (${beforeKill} before the kill), ${cutOff} cut off; ` +
        `${dropped.size} push clients moved, slowest in ${
          Math.round(Math.max(...[...dropped.values()].map(Number)))
        } ms; ${failedTries.length} failed tries`,
    );
  },
);
