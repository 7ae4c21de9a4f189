/**
 * Bad input for every operation of /api/openapi.json, generated from its schemas: wrong types, missing
 * fields, edge numbers and strings, bodies at and over the 1 MB limit, deep nesting, invalid JSON, wrong
 * content types, prototype-pollution keys, odd path and query values, trailing slashes and impossible
 * client-clock headers. Every answer must be non-500, every error must be in the catalogue shape, every
 * surely-invalid input must be refused, and no row of any database may change.
 *
 * Each body mutation is invalid by construction: when the odd value alone could be valid (an emoji in a
 * name), a second, plain defect is added (a required field left out), so the request must still be
 * refused while the odd value goes through parsing and validation. What is not text at all (a NUL, a
 * lone surrogate) gets no such help: it must be refused on its own.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { users } from "../../db/control/schema.ts";
import { diffSnapshots, snapshot } from "./snapshot.ts";
import {
  accepts,
  catalogueProblem,
  example,
  Failures,
  fieldsOf,
  jsonTypeOf,
  type Operation,
  operationsOf,
  paramAccepts,
  poisoned,
  setAt,
  typesOf,
  WRONG_TYPES,
} from "./openapi.ts";

const LIMIT = 1024 * 1024; // server/app.ts bodyLimit
// least privileged first: bad input as the users who normally call the endpoint
const CALLERS = ["admin@demo.processor", "producer@demo.farm", "super@demo.processor"];
const RAW = "\u0001raw\u0001"; // stands for a value spliced into the JSON text as is

const NUMBERS = Object.entries({ "1e308": 1e308, "-1": -1, "2^63": 2 ** 63, "1.5": 1.5, '"0x10"': "0x10" });
NUMBERS.push(['"1e3"', "1e3"], ['" 1"', " 1"]);
/** Not text at all: refused wherever a string goes (libSQL would cut at the NUL or store U+FFFD). */
const NOT_TEXT = Object.entries({
  "lone surrogate": "a\ud800b",
  "lone low": "\udfff",
  "null byte": "a\u0000b",
});
/** Odd but valid text: it only has to go through parsing and validation unharmed. */
const ODD_TEXT = Object.entries({
  "RTL override": "abc\u202Egpj.exe",
  "zero-width": "a\u200b\u200c\u200d\ufeffb",
  emoji: "🐑🧑🏽‍🌾👍🏽",
  "10k chars": "x".repeat(10_000),
  "markup and SQL": `<script>alert(1)</script>' OR 1=1 --`,
});
/** Raw path and query values: %ED%A0%80 is a lone surrogate (WTF-8), then RTL override, zero-width, emoji. */
const PARAM_VALUES = [
  ..."x 0 -1 0x10 1e3 %201 1%20 %2B1 1.0 01 1e308 9223372036854775808 NaN Infinity %00 1%00".split(" "),
  ..."%ED%A0%80 %E2%80%AE1 %E2%80%8B1 %F0%9F%90%91 % %zz".split(" "),
  "x".repeat(100_000),
];
const DEEP_ARRAY = "[".repeat(10_000) + "]".repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
const INVALID_JSON = ["{", '{"a":}', "[1,]", "", "NaN", "{'a':1}", "\u0000", '{"a":"\\ud800'];
const EVIL_KEYS =
  '{"__proto__":{"polluted":"yes","roleLevel":"super"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';
/** The client clock headers (server/http/clientClock.ts) with impossible dates and times. */
const BAD_CLOCK = [
  ["x-local-date", "2026-13-45"],
  ["x-local-date", "2026-02-30"],
  ["x-local-date", "0000-00-00"],
  ["x-local-time", "25:61"],
];

interface Call {
  kind: string;
  path: string;
  method?: string;
  body?: () => BodyInit;
  headers?: Record<string, string>;
  expect?: Expect;
}
/** A failure message for an answer's status, or null. */
type Expect = (status: number) => string | null;

let t: TestApp;
const tokens = new Map<string, string>();
const failures = new Failures();
let calls = 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A fresh session: an accepted impersonation, logout or forced logout ends the previous one. */
async function mint(email: string) {
  const user = await t.services.db.control.query.users.findFirst({ where: eq(users.email, email) });
  const tenantId = await t.services.auth.homeTenantOf(user!.id);
  const { token } = await t.services.sessions.create({
    userId: user!.id,
    tenantId: tenantId!,
    keepLoggedIn: false,
  });
  tokens.set(email, token);
  return token;
}

async function request(caller: string, c: Call): Promise<Response> {
  for (let attempt = 0;; attempt++) {
    const headers = new Headers(c.headers);
    headers.set("authorization", `Bearer ${tokens.get(caller) ?? await mint(caller)}`);
    const res = await t.app.request(`http://localhost${c.path}`, {
      method: c.method ?? "GET",
      headers,
      body: c.body?.(),
    });
    if (res.status !== 401 || attempt > 0 || await t.services.sessions.validate(tokens.get(caller)!)) {
      return res;
    }
    await res.body?.cancel();
    await mint(caller);
  }
}

async function send(op: Operation, caller: string, c: Call) {
  calls++;
  const res = await request(caller, c);
  const fail = (what: string) => failures.add(`[${c.kind}] → ${res.status}${what}`, op.name);
  const shape = res.status >= 300 ? await catalogueProblem(res) : (await res.body?.cancel(), null);
  const wrong = c.expect?.(res.status);
  if (res.status >= 500) fail("");
  else if (shape) fail(` ${shape}`);
  else if (wrong) fail(`: ${wrong}`);
  return res.status;
}

const refused: Expect = (s) => (s >= 200 && s < 300 ? "bad input accepted" : null);
const is400: Expect = (s) => (s === 400 ? null : "expected 400 (validation)");
const isTooLarge: Expect = (s) => (s === 413 ? null : "expected 413");

function urlOf(op: Operation, values: Record<string, string>, trailingSlash = false) {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
  if (trailingSlash) path += "/";
  const query = op.params.filter((p) => p.in === "query" && values[p.name] !== undefined)
    .map((p) => `${p.name}=${values[p.name]}`);
  return query.length ? `${path}?${query.join("&")}` : path;
}

/** Required parameters only, so that defaults (the client's date, …) are used as a client would. */
const exampleParams = (op: Operation) =>
  Object.fromEntries(
    op.params.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(example(p.schema)))]),
  );

/** A harmless request that reaches validation when the caller may use the operation. */
function probe(op: Operation): Call | null {
  const values = exampleParams(op);
  if (op.method === "GET") return { kind: "probe", path: urlOf(op, values) };
  const bad = op.params.find((p) => !paramAccepts(p, "x"));
  if (bad) values[bad.name] = "x";
  if (!op.body && !bad) return null;
  return { kind: "probe", method: op.method, path: urlOf(op, values), ...json(op.body ? "[]" : undefined) };
}

async function chooseCaller(op: Operation): Promise<string> {
  const p = probe(op);
  if (!p) return CALLERS[0];
  for (const caller of CALLERS) {
    const res = await request(caller, p);
    await res.body?.cancel();
    if (res.status !== 401 && res.status !== 403) return caller;
  }
  return CALLERS[0];
}

const json = (text?: string, contentType = "application/json") =>
  text === undefined ? {} : { body: () => text, headers: { "content-type": contentType } };

function paramCalls(op: Operation): Call[] {
  const out: Call[] = [];
  const base = exampleParams(op);
  const body = () => (op.body ? JSON.stringify(example(op.body, true)) : undefined);
  for (const p of op.params) {
    const variants: [string, string | undefined][] = PARAM_VALUES.map((v) => [v, v]);
    if (p.required && p.in === "query") variants.push(["(missing)", undefined]);
    for (const [label, raw] of variants) {
      const mustRefuse = raw === undefined || !paramAccepts(p, raw);
      // a write with a value it may accept would really write: only surely-invalid ones
      if (op.method !== "GET" && !mustRefuse) continue;
      const values = { ...base, [p.name]: raw! };
      if (raw === undefined) delete values[p.name];
      const emptyPath = p.in === "path" && raw === "";
      out.push({
        kind: `${p.in} ${p.name}=${label.slice(0, 24)}`,
        method: op.method,
        path: urlOf(op, values),
        ...json(body()),
        expect: mustRefuse && !emptyPath ? is400 : undefined,
      });
    }
    if (p.in === "path") {
      out.push({
        kind: `${p.name}=0x10 + slash`,
        method: op.method,
        path: urlOf(op, { ...base, [p.name]: "0x10" }, true),
        ...json(body()),
        expect: refused,
      });
    }
  }
  if (op.method === "GET") {
    const q = urlOf(op, base);
    const sep = q.includes("?") ? "&" : "?";
    for (
      const extra of [
        "__proto__[polluted]=yes&constructor[prototype][polluted]=yes",
        "__proto__=x&toString=x&hasOwnProperty=x",
        op.params.filter((p) => p.in === "query").map((p) => `${p.name}=1&${p.name}=2`).join("&"),
      ]
    ) {
      if (extra) out.push({ kind: `query ${extra.slice(0, 30)}`, path: q + sep + extra });
    }
  }
  return out;
}

function bodyCalls(op: Operation): Call[] {
  const schema = op.body!;
  // a new example for every request (see exampleString)
  const fresh = () => example(schema, true) as Record<string, unknown>;
  const out: Call[] = [];
  const post = (kind: string, text: string, expect = refused, contentType?: string) =>
    out.push({
      kind,
      method: op.method,
      path: urlOf(op, exampleParams(op)),
      ...json(text, contentType),
      expect,
    });
  /** a mutated body; `standIn` is what `accepts` judges when the value goes in raw */
  const mutate = (
    kind: string,
    path: (string | number)[],
    value: unknown,
    raw?: string,
    standIn?: unknown,
    mayPoison = true,
  ) => {
    let body = setAt(
      fresh(),
      path,
      raw === undefined ? value : RAW,
      value === undefined && raw === undefined,
    );
    const judged = raw === undefined ? body : setAt(fresh(), path, standIn);
    if (mayPoison && accepts(schema, judged)) {
      body = poisoned(schema, body, path[0]);
      if (body === null) return;
      kind += " +poison";
    }
    const text = JSON.stringify(body);
    post(kind, raw === undefined ? text : text.replace(JSON.stringify(RAW), raw));
  };

  const fields = fieldsOf(schema);
  for (const f of fields) {
    const name = f.path.join(".");
    const types = typesOf(f.schema);
    if (f.required) mutate(`${name} missing`, f.path, undefined);
    for (const [type, value] of WRONG_TYPES.filter(([type]) => types && !types.has(type))) {
      mutate(`${name} as ${type}`, f.path, value);
    }
    if (!types || types.has("number")) {
      for (const [label, value] of NUMBERS) mutate(`${name}=${label}`, f.path, value);
      mutate(`${name}=1e999`, f.path, Infinity, "1e999", Infinity);
    }
    if (!types || types.has("string")) {
      for (const [label, value] of NOT_TEXT) {
        mutate(`${name} ${label}`, f.path, value, undefined, undefined, false);
      }
      for (const [label, value] of ODD_TEXT) mutate(`${name} ${label}`, f.path, value);
    }
  }
  const first = fields.find((f) => typesOf(f.schema)?.has("string"));
  const firstPath = first?.path ?? ["pad"];
  // just under the limit: parsed and validated in full; one byte over: 413 before any parsing
  const shell = JSON.stringify(setAt(fresh(), firstPath, RAW)).length -
    JSON.stringify(RAW).length;
  mutate(
    "1 MB string under the limit",
    firstPath,
    "a",
    `"${"a".repeat(LIMIT - shell - 2 - 64)}"`,
    "a".repeat(LIMIT),
  );
  const over = JSON.stringify(setAt(fresh(), ["pad"], "a".repeat(LIMIT)));
  post("over the limit", over, isTooLarge);
  out.push({
    kind: "over the limit, streamed",
    method: op.method,
    path: urlOf(op, exampleParams(op)),
    headers: { "content-type": "application/json" },
    body: () => new Blob([over]).stream(),
    expect: isTooLarge,
  });
  post("10,000 nested arrays", DEEP_ARRAY);
  if (!accepts(schema, { a: { a: 1 } })) post("10,000 nested objects", DEEP_OBJECT);
  mutate(`${firstPath.join(".")} 10,000 nested arrays`, firstPath, null, DEEP_ARRAY, [[[]]]);
  const evil = (target: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(JSON.parse(EVIL_KEYS))) {
      Object.defineProperty(target, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return target;
  };
  const withKeys = evil(fresh());
  const keysBody = accepts(schema, withKeys) ? poisoned(schema, withKeys, "__proto__") : withKeys;
  if (keysBody) post("__proto__/constructor keys", JSON.stringify(evil(keysBody as Record<string, unknown>)));
  const nested = fields.find((f) => jsonTypeOf(example(f.schema)) === "object");
  if (nested) {
    const b = fresh();
    setAt(b, nested.path, evil(example(nested.schema) as Record<string, unknown>));
    const p = poisoned(schema, b, nested.path[0]);
    if (p) {
      setAt(p, nested.path, evil(example(nested.schema) as Record<string, unknown>));
      post(`${nested.path.join(".")} __proto__ keys +poison`, JSON.stringify(p));
    }
  }
  const plain = fresh();
  const text = JSON.stringify(plain);
  for (const bad of [...INVALID_JSON, text + "garbage", text.slice(0, -1)]) {
    post(`invalid JSON ${JSON.stringify(bad.slice(0, 12))}`, bad);
  }
  post("text/plain", text, refused, "text/plain");
  post(
    "form-encoded",
    new URLSearchParams(Object.entries(plain).map(([k, v]) => [k, String(v)])).toString(),
    refused,
    "application/x-www-form-urlencoded",
  );
  post(
    "multipart",
    `--b\r\ncontent-disposition: form-data; name="x"\r\n\r\n${text}\r\n--b--\r\n`,
    refused,
    "multipart/form-data; boundary=b",
  );
  out.push({
    kind: "no content type",
    method: op.method,
    path: urlOf(op, exampleParams(op)),
    body: () => text,
    expect: refused,
  });
  return out;
}

/** The operation's plain request with an impossible client date or time: refused before any work. */
function clockCalls(op: Operation): Call[] {
  return BAD_CLOCK.map(([name, value]) => {
    const body = op.body ? JSON.stringify(example(op.body, true)) : undefined;
    return {
      kind: `${name}: ${value}`,
      method: op.method,
      path: urlOf(op, exampleParams(op)),
      ...(body ? { body: () => body } : {}),
      headers: { [name]: value, ...(body ? { "content-type": "application/json" } : {}) },
      expect: is400,
    };
  });
}

test(
  "every operation refuses bad input without a 500, in the catalogue shape, changing nothing",
  async () => {
    const doc = await (await t.request("/api/openapi.json")).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(10);
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    // a valid GET may build a day's kill agenda (spec 1 §7 "get or build"); bad input never changes anything
    const before = await snapshot(t.services, { builtOnRead: true });
    for (const op of ops) {
      const caller = await chooseCaller(op);
      const batch = clockCalls(op);
      if (op.body || op.params.length) {
        const trailing: Call = {
          kind: "trailing slash",
          method: op.method,
          path: urlOf(op, exampleParams(op), true),
        };
        if (op.method !== "GET") Object.assign(trailing, json(op.body ? "[]" : undefined));
        batch.push(trailing, ...paramCalls(op), ...(op.body ? bodyCalls(op) : []));
      }
      for (const c of batch) await send(op, caller, c);
    }
    const changed = diffSnapshots(before, await snapshot(t.services, { builtOnRead: true }));
    for (const line of changed) failures.add(`database row ${line.split(" ")[0]}`, line.split(" ")[1]);
    const prototypeAfter = Object.getOwnPropertyNames(Object.prototype).sort();
    if (JSON.stringify(prototypeAfter) !== JSON.stringify(prototypeBefore)) {
      failures.add("Object.prototype polluted", prototypeAfter.join(" "));
    }
    console.log(
      `security bad-input: ${calls} calls over ${ops.length} operations, ${failures.count} failures`,
    );
    expect(failures.lines()).toEqual([]);
  },
  300_000,
); // every operation of the document, a dozen calls each: it grows with the API
