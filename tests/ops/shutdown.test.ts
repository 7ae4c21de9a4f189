/**
 * Graceful shutdown (issue 40 item 3) with a real process and a real signal: the server runs as a child
 * (`deno run server/main.ts` on a temporary DATA_DIR and port). A write whose body is still arriving when
 * SIGTERM comes completes, is answered and is on disk afterwards; a push client (the official
 * @microsoft/signalr client) is told to reconnect elsewhere; new requests are refused (503) and /readyz
 * says so; the process exits 0 with the databases closed. The same run exports its traces to a stand-in
 * OTLP collector (issue 40 item 2): the route's span, its database statements and its push fan-out.
 */
import { afterAll, expect, test } from "vitest";
import { createClient } from "@libsql/client";
import { hubClient } from "../helpers/hub.ts";

const REPO = new URL("../../", import.meta.url).pathname;
const PASSWORD = "shutdown-test-1";
const dataDir = await Deno.makeTempDir({ prefix: "abattoir-shutdown-" });
let child: Deno.ChildProcess | null = null;
let output = "";

// a stand-in OpenTelemetry collector (OTLP over HTTP, JSON): the server exports its spans here (item 2)
interface OtlpSpan {
  name: string;
  traceId: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}
const spans: OtlpSpan[] = [];
const collector = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
  const body = await req.json().catch(() => ({}));
  if (new URL(req.url).pathname === "/v1/traces") {
    for (const resource of body.resourceSpans ?? []) {
      for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans ?? []);
    }
  }
  return Response.json({});
});

afterAll(async () => {
  await collector.shutdown();
  try {
    child?.kill("SIGKILL");
  } catch { /* gone */ }
  await child?.status;
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
});

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function start(port: number): Promise<string> {
  child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts", "--demo"],
    cwd: REPO,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_PASSWORD: PASSWORD,
      DEMO_HISTORY: "none", // the demo's month only: this test needs no year of history
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_SECONDS: "10",
      OTEL_DENO: "true",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.addr.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "abattoir-manager",
      OTEL_DENO_CONSOLE: "ignore",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (s) => void (output = (output + s).slice(-20_000)) }),
    ).catch(() => {});
  }
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.status.then(() => (exited = true));
  const deadline = Date.now() + 90_000; // a real process on the real clock: real elapsed time
  while (Date.now() < deadline && !exited) {
    const res = await fetch(`${origin}/readyz`).catch(() => null);
    if (res) {
      await res.body?.cancel();
      if (res.status === 200) return origin;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Reads from the socket until `done(text so far)` holds or it closes. */
async function readUntil(conn: Deno.Conn, sofar: string, done: (text: string) => boolean): Promise<string> {
  const buffer = new Uint8Array(16 * 1024);
  while (!done(sofar)) {
    const n = await conn.read(buffer);
    if (n === null) break;
    sofar += decoder.decode(buffer.subarray(0, n));
  }
  return sofar;
}

/** An HTTP/1.1 answer's body, by Content-Length or chunked. */
function bodyOf(answer: string): string {
  const head = answer.indexOf("\r\n\r\n");
  let rest = answer.slice(head + 4);
  if (!/transfer-encoding: *chunked/i.test(answer.slice(0, head))) return rest;
  let body = "";
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return body;
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

test("SIGTERM: the write under way completes and is on disk, push clients are sent elsewhere, exit 0", {
  timeout: 180_000,
}, async () => {
  const port = freePort();
  const origin = await start(port);
  const login = await fetch(`${origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.processor", password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = await login.json();

  const push = hubClient(origin, token);
  const toldToReconnect = new Promise<Error | undefined>((resolve) => push.onreconnecting(resolve));
  const closedForGood = new Promise<Error | undefined>((resolve) => push.onclose(resolve));
  await push.start();

  // a write before the signal (its trace: the route, its statements, the push fan-out)
  const before = await fetch(`${origin}/api/livestock/UpsertSupplier`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `Before shutdown ${crypto.randomUUID().slice(0, 8)}` }),
  });
  expect(before.status).toBe(200);
  await before.body?.cancel();

  // a write whose body is still arriving: the server says "100 Continue" once its handler reads the body
  const name = `Shutdown supplier ${crypto.randomUUID().slice(0, 8)}`;
  const body = encoder.encode(JSON.stringify({ name }));
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(encoder.encode(
    `POST /api/livestock/UpsertSupplier HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Expect: 100-continue\r\n\r\n`,
  ));
  const interim = await readUntil(conn, "", (text) => text.includes("\r\n\r\n"));
  expect(interim).toMatch(/^HTTP\/1\.1 100 /);

  child!.kill("SIGTERM");

  // the push client hears a close that allows reconnecting (the SignalR close record's allowReconnect)
  const reason = await toldToReconnect;
  expect(String(reason)).toContain("shutting down");
  // new requests are refused while the one under way finishes, and the instance says it is not ready
  const late = await fetch(`${origin}/api/livestock/GetSuppliers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(late.status).toBe(503);
  expect((await late.json()).message).toBe("The server is restarting. Try again in a moment.");
  const ready = await fetch(`${origin}/readyz`);
  expect(ready.status).toBe(503);
  expect((await ready.json()).checks.shutdown).toBe("shutting down");

  // the write under way finishes and is acknowledged
  await conn.write(body);
  const answer = await readUntil(
    conn,
    "",
    (text) => /\r\n0\r\n\r\n$|content-length: *\d+[\s\S]*\r\n\r\n\{[\s\S]*\}$/i.test(text),
  );
  conn.close();
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toMatch(/x-request-id: \S+/i);
  const saved = JSON.parse(bodyOf(answer));
  expect(saved.name).toBe(name);

  const status = await child!.status;
  child = null;
  expect(status.code).toBe(0);
  await push.stop();
  await closedForGood;
  // the log says how it went: started with the write under way, drained within the limit
  const lines = output.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
  expect(lines.find((l) => l.event === "shutdown.started")?.requestsInFlight).toBeGreaterThanOrEqual(1);
  expect(lines.find((l) => l.event === "shutdown.done")?.outcome).toBe("drained");
  expect(lines.some((l) => l.event === "push.close")).toBe(true);

  // the spans went to the collector before the exit: the route, its statements and its push fan-out
  // (the write made before the signal was fanned out to the hub; the one after it no longer is)
  const traces = spans.filter((s) => s.name === "POST /api/livestock/UpsertSupplier")
    .map((route) => spans.filter((s) => s.traceId === route.traceId).map((s) => s.name));
  expect(traces).toHaveLength(2);
  expect(traces.some((names) => names.includes("db insert suppliers") && names.includes("push fan-out")))
    .toBe(true);
  const statements = spans.flatMap((s) => s.attributes ?? []).filter((a) => a.key === "db.query.text");
  expect(statements.some((a) => a.value.stringValue?.includes(name))).toBe(false); // no values, only SQL

  // on disk, read with the server gone
  let found: string | undefined;
  for (const file of Deno.readDirSync(`${dataDir}/tenants`)) {
    if (!file.name.endsWith(".db")) continue;
    const db = createClient({ url: `file:${dataDir}/tenants/${file.name}` });
    const rs = await db.execute({ sql: "select name from suppliers where id = ?", args: [saved.id] });
    if (rs.rows[0]?.name === name) found = file.name;
    db.close();
  }
  expect(found).toBeDefined();
});
