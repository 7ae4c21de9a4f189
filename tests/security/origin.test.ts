/**
 * Cross-site request forgery: every cookie-authenticated write (each non-GET operation of
 * /api/openapi.json, the page form posts, the hub's negotiate) and the hub's WebSocket, sent with every
 * combination of Origin × Sec-Fetch-Site. The rule: Sec-Fetch-Site decides when sent (same-origin or
 * none is ours; same-site and cross-site are not); without it the Origin must parse and name our host
 * (`null` and malformed ones are not ours); a request with neither is no browser's cross-site request.
 * Refused requests answer 403 in the catalogue shape; bearer-token requests are not subject to the rule.
 *
 * Every write carries an invalid body, so a request that gets past the check is refused by validation
 * and no row may change either way (a passing logout ends the session: the test signs in again).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { SESSION_COOKIE } from "../../server/http/cookies.ts";
import { diffSnapshots, snapshot } from "./snapshot.ts";
import { catalogueProblem, example, Failures, type Operation, operationsOf } from "./openapi.ts";

const EMAIL = "super@demo.processor";
const HUB = "/hubs/userHub";

let t: Awaited<ReturnType<typeof serveTestApp>>;
let token = "";
const failures = new Failures();
let calls = 0;

beforeAll(async () => {
  t = await serveTestApp();
  // every write is walked as one that passes the origin rule: a flag-gated one needs its flag on
  const flag = await t.request("/api/super/UpsertFeatureFlag", {
    method: "POST",
    token: await t.login("super@demo.processor"),
    json: { tenantId: 1, featureKey: "msaDataRequery", isEnabled: true },
  });
  if (flag.status !== 200) throw new Error(`UpsertFeatureFlag: ${flag.status}`);
});
afterAll(() => t?.close());

/** Writes only a producer tenant's admin may make (issue 44): walked as the demo farm's admin. */
const FARM_EMAIL = "producer@demo.farm";
const farmWrites = new Set<string>();
const farmTokens: Record<string, string> = {};

/** A live session cookie, signing in again when a write (logout) ended the last one. */
async function session(email = EMAIL): Promise<string> {
  const current = email === EMAIL ? token : farmTokens[email];
  if (current && await t.services.sessions.validate(current)) return current;
  const res = await fetch(`${t.origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (res.status !== 200 || !cookie) throw new Error(`login: ${res.status}`);
  const fresh = cookie.slice(SESSION_COOKIE.length + 1).split(";")[0];
  if (email === EMAIL) token = fresh;
  else farmTokens[email] = fresh;
  return fresh;
}

interface Write {
  name: string;
  method: string;
  path: string;
  contentType?: string;
  body?: string;
}

/** The writes with an input every one of them refuses (an array for a JSON body, "x" for an id). */
function writesOf(ops: Operation[]): Write[] {
  const writes: Write[] = ops.filter((op) => op.method !== "GET").map((op) => ({
    name: op.name,
    method: op.method,
    path: op.path.replace(/\{(\w+)\}/g, (_, name) => {
      const p = op.params.find((x) => x.name === name);
      return typeof example(p?.schema ?? {}) === "number" ? "x" : "not-a-value";
    }),
    ...(op.body ? { contentType: "application/json", body: "[]" } : {}),
  }));
  const form = (path: string, body: string): Write => ({
    name: `page POST ${path}`,
    method: "POST",
    path,
    contentType: "application/x-www-form-urlencoded",
    body,
  });
  writes.push(form("/login", "email=not-an-email"), form("/user/preferences", "speciesId=x"));
  writes.push(form("/user/tenant", "tenantId=999999"));
  // negotiate only reserves a connection id for a minute: harmless when it passes
  writes.push({ name: "hub negotiate", method: "POST", path: `${HUB}/negotiate?negotiateVersion=1` });
  return writes;
}

const ORIGINS = (own: string) => [undefined, own, "https://evil.example", "null", "http://", "::::"];
const SITES = [undefined, "same-origin", "same-site", "cross-site", "none"];

/** Whether the request must be refused as cross-site (the rule in the header comment). */
function crossSite(own: string, origin?: string, site?: string): boolean {
  if (site) return site !== "same-origin" && site !== "none";
  if (origin === undefined) return false;
  return !URL.canParse(origin) || new URL(origin).host !== new URL(own).host;
}

const siteHeaders = (origin?: string, site?: string): Record<string, string> => ({
  ...(origin === undefined ? {} : { origin }),
  ...(site === undefined ? {} : { "sec-fetch-site": site }),
});

async function send(w: Write, auth: Record<string, string>, headers: Record<string, string>) {
  calls++;
  return await fetch(`${t.origin}${w.path}`, {
    method: w.method,
    headers: { ...auth, ...headers, ...(w.contentType ? { "content-type": w.contentType } : {}) },
    body: w.body,
    redirect: "manual",
  });
}

/** Checks one answer: a refusal must be a catalogue 403, anything else must not be refused. */
async function judge(where: string, how: string, res: Response, mustRefuse: boolean) {
  const shape = res.status >= 400 ? await catalogueProblem(res) : (await res.body?.cancel(), null);
  const fail = (what: string) => failures.add(`${how} → ${res.status}${what}`, where);
  if (res.status >= 500) fail("");
  else if (mustRefuse && res.status !== 403) fail(", expected 403 (cross-site)");
  else if (mustRefuse && shape) fail(` ${shape}`);
  else if (!mustRefuse && (res.status === 403 || res.status === 401)) fail(", expected it to pass");
}

/** The WebSocket upgrade over a raw socket (fetch cannot send one): the status line and body. */
async function upgrade(path: string, headers: Record<string, string>): Promise<Response> {
  calls++;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(t.origin).port) });
  try {
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: ${new URL(t.origin).host}`,
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));
    let text = "";
    let bytes = 0;
    const decoder = new TextDecoder();
    const buf = new Uint8Array(16 * 1024);
    const deadline = setTimeout(() => conn.close(), 5000);
    try {
      for (;;) {
        const n = await conn.read(buf).catch(() => null);
        if (n === null) break;
        bytes += n;
        text += decoder.decode(buf.subarray(0, n), { stream: true });
        const end = text.indexOf("\r\n\r\n");
        if (end < 0) continue;
        const length = Number(/content-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
        if (text.startsWith("HTTP/1.1 101") || bytes >= end + 4 + length) break; // the head is ASCII
      }
    } finally {
      clearTimeout(deadline);
    }
    const end = text.indexOf("\r\n\r\n");
    const status = Number(text.slice(9, 12)) || 0;
    const head = new Headers();
    for (const line of text.slice(0, Math.max(end, 0)).split("\r\n").slice(1)) {
      const colon = line.indexOf(":");
      if (colon > 0) head.append(line.slice(0, colon), line.slice(colon + 1).trim());
    }
    return new Response(status === 101 ? null : text.slice(end + 4), {
      status: status === 101 ? 200 : status || 599,
      headers: head,
    });
  } finally {
    try {
      conn.close();
    } catch { /* closed by the deadline */ }
  }
}

test("cookie writes and the hub refuse other sites; bearer requests are not subject to it", async () => {
  const doc = await (await fetch(`${t.origin}/api/openapi.json`)).json();
  const writes = writesOf(operationsOf(doc));
  expect(writes.length).toBeGreaterThan(10);
  for (
    const methods of Object.values(doc.paths) as Record<
      string,
      { operationId?: string; "x-access"?: { tenantCategory?: string } }
    >[]
  ) {
    for (const op of Object.values(methods)) {
      if (op["x-access"]?.tenantCategory === "producer" && op.operationId) farmWrites.add(op.operationId);
    }
  }
  const own = t.origin;
  const before = await snapshot(t.services);

  for (const w of writes) {
    for (const origin of ORIGINS(own)) {
      for (const site of SITES) {
        const who = farmWrites.has(w.name) ? FARM_EMAIL : EMAIL;
        const auth = { cookie: `${SESSION_COOKIE}=${await session(who)}` };
        const res = await send(w, auth, siteHeaders(origin, site));
        await judge(
          w.name,
          `cookie, Origin ${origin}, Sec-Fetch-Site ${site}`,
          res,
          crossSite(own, origin, site),
        );
      }
    }
    for (const origin of ["https://evil.example", "::::"]) {
      const auth = { authorization: `Bearer ${await session(farmWrites.has(w.name) ? FARM_EMAIL : EMAIL)}` };
      const res = await send(w, auth, siteHeaders(origin, "cross-site"));
      await judge(w.name, `bearer, Origin ${origin}, cross-site`, res, false);
    }
  }

  // the hub's socket: negotiated with the bearer token, opened with the cookie from each kind of page
  for (const origin of ORIGINS(own)) {
    for (const site of SITES) {
      const bearer = { authorization: `Bearer ${await session()}` };
      const negotiated = await (await send(
        { name: "negotiate", method: "POST", path: `${HUB}/negotiate?negotiateVersion=1` },
        bearer,
        {},
      )).json();
      const res = await upgrade(`${HUB}?id=${negotiated.connectionToken}`, {
        cookie: `${SESSION_COOKIE}=${await session()}`,
        ...siteHeaders(origin, site),
      });
      await judge(
        "hub socket",
        `cookie, Origin ${origin}, Sec-Fetch-Site ${site}`,
        res,
        crossSite(own, origin, site),
      );
    }
  }

  // a GET that changes state (a new session in another tenant) is a write too
  const foreign: [string | undefined, string | undefined][] = [
    [undefined, "cross-site"],
    [own, "same-site"],
    ["https://evil.example", undefined],
  ];
  for (const [origin, site] of foreign) {
    const res = await send(
      { name: "impersonate", method: "GET", path: "/login/ImpersonateTenant?tenantId=2" },
      { cookie: `${SESSION_COOKIE}=${await session()}` },
      siteHeaders(origin, site),
    );
    await judge(
      "GET /login/ImpersonateTenant",
      `cookie, Origin ${origin}, Sec-Fetch-Site ${site}`,
      res,
      true,
    );
  }

  const changed = diffSnapshots(before, await snapshot(t.services));
  for (const line of changed) failures.add(`database row ${line.split(" ")[0]}`, line.split(" ")[1]);
  console.log(`security origin: ${calls} calls, ${failures.count} failures`);
  expect(failures.lines()).toEqual([]);
});
