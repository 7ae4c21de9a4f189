/**
 * The push hub through the official @microsoft/signalr client (as API clients use it), against the
 * real app on real database files: auth, interests, events from real API calls, tenant isolation,
 * reconnects and session ends.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HubConnectionState } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent, recordEvents } from "../helpers/hub.ts";

type Served = Awaited<ReturnType<typeof serveTestApp>>;
let t: Served;
let processorId: number;
let countryId: number;

beforeAll(async () => {
  t = await serveTestApp();
  const tenants = await t.services.db.control.query.tenants.findMany();
  processorId = tenants.find((x) => x.name === "Demo Processing")!.id;
  // another processor (a producer's organisation joins no plant group)
  countryId = tenants.find((x) => x.name === "Demo Country Meats")!.id;
});
afterAll(() => t.close());

const post = (path: string, token: string, json: unknown) =>
  fetch(`${t.origin}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  });

describe("connecting", () => {
  test("negotiate without a token is 401 in the catalogue shape, and the client cannot start", async () => {
    const res = await fetch(`${t.origin}/hubs/userHub/negotiate?negotiateVersion=1`, { method: "POST" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ title: "Unauthenticated", isValidation: false });
    const conn = hubClient(t.origin);
    await expect(conn.start()).rejects.toThrow(/401/);
    expect(conn.state).toBe(HubConnectionState.Disconnected);
  });

  test("a dead token is refused too", async () => {
    const conn = hubClient(t.origin, "abc.def");
    await expect(conn.start()).rejects.toThrow(/401/);
  });

  test("negotiate answers version 1 with a token and WebSockets only", async () => {
    const token = await t.login("user@demo.processor");
    const res = await post("/hubs/userHub/negotiate?negotiateVersion=1", token, {});
    const body = await res.json();
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
    });
    expect(body.connectionId).toMatch(/^[\w-]{16,}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  test("with a bearer token it connects, registers interests and lists who is online", async () => {
    const token = await t.login("admin@demo.processor");
    const conn = hubClient(t.origin, token);
    await conn.start();
    try {
      expect(conn.state).toBe(HubConnectionState.Connected);
      expect(await conn.invoke("RegisterRefreshInterest", "Deliveries")).toEqual(["Deliveries"]);
      expect(
        await conn.invoke("RegisterRefreshInterests", { refreshGroupNames: ["invoices", "Stockyard:2"] }),
      )
        .toEqual(["Deliveries", "Invoices", "Stockyard:2"]);
      expect(await conn.invoke("DeregisterRefreshInterests", ["Invoices", "Stockyard:2"])).toEqual([
        "Deliveries",
      ]);
      expect(await conn.invoke("DeregisterRefreshInterest", "Deliveries")).toEqual([]);
      const online = await conn.invoke("WhoIsOnline");
      expect(online).toEqual([expect.objectContaining({ name: "Admin Demo", connections: 1 })]);
    } finally {
      await conn.stop();
    }
  });

  test("unknown interests, wrong arguments and unknown methods are refused with a message", async () => {
    const token = await t.login("admin@demo.processor");
    const conn = hubClient(t.origin, token);
    await conn.start();
    try {
      await expect(conn.invoke("RegisterRefreshInterest", "Gossip")).rejects.toThrow(
        /Unknown refresh interest 'Gossip'/,
      );
      await expect(conn.invoke("RegisterRefreshInterest", 42)).rejects.toThrow(/Expected one argument/);
      await expect(conn.invoke("DropTables")).rejects.toThrow(/Unknown hub method 'DropTables'/);
      // still usable afterwards
      expect(await conn.invoke("RegisterRefreshInterest", "Skins")).toEqual(["Skins"]);
    } finally {
      await conn.stop();
    }
  });

  test("a group needs its module: a producer tenant joins no plant group, whatever modules it holds", async () => {
    const token = await t.login("producer@demo.farm");
    const conn = hubClient(t.origin, token);
    await conn.start();
    try {
      await expect(conn.invoke("RegisterRefreshInterest", "Stockyard")).rejects.toThrow(/stockyard module/);
      // it holds the livestock module, which counts for nothing in a producer's organisation
      await expect(conn.invoke("RegisterRefreshInterest", "Deliveries")).rejects.toThrow(/livestock module/);
    } finally {
      await conn.stop();
    }
  });
});

describe("events", () => {
  test("forceRefresh sent through the super API reaches the tenant's clients", async () => {
    const superToken = await t.login("super@demo.processor");
    const conn = hubClient(t.origin, await t.login("user@demo.processor"));
    await conn.start();
    try {
      const got = nextEvent(conn, "forceRefresh");
      const res = await post("/api/super/ForceRefresh", superToken, {
        tenantId: processorId,
        reason: "New prices",
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ tenantId: processorId, connectionsTold: 1, sessionsEnded: 0 });
      expect(await got).toEqual({ reason: "New prices" });
    } finally {
      await conn.stop();
    }
  });

  test("no event crosses tenants, and group events reach only the registered", async () => {
    const superToken = await t.login("super@demo.processor");
    const processor = hubClient(t.origin, await t.login("user@demo.processor"));
    const processorIdle = hubClient(t.origin, await t.login("admin@demo.processor"));
    const farm = hubClient(t.origin, await t.login("yield@demo.country"));
    await Promise.all([processor.start(), processorIdle.start(), farm.start()]);
    try {
      await processor.invoke("RegisterRefreshInterest", "Deliveries");
      await farm.invoke("RegisterRefreshInterest", "Deliveries");
      const events = ["forceRefresh", "deliveryStatusUpdated"];
      const farmSeen = recordEvents(farm, events);
      const idleSeen = recordEvents(processorIdle, events);

      const delivery = nextEvent(processor, "deliveryStatusUpdated");
      await t.services.push.emit(processorId, "deliveryStatusUpdated", {
        livestockOrderIds: [7],
        deliveryDate: "2026-11-22",
      });
      expect(await delivery).toEqual({ livestockOrderIds: [7], deliveryDate: "2026-11-22" });
      const refresh = nextEvent(processor, "forceRefresh");
      await post("/api/super/ForceRefresh", superToken, { tenantId: processorId });
      await refresh;

      // a marker sent to the farm after both: records arrive in order, so anything leaked came first
      const marker = nextEvent(farm, "forceRefresh");
      await t.services.push.emit(countryId, "forceRefresh", { reason: "marker" });
      await marker;
      expect(farmSeen).toEqual([{ name: "forceRefresh", payload: { reason: "marker" } }]);
      // the processor's idle client had no Deliveries interest: it saw only the tenant-wide events (a
      // later tenant-wide marker: anything sent to it before has arrived by then)
      const idleMarker = nextEvent(processorIdle, "forceRefresh");
      await t.services.push.emit(processorId, "forceRefresh", { reason: "marker" });
      expect(await idleMarker).toEqual({ reason: "marker" });
      expect(idleSeen.map((e) => e.name)).toEqual(["forceRefresh", "forceRefresh"]);
    } finally {
      await Promise.all([processor.stop(), processorIdle.stop(), farm.stop()]);
    }
  });

  test("a qualified event reaches that qualifier and the whole group, not other qualifiers", async () => {
    const a = hubClient(t.origin, await t.login("user@demo.processor"));
    const b = hubClient(t.origin, await t.login("admin@demo.processor"));
    const c = hubClient(t.origin, await t.login("test@demo.processor"));
    await Promise.all([a.start(), b.start(), c.start()]);
    try {
      await a.invoke("RegisterRefreshInterest", "Stockyard:1");
      await b.invoke("RegisterRefreshInterest", "Stockyard");
      await c.invoke("RegisterRefreshInterest", "Stockyard:2");
      const cSeen = recordEvents(c, ["stockyardSetupUpdated"]);
      const toA = nextEvent(a, "stockyardSetupUpdated");
      const toB = nextEvent(b, "stockyardSetupUpdated");
      await t.services.push.emit(processorId, "stockyardSetupUpdated", { stockyardId: 3, siteId: 1 }, {
        qualifier: 1,
      });
      expect(await toA).toEqual({ stockyardId: 3, siteId: 1 });
      expect(await toB).toEqual({ stockyardId: 3, siteId: 1 });
      // a later event for c's own qualifier is the marker: yard 1's would have come before it
      const marker = nextEvent(c, "stockyardSetupUpdated");
      await t.services.push.emit(processorId, "stockyardSetupUpdated", { stockyardId: 4, siteId: 2 }, {
        qualifier: 2,
      });
      expect(await marker).toEqual({ stockyardId: 4, siteId: 2 });
      expect(cSeen.map((e) => e.payload)).toEqual([{ stockyardId: 4, siteId: 2 }]);
    } finally {
      await Promise.all([a.stop(), b.stop(), c.stop()]);
    }
  });

  test("a registration with the page's render time is told which of its groups had events since", async () => {
    // a quiet moment longer than the allowed clock difference, and the hub running for longer than that
    await new Promise((r) => setTimeout(r, 2_100));
    const rendered = Date.now(); // the hub keeps its events on the real clock, as a page's render mark
    const groups = ["Invoices", "Deliveries", "Stockyard", "Stockyard:2"];
    const [early, late, farm] = [
      hubClient(t.origin, await t.login("user@demo.processor")),
      hubClient(t.origin, await t.login("admin@demo.processor")),
      hubClient(t.origin, await t.login("yield@demo.country")),
    ];
    await Promise.all([early.start(), late.start(), farm.start()]);
    const seen = [early, late, farm].map((conn) => recordEvents(conn, ["missed"]));
    try {
      // nothing happened since the render: nothing said
      expect(await early.invoke("RegisterRefreshInterests", groups, rendered)).toEqual(
        ["Deliveries", "Invoices", "Stockyard", "Stockyard:2"],
      );
      // events after the render, before the others joined (the farm's is another tenant's)
      await t.services.push.emit(processorId, "invoiceCreated", { invoiceIds: [5] });
      await t.services.push.emit(processorId, "stockyardSetupUpdated", { stockyardId: 3, siteId: 1 }, {
        qualifier: 1,
      });
      const told = nextEvent(late, "missed");
      await late.invoke("RegisterRefreshInterests", { refreshGroupNames: groups }, rendered);
      expect(await told).toEqual({ groups: ["Invoices", "Stockyard"] });
      await farm.invoke("RegisterRefreshInterests", ["Deliveries"], rendered);
      await early.invoke("RegisterRefreshInterest", "Skins"); // without a time: never told
      // a page rendered before the hub knew anything (it started later): every group counts as changed
      const unknown = nextEvent(farm, "missed");
      await farm.invoke("RegisterRefreshInterests", ["Deliveries"], 0);
      expect(await unknown).toEqual({ groups: ["Deliveries"] });
      // a later "missed" on each connection is the marker (a page rendered before the hub started):
      // anything said to it before has arrived by then
      for (const conn of [early, late, farm]) {
        const marker = nextEvent(conn, "missed");
        await conn.invoke("RegisterRefreshInterests", ["Deliveries"], 0);
        expect(await marker).toEqual({ groups: ["Deliveries"] });
      }
      expect(seen.map((s) => s.length)).toEqual([1, 2, 2]);
      await expect(late.invoke("RegisterRefreshInterests", groups, "yesterday")).rejects.toThrow(
        /optionally when the page was rendered/,
      );
    } finally {
      await Promise.all([early.stop(), late.stop(), farm.stop()]);
    }
  });

  test("OnlineUsers hears a user come online and go offline", async () => {
    const watcher = hubClient(t.origin, await t.login("admin@demo.processor"));
    await watcher.start();
    const other = hubClient(t.origin, await t.login("support@demo.processor"));
    try {
      await watcher.invoke("RegisterRefreshInterest", "OnlineUsers");
      const online = nextEvent<{ online: boolean; name: string }>(watcher, "userConnectionChanged");
      await other.start();
      expect(await online).toMatchObject({ online: true, connections: 1 });
      const offline = nextEvent(watcher, "userConnectionChanged");
      await other.stop();
      expect(await offline).toMatchObject({ online: false, connections: 0 });
    } finally {
      await watcher.stop();
    }
  });
});

describe("the super actions", () => {
  test("refuse a too-low role and an unknown tenant, and validate the body", async () => {
    const admin = await t.login("admin@demo.processor");
    const superToken = await t.login("super@demo.processor");
    for (const path of ["/api/super/ForceRefresh", "/api/super/ForceTotalLogout"]) {
      expect((await post(path, admin, { tenantId: processorId })).status).toBe(403);
      expect((await post(path, superToken, { tenantId: 999 })).status).toBe(404);
      const bad = await post(path, superToken, { tenantId: "x" });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ isValidation: true });
    }
    const online = await fetch(`${t.origin}/api/super/GetOnlineUsers/${processorId}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(online.status).toBe(403);
  });

  test("forceTotalLogout tells the clients, closes their connections and ends their sessions", async () => {
    const superToken = await t.login("super@demo.processor");
    const userToken = await t.login("user@demo.processor");
    const farmToken = await t.login("producer@demo.farm");
    const conn = hubClient(t.origin, userToken);
    const farm = hubClient(t.origin, farmToken);
    await Promise.all([conn.start(), farm.start()]);
    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    let reconnecting = false;
    conn.onreconnecting(() => (reconnecting = true));
    const told = nextEvent(conn, "forceTotalLogout");
    const res = await post("/api/super/ForceTotalLogout", superToken, { tenantId: processorId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.connectionsTold).toBe(1);
    expect(body.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await told).toEqual({ reason: "A super user signed everyone out." });
    expect(String(await closed)).toMatch(/session has ended/);
    expect(reconnecting).toBe(false);
    // the session is gone on the server; the super user's own session and the other tenant survive
    const after = await fetch(`${t.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(after.status).toBe(401);
    const superAfter = await fetch(`${t.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(superAfter.status).toBe(200);
    expect(farm.state).toBe(HubConnectionState.Connected);
    await farm.stop();
  });
});

describe("accounts", () => {
  test("disabling a user tells their open pages to sign out and closes their connections", async () => {
    const adminToken = await t.login("admin@demo.processor");
    const userToken = await t.login("test@demo.processor");
    const conn = hubClient(t.origin, userToken);
    await conn.start();
    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    const told = nextEvent(conn, "forceTotalLogout");
    const users = await (await fetch(`${t.origin}/api/user/GetTenantUsers`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })).json();
    const id = users.find((u: { email: string }) => u.email === "test@demo.processor").id;
    expect((await post("/api/user/DisableTenantUser", adminToken, { id })).status).toBe(200);
    expect(await told).toEqual({ reason: "Your account was disabled by an administrator." });
    expect(String(await closed)).toMatch(/session has ended|disabled/);
    expect((await post("/api/user/EnableTenantUser", adminToken, { id })).status).toBe(200);
  });
});

describe("sessions and reconnects", () => {
  test("the client reconnects after the server drops the socket, with a new connection id", async () => {
    const conn = hubClient(t.origin, await t.login("user@demo.processor"));
    await conn.start();
    const firstId = conn.connectionId;
    const reconnected = new Promise<string | undefined>((resolve) => conn.onreconnected(resolve));
    t.services.push.hub.disconnectAll();
    const newId = await reconnected;
    expect(conn.state).toBe(HubConnectionState.Connected);
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);
    // interests are per connection: register again after a reconnect, and events flow
    await conn.invoke("RegisterRefreshInterest", "Invoices");
    const got = nextEvent(conn, "invoiceCreated");
    await t.services.push.emit(processorId, "invoiceCreated", { invoiceIds: [1, 2] });
    expect(await got).toEqual({ invoiceIds: [1, 2] });
    await conn.stop();
  });

  test("a token refresh keeps the connection; signing out with the new token closes it", async () => {
    const token = await t.login("user@demo.processor");
    const conn = hubClient(t.origin, token);
    await conn.start();
    const refreshed = await fetch(`${t.origin}/login/refreshtoken`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const newToken = (await refreshed.json()).token as string;
    expect(newToken).not.toBe(token);
    expect(await conn.invoke("WhoIsOnline")).toBeTruthy();
    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    expect((await post("/login/logout", newToken, {})).status).toBeLessThan(300);
    expect(String(await closed)).toMatch(/session has ended/);
  });
});
