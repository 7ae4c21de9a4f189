/**
 * Issue 35 item 8: the push hub refuses a frame over 1 MB before reading it, and a client sending
 * messages faster than its bucket allows (burst 50, then 20 a second); either way the client hears why in
 * a close record ({type: 7, error}) and the socket closes. Normal use, raw and through the official
 * client, is untouched.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HubConnectionState } from "@microsoft/signalr";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, RawHubSocket } from "../helpers/hub.ts";
import { FRAME_TOO_LARGE, TOO_MANY_MESSAGES } from "../../server/push/limits.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token: string;

beforeAll(async () => {
  t = await serveTestApp();
  token = await t.login("user@demo.processor");
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const isClose = (r: Record<string, unknown>) => r.type === 7;
/** One invocation record padded to `bytes` with an argument the hub must never read. */
const paddedInvocation = (bytes: number, id = "1") => {
  const head = JSON.stringify({ type: 1, invocationId: id, target: "WhoIsOnline", arguments: [""] });
  return head.replace('[""]', `["${"x".repeat(bytes - head.length - 1)}"]`) + "\u001e";
};

describe("frame size", () => {
  test("a 20 MB frame is refused unread: a close record says why, and the socket closes", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.sendText(paddedInvocation(20 * MB));
    expect(await raw.next(isClose, 10_000)).toEqual({
      type: 7,
      error: FRAME_TOO_LARGE,
      allowReconnect: false,
    });
    await raw.waitClosed();
    expect(raw.records.some((r) => r.type === 3)).toBe(false); // never invoked
  });

  test("a binary frame over 1 MB is refused the same way", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.socket.send(new TextEncoder().encode(paddedInvocation(MB + 10)));
    expect((await raw.next(isClose)).error).toBe(FRAME_TOO_LARGE);
    await raw.waitClosed();
  });

  test("bytes, not characters, are counted: 400 000 three-byte characters (1.2 MB) are refused", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.sendText(paddedInvocation(100).replace("xxxx", "€".repeat(400_000)));
    expect((await raw.next(isClose)).error).toBe(FRAME_TOO_LARGE);
    await raw.waitClosed();
  });

  test("before the handshake, the handshake's error answer says why", async () => {
    const raw = await RawHubSocket.open(t.origin, token, { handshake: false });
    raw.sendText(`{"protocol":"json","version":1,"pad":"${"x".repeat(2 * MB)}"}\u001e`);
    expect(await raw.next((r) => "error" in r)).toEqual({ error: FRAME_TOO_LARGE });
    await raw.waitClosed();
  });

  test("a frame just under 1 MB is read and answered", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    raw.sendText(paddedInvocation(MB - 100, "big"));
    const done = await raw.next((r) => r.type === 3 && r.invocationId === "big");
    expect(done.result).toEqual(expect.any(Array)); // WhoIsOnline answered: its padding is ignored
    expect(raw.closed).toBe(false);
    raw.close();
  });
});

describe("message rate", () => {
  test("200 invocations at once: the first are answered, then a close record says why", async () => {
    const raw = await RawHubSocket.open(t.origin, token);
    const burst = Array.from(
      { length: 200 },
      (_, i) =>
        JSON.stringify({ type: 1, invocationId: `${i}`, target: "WhoIsOnline", arguments: [] }) + "\u001e",
    );
    raw.sendText(burst.join(""));
    expect(await raw.next(isClose)).toEqual({ type: 7, error: TOO_MANY_MESSAGES, allowReconnect: false });
    await raw.waitClosed();
    const answered = raw.records.filter((r) => r.type === 3).length;
    expect(answered).toBeGreaterThanOrEqual(50);
    expect(answered).toBeLessThan(60); // refilled at 20 a second: far from 200
  });

  test("the official client: normal use stays connected; a flood closes it with the reason", async () => {
    const conn = hubClient(t.origin, token);
    await conn.start();
    expect(await conn.invoke("RegisterRefreshInterests", { refreshGroupNames: ["Deliveries", "Invoices"] }))
      .toEqual(["Deliveries", "Invoices"]);
    for (let i = 0; i < 20; i++) await conn.invoke("WhoIsOnline");
    expect(conn.state).toBe(HubConnectionState.Connected);

    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    let reconnecting = false;
    conn.onreconnecting(() => (reconnecting = true));
    const flood = Array.from({ length: 100 }, () => conn.invoke("WhoIsOnline").catch(() => "refused"));
    expect(String(await closed)).toContain(TOO_MANY_MESSAGES);
    expect((await Promise.all(flood)).filter((r) => r === "refused").length).toBeGreaterThan(0);
    expect(reconnecting).toBe(false);
  });

  test("the official client: a 2 MB argument closes it with the reason", async () => {
    const conn = hubClient(t.origin, token);
    await conn.start();
    const closed = new Promise<Error | undefined>((resolve) => conn.onclose(resolve));
    const call = conn.invoke("RegisterRefreshInterest", "x".repeat(2 * MB)).catch((e) => e);
    expect(String(await closed)).toContain(FRAME_TOO_LARGE);
    expect(await call).toBeInstanceOf(Error);
  });
});
