/**
 * Issue 35 item 9: slow clients. The real app served by the function main.ts uses (serveApp), on a
 * loopback port, with a 2 s header timeout and a cap of 30 connections per client address: connections
 * sending their headers a byte every 200 ms are closed by the server (408) while normal requests answer,
 * and so is a kept-alive connection whose later request dribbles;
 * connections beyond the cap are refused (429); the app still sees the real client; the push hub's
 * WebSocket works through the guard.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { listen, type Listening, serveApp } from "../../server/http/listener.ts";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";

const CAP = 30;
let t: TestApp;
let server: Listening;
let origin: string;

beforeAll(async () => {
  t = await startTestApp();
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    HEADER_TIMEOUT_SECONDS: "2",
    MAX_CONNECTIONS_PER_CLIENT: String(CAP),
  });
  server = serveApp(config, t.app.fetch);
  origin = `http://127.0.0.1:${server.addr.port}`;
});
afterAll(async () => {
  t.services.push.hub.shutdown(); // open sockets would hold the server's shutdown
  await server.shutdown();
  await t.close();
});

const decoder = new TextDecoder();

/** Everything the server sends on a raw connection until it closes it, or rejects after `ms`. */
function untilClosed(conn: Deno.Conn, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    (async () => {
      let text = "";
      const buf = new Uint8Array(4096);
      try {
        for (let n = await conn.read(buf); n !== null; n = await conn.read(buf)) {
          text += decoder.decode(buf.subarray(0, n));
        }
      } catch {
        // reset by the server: closed all the same
      }
      clearTimeout(timer);
      resolve(text);
    })();
  });
}

/** A client sending its request a byte every 200 ms (bounded: stops when closed or after 100 bytes). */
async function dribble(conn: Deno.Conn) {
  const request = new TextEncoder().encode(
    `GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${"a".repeat(100)}`,
  );
  for (let i = 0; i < 100; i++) {
    try {
      await conn.write(request.subarray(i, i + 1));
    } catch {
      return; // the server closed it
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const connect = () => Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
const waitFor = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("slow clients", () => {
  test("20 connections sending headers a byte every 200 ms are closed by the server; others answer", async () => {
    const slow = await Promise.all(Array.from({ length: 20 }, connect));
    const closed = slow.map((conn) => untilClosed(conn, 10_000));
    const writers = slow.map(dribble);

    const res = await fetch(`${origin}/login`);
    expect(res.status).toBe(200);
    await res.body?.cancel();

    const answers = await Promise.all(closed); // each within 10 s, never a fixed sleep
    await Promise.all(writers);
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect(JSON.parse(answer.slice(answer.indexOf("{")))).toEqual({
        title: "Request Timeout",
        message: "The request took too long to arrive. Try again.",
        isValidation: false,
      });
    }
    for (const conn of slow) {
      try {
        conn.close();
      } catch {
        // closed already
      }
    }
    await waitFor(() => server.connectionsOf("127.0.0.1") <= 1, 5_000); // (fetch may keep one alive)
  });

  test("on a kept-alive connection, a later request's slow headers close it too", async () => {
    const conn = await connect();
    const closed = untilClosed(conn, 10_000);
    const encoder = new TextEncoder();
    // a request with a body, then one without, both at once: each answered in turn
    const body = JSON.stringify({ email: "nobody@example.com", password: "wrong-password" });
    await conn.write(encoder.encode(
      `POST /login/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ));
    const writer = dribble(conn); // then a third request a byte every 200 ms
    const answer = await closed;
    await writer;
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 401", "HTTP/1.1 200"]); // no 408: just closed
    conn.close();
  });

  test("connections beyond the cap per address are refused with 429 at once", async () => {
    const conns = [];
    for (let i = 0; i < CAP + 10; i++) conns.push(await connect()); // one by one: accepted in order
    const answers = await Promise.all(conns.map((conn) => untilClosed(conn, 10_000)));
    const refused = answers.filter((a) => a.startsWith("HTTP/1.1 429 Too Many Requests"));
    const timedOut = answers.filter((a) => a.startsWith("HTTP/1.1 408"));
    expect(refused.length + timedOut.length).toBe(CAP + 10);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(timedOut.length).toBeLessThanOrEqual(CAP);
    expect(JSON.parse(refused[0].slice(refused[0].indexOf("{"))).message).toMatch(
      /Too many open connections/,
    );
    for (const conn of conns) {
      try {
        conn.close();
      } catch {
        // closed already
      }
    }
  });

  test("a signed-in user works through the guard, push connection included", async () => {
    const login = async (email: string) => {
      const res = await fetch(`${origin}/login/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return (await res.json()).token as string;
    };
    const token = await login("user@demo.processor");
    const conn = hubClient(origin, token);
    await conn.start();
    try {
      expect(await conn.invoke("RegisterRefreshInterest", "Deliveries")).toEqual(["Deliveries"]);
      const told = nextEvent(conn, "forceRefresh");
      const tenantId = (await t.services.db.control.query.tenants.findFirst())!.id;
      const res = await fetch(`${origin}/api/super/ForceRefresh`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await login("super@demo.processor")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ tenantId, reason: "Through the guard" }),
      });
      expect(res.status).toBe(200);
      expect(await told).toEqual({ reason: "Through the guard" });
    } finally {
      await conn.stop();
    }
  });
});

describe("the client's address", () => {
  test("the app sees the client's own address and port, not the guard's loopback connection", async () => {
    const echo = listen((_req, info) => new Response(`${info.remoteAddr.hostname} ${info.remoteAddr.port}`), {
      hostname: "127.0.0.1",
      port: 0,
      headerTimeoutMs: 2000,
      maxConnectionsPerClient: 5,
    });
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: echo.addr.port });
      await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
      const answer = await untilClosed(conn, 5_000);
      expect(answer.split("\r\n\r\n")[1]).toBe(`127.0.0.1 ${conn.localAddr.port}`);
      conn.close();
    } finally {
      await echo.shutdown();
    }
  });
});
