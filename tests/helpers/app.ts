import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { createApp } from "../../server/app.ts";
import { seedDemo } from "../../server/demo.ts";
import type { AppServices } from "../../server/env.ts";
import { copyDir, demoTemplate, freshenDemo } from "./demoTemplate.ts";
import { pinServerClock, PLANT_DAY, plantNoon, underTestRunner } from "./clock.ts";
import { todayIn } from "../../kernel/dates.ts";
import { DEMO_TIME_ZONE } from "../../server/demo.ts";
import { remoteDatabasesFor } from "./hranaServer.ts";
import { answerChecked } from "./contractRun.ts";

export const TEST_PASSWORD = "test-password-1";

export interface TestApp {
  services: AppServices;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** a real HTTP request through the app */
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** When a test app runs (default: midday at the demo plants on PLANT_DAY, a Wednesday). */
export interface TestClock {
  /** the plants' day: the demo is seeded for it and the server's clock pinned to its midday */
  day?: string;
  /** or the exact instant the server's clock is pinned at (the demo is seeded for the plants' day then) */
  at?: Date;
}

/**
 * The real app on fresh database files in a temporary folder, with the demo data set: a copy of the
 * template seeded for the pinned day (demoTemplate.ts), or, for a second instance given the first's
 * DATA_DIR, that folder. The server's clock (plantToday, serverNow) is pinned for the whole process
 * (tests/helpers/clock.ts): the last app started decides. Sessions, invitations and heartbeats are
 * stamped on it too (compare them with plantNoon()); audit and lastModified stamps keep the real clock.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { day = PLANT_DAY, at = plantNoon(day) }: TestClock = {},
): Promise<TestApp> {
  pinServerClock(at);
  // the bench runs outside the test runner, on the real clock: its demo is seeded for the real today
  const seededFor = todayIn(DEMO_TIME_ZONE, underTestRunner() ? at : new Date());
  const dataDir = await Deno.makeTempDir({ prefix: "abattoir-test-" });
  if (!env.DATA_DIR) await copyDir(await demoTemplate(TEST_PASSWORD, seededFor), dataDir);
  // `deno task test:remote`: the databases through a libSQL server stand-in (tests/helpers/hranaServer.ts)
  const remote = remoteDatabasesFor(env.DATA_DIR ?? dataDir, env);
  const config = loadConfig({ DATA_DIR: dataDir, ...remote?.env, ...env });
  const services = await createServices(config).catch(async (error) => {
    await remote?.close();
    throw error;
  });
  // (a copy is seeded already: this finds the demo tenant and only sets the test password again)
  if (env.DATA_DIR) await seedDemo(services.db, TEST_PASSWORD);
  else await freshenDemo(services);
  const app = createApp(services);
  const request: TestApp["request"] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const url = `http://localhost${path}`;
    // every answer is checked against the published API document (tests/helpers/contract.ts)
    return answerChecked(app, init.method ?? "GET", url, app.request(url, { ...init, headers, body }));
  };
  return {
    services,
    app,
    dataDir,
    request,
    async login(email, password = TEST_PASSWORD) {
      const res = await request("/login/login", { method: "POST", json: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return (await res.json()).token;
    },
    async close() {
      await services.close();
      await remote?.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * The real app listening on a loopback port (for the browser and benchmarks). Like the demo start, it
 * is its own PUBLIC_URL (links in mails point at it) unless `env` names one ("" for none).
 */
export async function serveTestApp(env: Record<string, string> = {}, clock: TestClock = {}) {
  // listening first: the address is known before the app is made, as PUBLIC_URL
  let fetchApp: Deno.ServeHandler = () => new Response(null, { status: 503 });
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req, info) => fetchApp(req, info),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const t = await startTestApp({ PUBLIC_URL: origin, ...env }, clock).catch(async (error) => {
    await server.shutdown();
    throw error;
  });
  fetchApp = (req, info) => t.app.fetch(req, info);
  return {
    ...t,
    origin,
    async close() {
      t.services.push.hub.shutdown(); // open sockets would hold the server's shutdown
      await server.shutdown();
      await t.close();
    },
  };
}

/**
 * JSON calls as one of the signed-in users of `tokens` (by name, default "admin"): the status and the
 * parsed answer, for API tests.
 */
export function jsonCalls(t: () => Pick<TestApp, "request">, tokens: Record<string, string>) {
  const call = async (path: string, init: { method?: string; json?: unknown }, who: string) => {
    const res = await t().request(path, { ...init, token: tokens[who] });
    return { status: res.status, body: await res.json() };
  };
  return {
    get: (path: string, who = "admin") => call(path, {}, who),
    post: (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who),
  };
}

/**
 * Keeps a user of the demo organisation to its sites other than `siteId` (Settings › Users, as an
 * admin would): their callers are refreshed at once, sessions included.
 */
export async function keepUserAwayFromSite(
  t: Pick<TestApp, "request" | "services">,
  adminToken: string,
  email: string,
  tenantId: number,
  siteId: number,
) {
  const users = await (await t.request("/api/user/GetTenantUsers", { token: adminToken })).json() as {
    email: string;
  }[];
  const user = users.find((u) => u.email === email);
  const otherSites = (await t.services.db.control.query.tenantSites.findMany({
    where: (s, { eq }) => eq(s.tenantId, tenantId),
  })).map((s) => s.id).filter((id) => id !== siteId);
  const saved = await t.request("/api/user/UpsertTenantUser", {
    method: "POST",
    token: adminToken,
    json: { ...user, allowedTenantSiteIds: otherSites },
  });
  if (saved.status !== 200) throw new Error(`UpsertTenantUser: ${saved.status} ${await saved.text()}`);
}

/** An app with one user signed in (default the demo admin): the token and the database of its tenant. */
export async function startSignedIn<T extends TestApp>(
  email = "admin@demo.processor",
  start: () => Promise<T> = startTestApp as () => Promise<T>,
) {
  const t = await start();
  const token = await t.login(email);
  const me = await (await t.request("/login/usermodel", { token })).json();
  return { t, token, db: await t.services.db.tenantDb(me.tenantId) };
}

/** One JSON call as the holder of `token`: the status and the parsed answer. */
export async function callAs(
  t: Pick<TestApp, "request">,
  token: string,
  method: string,
  path: string,
  json?: unknown,
) {
  const res = await t.request(path, { method, token, json });
  // deno-lint-ignore no-explicit-any
  return { status: res.status, body: await res.json() as any };
}
