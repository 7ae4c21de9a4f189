/**
 * The super user's Testing screen over real HTTP: connection checks against real services started here
 * (an SMTP server, an HTTP SMS gateway, s3rver, redis-server) answer OK; with nothing configured they
 * say where mail and texts go instead; dead addresses and a mail server that never greets answer a
 * failure in words within the timeout (never a 500, never a hang). "Ping interchange" is the tenant's
 * own answer. Test sends reach the mail server, the gateway and the user's notifications. All audited;
 * bad input is refused in words and changes nothing; only super users may call.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { and, eq } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { interchangeClients, notifications } from "../../db/tenant/schema.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { type Received, startSmtp } from "../helpers/smtp.ts";
import { startS3 } from "../helpers/s3.ts";
import { hasRedis, startRedis } from "../helpers/redis.ts";

type Check = { check: string; status: string; result: string; durationMs: number; label: string };

/** A free loopback port where nothing listens. */
function deadPort() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  return port;
}

/** An SMS gateway as the app expects one (POST {to, message}, bearer token), keeping what it was sent. */
function startGateway() {
  const texts: { to: string; message: string; auth: string | null }[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    if (req.method !== "POST") return new Response(null, { status: 405 });
    texts.push({ ...(await req.json()), auth: req.headers.get("authorization") });
    return Response.json({ queued: true });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/send`, texts, close: () => server.shutdown() };
}

/** A TCP server that takes connections and never says a word (a mail server that hangs). */
function startSilentServer() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open: Deno.Conn[] = [];
  (async () => {
    for await (const conn of listener) open.push(conn);
  })().catch(() => {});
  return {
    url: `smtp://127.0.0.1:${listener.addr.port}`,
    close() {
      for (const c of open) c.close();
      listener.close();
    },
  };
}

const withRedis = hasRedis();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let gateway: ReturnType<typeof startGateway>;
let s3: Awaited<ReturnType<typeof startS3>>;
let redis: Awaited<ReturnType<typeof startRedis>> | undefined;
let brokenRedis: Awaited<ReturnType<typeof startRedis>> | undefined;
let silent: ReturnType<typeof startSilentServer>;
/** every service configured and running */
let live: TestApp;
/** nothing configured: the outbox, this process's bus, files on disk */
let bare: TestApp;
/** everything configured, nothing answering */
let broken: TestApp;
const tokens = new Map<TestApp, { superUser: string; admin: string }>();
let processorId: number;
let farmId: number;

beforeAll(async () => {
  [smtp, s3] = await Promise.all([startSmtp(), startS3()]);
  gateway = startGateway();
  silent = startSilentServer();
  if (withRedis) [redis, brokenRedis] = await Promise.all([startRedis(), startRedis()]);
  live = await startTestApp({
    SMTP_URL: smtp.url,
    SMS_URL: gateway.url,
    SMS_TOKEN: "gateway-secret",
    STORAGE_URL: s3.url,
    ...(redis ? { PUSH_REDIS_URL: redis.url } : {}),
  });
  bare = await startTestApp();
  broken = await startTestApp({
    SMTP_URL: silent.url,
    SMS_URL: `http://127.0.0.1:${deadPort()}/send`,
    STORAGE_URL: `s3+http://KEY:SECRET@127.0.0.1:${deadPort()}/blobs`,
    ...(brokenRedis ? { PUSH_REDIS_URL: brokenRedis.url } : {}),
  });
  await brokenRedis?.stop(); // the app started with it; now it is gone
  for (const t of [live, bare, broken]) {
    tokens.set(t, {
      superUser: await t.login("super@demo.processor"),
      admin: await t.login("admin@demo.processor"),
    });
  }
  processorId = (await live.services.db.control.query.tenants.findFirst())!.id;
  farmId =
    (await live.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Farm") }))!.id;
});
afterAll(async () => {
  for (const t of [live, bare, broken]) await t?.close();
  await Promise.allSettled([smtp?.close(), s3?.close(), gateway?.close(), redis?.stop()]);
  silent?.close();
});

const post = async (t: TestApp, path: string, json: unknown, who: "superUser" | "admin" = "superUser") => {
  const res = await t.request(path, { method: "POST", token: tokens.get(t)![who], json });
  return { status: res.status, body: await res.json() };
};
const run = async (t: TestApp, checks: string[], tenantId: number | null = processorId) => {
  const res = await post(t, "/api/super/RunConnectionChecks", { tenantId, checks });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.results as Check[]).map((r) => [r.check, r]));
};
const audits = (t: TestApp, action: string) =>
  t.services.db.control.select().from(superAudit).where(eq(superAudit.action, action));

describe("connection checks", () => {
  test("with every service running, each check is OK and says what it did", async () => {
    const r = await run(live, [
      "controlDatabase",
      "tenantDatabase",
      "mailServer",
      "smsGateway",
      "fileStorage",
      "pushBus",
      "interchange",
    ]);
    expect(Object.keys(r)).toEqual([
      "controlDatabase",
      "tenantDatabase",
      "mailServer",
      "smsGateway",
      "fileStorage",
      "pushBus",
      "interchange",
    ]);
    expect(r.controlDatabase).toMatchObject({ status: "ok" });
    expect(r.controlDatabase.result).toMatch(/^It answered a read: \d+ organisations\.$/);
    expect(r.tenantDatabase.result).toMatch(/^It answered a read: \d+ tables\.$/);
    expect(r.mailServer).toMatchObject({ status: "ok", label: "Mail server" });
    expect(r.smsGateway.status).toBe("ok");
    expect(r.fileStorage).toMatchObject({
      status: "ok",
      result: "A probe file was written, read back and removed.",
    });
    expect(r.interchange).toMatchObject({ status: "ok", result: "Interchange is available." });
    if (withRedis) expect(r.pushBus).toMatchObject({ status: "ok", result: /through Redis and came back/ });
    for (const c of Object.values(r)) expect(c.durationMs).toBeGreaterThanOrEqual(0);
    // nothing was sent, and the probe file is gone
    expect(smtp.received).toHaveLength(0);
    expect(gateway.texts).toHaveLength(0);
    expect((await live.services.storage.list("connection-checks/", 10)).items).toEqual([]);
    // the run is audited on the organisation, with its results
    const [audit] = await audits(live, "RunConnectionChecks");
    expect(audit.tenantId).toBe(processorId);
    expect((audit.detail!.results as Check[]).map((c) => c.status)).toContain("ok");
  });

  test("with nothing configured, mail and texts go to the Outbox and the bus is this server's own", async () => {
    const r = await run(bare, ["mailServer", "smsGateway", "pushBus", "fileStorage"], null);
    expect(r.mailServer).toMatchObject({
      status: "notConfigured",
      result: "No mail server is configured (SMTP_URL): mail goes to the Outbox.",
    });
    expect(r.smsGateway).toMatchObject({ status: "notConfigured", result: /texts go to the Outbox/ });
    expect(r.pushBus).toMatchObject({ status: "notConfigured", result: /this server's own connections/ });
    expect(r.fileStorage.status).toBe("ok"); // files on disk are a real store
    const [audit] = await audits(bare, "RunConnectionChecks");
    expect(audit.tenantId).toBeNull(); // application-wide checks only
  });

  test("a mail server that never greets, dead addresses and a stopped Redis fail in words, in time", async () => {
    const r = await run(broken, ["mailServer", "smsGateway", "fileStorage", "pushBus"], null);
    expect(r.mailServer).toMatchObject({ status: "failed", result: "No answer within 5 seconds." });
    expect(r.smsGateway).toMatchObject({
      status: "failed",
      result: "Nothing is listening there (connection refused).",
    });
    expect(r.fileStorage).toMatchObject({ status: "failed", result: /connection refused/ });
    if (withRedis) expect(r.pushBus).toMatchObject({ status: "failed", result: /is not connected/ });
  });

  test("a processor's interchange not heard from is NOT available; a producer has none", async () => {
    const db = await live.services.db.tenantDb(processorId);
    await db.update(interchangeClients).set({
      lastHeartbeatAt: new Date(plantNoon().getTime() - 3_600_000).toISOString(), // on the pinned clock
    });
    const r = await run(live, ["interchange"]);
    expect(r.interchange).toMatchObject({
      status: "failed",
      result: /^Interchange NOT available\. No client/,
    });
    const farm = await run(live, ["interchange", "tenantDatabase"], farmId);
    expect(farm.interchange).toMatchObject({ status: "notConfigured", result: /Demo Farm is a producer/ });
    expect(farm.tenantDatabase.status).toBe("ok");

    const ping = await post(live, "/api/super/PingTenantInterchange", { tenantId: processorId });
    expect(ping).toMatchObject({
      status: 200,
      body: { isAvailable: false, message: "Interchange NOT available." },
    });
    await db.update(interchangeClients).set({ lastHeartbeatAt: plantNoon().toISOString() });
    expect((await post(live, "/api/super/PingTenantInterchange", { tenantId: processorId })).body)
      .toMatchObject({ tenantId: processorId, isAvailable: true, message: "Interchange is available." });
    expect(await audits(live, "PingInterchange")).toHaveLength(2);
    const producer = await post(live, "/api/super/PingTenantInterchange", { tenantId: farmId });
    expect(producer.status).toBe(400);
    expect(producer.body.errors).toEqual([{
      field: "tenantId",
      message: "Only a processor has a plant interchange.",
    }]);
  });

  test("bad requests are refused in words and run nothing", async () => {
    const before = (await audits(live, "RunConnectionChecks")).length;
    const none = await post(live, "/api/super/RunConnectionChecks", { checks: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toContainEqual({ field: "checks", message: "Choose at least one check" });
    const noTenant = await post(live, "/api/super/RunConnectionChecks", { checks: ["interchange"] });
    expect(noTenant.body.errors).toContainEqual({
      field: "tenantId",
      message: "Choose the organisation to check",
    });
    const unknown = await post(live, "/api/super/RunConnectionChecks", { checks: ["faxMachine"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe("Choose checks from the list");
    const missing = await post(live, "/api/super/RunConnectionChecks", {
      tenantId: 99999,
      checks: ["tenantDatabase"],
    });
    expect(missing).toMatchObject({ status: 404, body: { message: "That organisation does not exist." } });
    expect(await audits(live, "RunConnectionChecks")).toHaveLength(before);
  });
});

describe("test sends", () => {
  test("a test email goes through the mail server to the address given", async () => {
    const res = await post(live, "/api/super/SendTestEmail", { to: "Ops@Example.com.au" });
    expect(res).toMatchObject({
      status: 200,
      body: {
        to: "ops@example.com.au",
        via: "mailServer",
        result: /^Sent to ops@example\.com\.au through the mail server at smtp:\/\/127\.0\.0\.1:\d+\.$/,
      },
    });
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail: Received = smtp.received[0];
    expect(mail.to).toEqual(["ops@example.com.au"]);
    expect(mail.text).toContain("Test email from Abattoir Manager");
    expect(mail.text).toContain("sent by Super Demo");
    const [audit] = await audits(live, "SendTestEmail");
    expect(audit.detail).toEqual({ email: "ops@example.com.au", sent: true });
  });

  test("without a mail server the test email waits in the Outbox", async () => {
    const res = await post(bare, "/api/super/SendTestEmail", { to: "ops@example.com.au" });
    expect(res.body).toMatchObject({ via: "outbox", result: /is in the Outbox/ });
    expect(bare.services.mail.outbox.at(-1)).toMatchObject({ to: "ops@example.com.au" });
  });

  test("a test text to an Australian mobile reaches the gateway in the international format", async () => {
    const res = await post(live, "/api/super/SendTestText", { to: "0412 345 678" });
    expect(res).toMatchObject({ status: 200, body: { to: "+61 412 345 678", via: "smsGateway" } });
    expect(gateway.texts).toEqual([
      { to: "+61412345678", message: expect.stringContaining("Test text"), auth: "Bearer gateway-secret" },
    ]);
    expect((await audits(live, "SendTestText"))[0].detail).toEqual({ phone: "+61 412 345 678", sent: true });
  });

  test("a gateway that does not answer is a 503 in words, audited as not sent", async () => {
    const res = await post(broken, "/api/super/SendTestText", { to: "+61 412 345 678" });
    expect(res).toMatchObject({
      status: 503,
      body: {
        title: "Text not sent",
        message: "The SMS gateway did not take it: nothing is listening there (connection refused).",
      },
    });
    expect((await audits(broken, "SendTestText"))[0].detail).toMatchObject({ sent: false });
  });

  test("a test notification shows on the chosen user's notifications", async () => {
    const admin = await live.services.db.control.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "admin@demo.processor"),
    });
    const res = await post(live, "/api/super/SendTestNotification", {
      tenantId: processorId,
      userId: admin!.id,
      title: "Hello from the super user",
      message: "Checking notifications reach you.",
    });
    expect(res).toMatchObject({
      status: 200,
      body: { via: "notifications", result: /notifications page in Demo Processing/ },
    });
    const list = await live.request("/api/notifications/GetNotifications", {
      token: tokens.get(live)!.admin,
    });
    expect(list.status).toBe(200);
    const db = await live.services.db.tenantDb(processorId);
    const [row] = await db.select().from(notifications).where(
      and(eq(notifications.userId, admin!.id), eq(notifications.title, "Hello from the super user")),
    );
    expect(row).toMatchObject({ type: "test", message: "Checking notifications reach you." });
    expect(JSON.stringify(await list.json())).toContain("Hello from the super user");
    expect((await audits(live, "SendTestNotification"))[0].tenantId).toBe(processorId);
  });

  test("bad input is refused field by field and sends nothing", async () => {
    const texts = gateway.texts.length;
    const mails = smtp.received.length;
    const badMail = await post(live, "/api/super/SendTestEmail", { to: "not an address" });
    expect(badMail.body.errors).toEqual([{ field: "to", message: "Enter a valid email address" }]);
    for (const to of ["02 9876 5432", "12345", ""]) {
      const bad = await post(live, "/api/super/SendTestText", { to });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe("to");
    }
    const farmUser = await post(live, "/api/super/SendTestNotification", {
      tenantId: farmId,
      userId: (await live.services.db.control.query.users.findFirst({
        where: (u, { eq }) => eq(u.email, "admin@demo.processor"),
      }))!.id,
      title: "x",
    });
    // the processor's admin is not a user of the farm
    expect(farmUser.status).toBe(400);
    expect(farmUser.body.errors).toEqual([{ field: "userId", message: "Choose a user of Demo Farm." }]);
    const noTitle = await post(live, "/api/super/SendTestNotification", {
      tenantId: farmId,
      userId: 1,
      title: " ",
    });
    expect(noTitle.body.errors).toContainEqual({ field: "title", message: "Enter a title" });
    expect(gateway.texts).toHaveLength(texts);
    expect(smtp.received).toHaveLength(mails);
  });
});

test("only a super user may run checks or send tests", async () => {
  for (
    const [path, body] of [
      ["/api/super/RunConnectionChecks", { checks: ["controlDatabase"] }],
      ["/api/super/PingTenantInterchange", { tenantId: processorId }],
      ["/api/super/SendTestEmail", { to: "a@b.co" }],
      ["/api/super/SendTestText", { to: "0412 345 678" }],
      ["/api/super/SendTestNotification", { tenantId: processorId, userId: 1, title: "x" }],
    ] as const
  ) {
    expect((await post(live, path, body, "admin")).status).toBe(403);
  }
});
