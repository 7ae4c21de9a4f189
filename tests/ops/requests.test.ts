/**
 * Health, readiness, request ids and the request log (issue 40 items 1 and 2), through the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { setLogLevel, setLogSink } from "../../server/ops/log.ts";

let t: TestApp;
let token: string;
const lines: Record<string, unknown>[] = [];
let restoreSink: (line: string) => void;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login("admin@demo.processor");
  restoreSink = setLogSink((line) => lines.push(JSON.parse(line)));
  setLogLevel("info");
});

afterAll(async () => {
  setLogLevel("warn");
  setLogSink(restoreSink);
  await t.close();
});

describe("health and readiness", () => {
  test("/healthz answers without signing in", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("/readyz checks the database, migrations, push bus and storage, and names no tenant", async () => {
    const res = await t.request("/readyz");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok", pushBus: "ok", storage: "ok", shutdown: "ok" },
    });
  });
});

describe("request ids", () => {
  test("every answer carries a new X-Request-Id, an API error too", async () => {
    const a = await t.request("/api/nothing/here", { token });
    const b = await t.request("/healthz");
    expect(a.status).toBe(404);
    const [idA, idB] = [a.headers.get("x-request-id"), b.headers.get("x-request-id")];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
  });

  test("a sane incoming id is kept; anything else is replaced", async () => {
    const kept = await t.request("/healthz", { headers: { "X-Request-Id": "lb-42.abc:7" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-42.abc:7");
    const odd = await t.request("/healthz", { headers: { "X-Request-Id": "<script>" + "x".repeat(80) } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the request log", () => {
  test("one JSON line per request with ids, route, status, duration and bytes, and nothing personal", async () => {
    lines.length = 0;
    const res = await t.request("/login/usermodel", {
      token,
      headers: { "X-Request-Id": "test-usermodel-1" },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // (the line is written once the body has gone out)
    const line = lines.find((l) => l.requestId === "test-usermodel-1")!;
    expect(line).toMatchObject({
      level: "info",
      event: "request",
      method: "GET",
      route: "/login/usermodel",
      status: 200,
      tenantId: expect.any(Number),
      userId: expect.any(Number),
    });
    expect(typeof line.time).toBe("string");
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.bytes).toBeGreaterThan(0);
    const text = JSON.stringify(lines);
    expect(text).not.toContain("admin@demo.processor");
    expect(text).not.toContain(token);
  });

  test("a request nobody signed in for is logged without tenant or user", async () => {
    lines.length = 0;
    await (await t.request("/healthz", { headers: { "X-Request-Id": "probe-1" } })).arrayBuffer();
    expect(lines.find((l) => l.requestId === "probe-1")).toMatchObject({
      route: "/healthz",
      status: 200,
      tenantId: null,
      userId: null,
    });
  });

  test("below the level nothing is written", async () => {
    setLogLevel("warn");
    lines.length = 0;
    await t.request("/healthz");
    expect(lines).toEqual([]);
    setLogLevel("info");
  });
});
