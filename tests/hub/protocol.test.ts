/**
 * The hub protocol records the official client hides: handshake errors, pings, the server timeout,
 * close records, framing; and the HTTP edges of /hubs/userHub. Short keep-alive and timeout here.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { RawHubSocket } from "../helpers/hub.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;
let processorId: number;

beforeAll(async () => {
  t = await serveTestApp({ PUSH_KEEPALIVE_SECONDS: "0.2", PUSH_CLIENT_TIMEOUT_SECONDS: "0.7" });
  token = await t.login("user@demo.processor");
  processorId = (await t.services.db.control.query.tenants.findFirst())!.id;
});
afterAll(() => t.close());

const isCompletion = (id: string) => (r: Record<string, unknown>) => r.type === 3 && r.invocationId === id;

describe("records", () => {
  test("the handshake is answered {} and an unsupported protocol with an error", async () => {
    const ok = await RawHubSocket.open(t.origin, token); // ?access_token= as browsers send it
    expect(ok.records[0]).toEqual({});
    ok.close();

    const bad = await RawHubSocket.open(t.origin, token, { handshake: false });
    bad.send({ protocol: "messagepack", version: 1 });
    expect((await bad.next((r) => "error" in r)).error).toMatch(/messagepack.*not supported/);
    await bad.waitClosed();
  });

  test("an invocation with an id is completed; one without an id is not, but still runs", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.send({ type: 1, target: "RegisterRefreshInterest", arguments: ["Invoices"] });
    raw.send({ type: 1, invocationId: "7", target: "registerrefreshinterest", arguments: ["Skins"] });
    expect(await raw.next(isCompletion("7"))).toEqual({
      type: 3,
      invocationId: "7",
      result: ["Invoices", "Skins"],
    });
    expect(raw.records.filter((r) => r.type === 3)).toHaveLength(1);
    raw.send({ type: 1, invocationId: "8", target: "Nope", arguments: [] });
    expect(await raw.next(isCompletion("8"))).toEqual({
      type: 3,
      invocationId: "8",
      error: "Unknown hub method 'Nope'.",
    });
    raw.send({ type: 4, invocationId: "9", target: "WhoIsOnline", arguments: [] });
    expect((await raw.next(isCompletion("9"))).error).toMatch(/Streaming is not supported/);
    raw.close();
  });

  test("server events arrive as invocations without an id", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    await t.services.push.emit(processorId, "tagsUpdated", { lastUpdated: "2026-11-22T08:00:00.000Z" });
    expect(await raw.next((r) => r.type === 1)).toEqual({
      type: 1,
      target: "tagsUpdated",
      arguments: [{ lastUpdated: "2026-11-22T08:00:00.000Z" }],
    });
    raw.close();
  });

  test("records split across frames and several records in one frame are both read", async () => {
    const raw = await RawHubSocket.open(t.origin, token, { handshake: false });
    const handshake = JSON.stringify({ protocol: "json", version: 1 }) + "\u001e";
    raw.sendText(handshake.slice(0, 10));
    raw.sendText(
      handshake.slice(10) +
        JSON.stringify({ type: 1, invocationId: "a", target: "WhoIsOnline", arguments: [] }) +
        "\u001e" + JSON.stringify({ type: 6 }) + "\u001e",
    );
    const done = await raw.next(isCompletion("a"));
    expect(done.result).toEqual([expect.objectContaining({ name: "User Demo" })]);
    raw.close();
  });

  test("the server pings every keep-alive and closes a silent client after the timeout", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    await raw.next((r) => r.type === 6, 1000);
    const close = await raw.next((r) => r.type === 7, 3000);
    expect(close).toEqual({
      type: 7,
      error: "Server timeout elapsed without receiving a message from the client.",
      allowReconnect: true,
    });
    await raw.waitClosed();
  });

  test("a client that pings stays connected past the timeout", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    const pinger = setInterval(() => raw.send({ type: 6 }), 200);
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(pinger);
    expect(raw.closed).toBe(false);
    expect(raw.records.some((r) => r.type === 7)).toBe(false);
    raw.close();
  });

  test("an unreadable record closes the connection with an error", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.sendText("{not json\u001e");
    expect((await raw.next((r) => r.type === 7)).error).toMatch(/could not be read/);
    await raw.waitClosed();
  });

  test("a close record from the client ends the connection", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.send({ type: 7 });
    await raw.waitClosed();
    expect(t.services.push.hub.connectionCount(processorId)).toBe(0);
  });
});

describe("HTTP edges", () => {
  const negotiate = async (bearer: string) =>
    (await (await fetch(`${t.origin}/hubs/userHub/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}` },
    })).json()).connectionToken as string;

  test("a negotiated id serves only its own user, and only once", async () => {
    const id = await negotiate(token);
    const other = await t.login("admin@demo.processor");
    const stolen = await t.request(`/hubs/userHub?id=${id}`, {
      token: other,
      headers: { upgrade: "websocket" },
    });
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ title: "Not Found" });
    const ws = new WebSocket(`${t.origin.replace("http", "ws")}/hubs/userHub?id=${id}&access_token=${token}`);
    await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
    ws.close();
    const again = await t.request(`/hubs/userHub?id=${id}`, { token, headers: { upgrade: "websocket" } });
    expect(again.status).toBe(404);
  });

  test("the socket refuses no token (401), no upgrade (400), a foreign page's cookie (403)", async () => {
    expect((await t.request("/hubs/userHub", { headers: { upgrade: "websocket" } })).status).toBe(401);
    const plain = await t.request("/hubs/userHub", { token });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ isValidation: true });
    const foreign = await t.request(`/hubs/userHub?id=${await negotiate(token)}`, {
      headers: { upgrade: "websocket", cookie: `session=${token}`, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  test("paths are case-insensitive and a wrong method is 405", async () => {
    const res = await t.request("/hubs/USERHUB/negotiate?negotiateVersion=1", { method: "POST", token });
    expect(res.status).toBe(200);
    const wrong = await t.request("/hubs/userHub/negotiate", { token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });
});
