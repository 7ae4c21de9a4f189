import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { startTestApp, TEST_PASSWORD, type TestApp } from "../helpers/app.ts";

/** Account takeover across tenants, sign-in throttling without lock-outs, disabling accounts. */
let t: TestApp;
// TRUST_PROXY lets each test sign in "from" its own address (X-Forwarded-For)
beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: "true" })));
afterAll(() => t.close());

const post = (path: string, token: string, json: unknown) => t.request(path, { method: "POST", token, json });
const signIn = (email: string, password: string, ip: string) =>
  t.request("/login/login", {
    method: "POST",
    json: { email, password },
    headers: { "x-forwarded-for": ip },
  });
const tenantId = async (name: string) =>
  (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, name) }))!.id;
const userId = async (email: string) =>
  (await t.services.db.control.query.users.findFirst({ where: eq(users.email, email) }))!.id;
const getUser = async (token: string, id: number) =>
  await (await t.request(`/api/user/GetTenantUser/${id}`, { token })).json();
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field).sort();

describe("an admin cannot take over another tenant's account", () => {
  it("adding an email that already has an account answers an invitation, as for a new one", async () => {
    const farmAdmin = await t.login("producer@demo.farm");
    const add = (email: string) =>
      post("/api/user/UpsertTenantUser", farmAdmin, {
        email,
        firstName: "Evil",
        lastName: "Admin",
        phone: "+61 400 999 999",
        roleLevel: "user",
      });
    const taken = await add("Super@Demo.Processor");
    const fresh = await add("nobody.yet@demo.farm");
    expect([taken.status, fresh.status]).toEqual([200, 200]);
    const [takenBody, freshBody] = [await taken.json(), await fresh.json()];
    expect(Object.keys(takenBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(takenBody).toMatchObject({ invited: true, email: "super@demo.processor" });
    expect(JSON.stringify(takenBody)).not.toMatch(/Super User|Processing|\+61|temporaryPassword/);

    // nothing joined and nothing of the account changed: its owner accepts by signing in, if they want
    const farm = await tenantId("Demo Farm");
    const joined = await t.services.db.control.query.memberships.findFirst({
      where: and(
        eq(memberships.userId, await userId("super@demo.processor")),
        eq(memberships.tenantId, farm),
      ),
    });
    expect(joined).toBeUndefined();
    expect(
      await t.services.db.control.query.users.findFirst({ where: eq(users.email, "nobody.yet@demo.farm") }),
    )
      .toBeUndefined();
    await t.login("super@demo.processor");
  });

  it("a super user may add an existing account; its owner's details stay theirs", async () => {
    const superToken = await t.login("super@demo.processor");
    const res = await post("/api/user/UpsertTenantUser", superToken, {
      email: "producer@demo.farm",
      firstName: "Other",
      lastName: "Name",
      roleLevel: "user",
    });
    expect(res.status).toBe(200);
    const added = await res.json();
    expect(added).toMatchObject({ firstName: "Producer", lastName: "Farmer", roleLevel: "user" });
    expect(added.temporaryPassword).toBeUndefined();
  });

  it("an account shared with another tenant: the admin changes the membership, not the identity", async () => {
    const superToken = await t.login("super@demo.processor");
    const created = await (await post("/api/user/UpsertTenantUser", superToken, {
      email: "shared.one@demo.farm",
      firstName: "Shared",
      lastName: "One",
      roleLevel: "user",
    })).json();
    await t.services.db.control.insert(memberships).values({
      userId: created.id,
      tenantId: await tenantId("Demo Farm"),
      roleLevel: "user",
    });

    const admin = await t.login("admin@demo.processor");
    const dto = await getUser(admin, created.id);
    for (
      const change of [{ firstName: "Hijacked" }, { email: "mine@demo.processor" }, {
        phone: "+61 411 111 111",
      }]
    ) {
      const res = await post("/api/user/UpsertTenantUser", admin, { ...dto, ...change });
      expect(res.status).toBe(400);
      expect(fields(await res.json())).toEqual(Object.keys(change));
    }
    const ok = await post("/api/user/UpsertTenantUser", admin, {
      ...dto,
      roleLevel: "support",
      hasBuyerAdminPermission: true,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      roleLevel: "support",
      hasBuyerAdminPermission: true,
      firstName: "Shared",
      email: "shared.one@demo.farm",
    });
    expect(dto.canManageAccount).toBe(false); // the form shows the details read-only
  });

  it("an account that is super anywhere can be changed only by a super user", async () => {
    const superId = await userId("super@demo.processor");
    const farm = await tenantId("Demo Farm");
    // e.g. a super user who joined the farm as a plain user to help it
    await t.services.db.control.insert(memberships).values({
      userId: superId,
      tenantId: farm,
      roleLevel: "user",
    });
    try {
      const farmAdmin = await t.login("producer@demo.farm");
      const dto = await getUser(farmAdmin, superId);
      for (const change of [{ email: "mine@demo.farm" }, { roleLevel: "display" }]) {
        const res = await post("/api/user/UpsertTenantUser", farmAdmin, { ...dto, ...change });
        expect(res.status).toBe(403);
      }
      expect((await post("/api/user/DisableTenantUser", farmAdmin, { id: superId })).status).toBe(403);
      expect(dto.canManageAccount).toBe(false);
      await t.login("super@demo.processor");
    } finally {
      await t.services.db.control.delete(memberships)
        .where(and(eq(memberships.userId, superId), eq(memberships.tenantId, farm)));
    }
  });

  it("an admin still edits the details of an account that only their tenant uses", async () => {
    const admin = await t.login("admin@demo.processor");
    const created = await (await post("/api/user/UpsertTenantUser", await t.login("super@demo.processor"), {
      email: "own.one@demo.processor",
      firstName: "Own",
      lastName: "One",
      roleLevel: "user",
    })).json();
    const res = await post("/api/user/UpsertTenantUser", admin, {
      ...created,
      firstName: "Owen",
      email: "owen.one@demo.processor",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: "Owen",
      email: "owen.one@demo.processor",
      canManageAccount: true,
    });
  });
});

describe("sign-in throttling slows guessing without locking the owner out", () => {
  // the limiter measures real elapsed time (no stamp a test compares): here only the test moves it
  let now = Date.now();
  beforeAll(() => {
    t.services.auth.limiter.clock = () => now; // time moves only when a test moves it
  });

  it("slows the attacker's (account, address) pair exponentially; the owner signs in elsewhere", async () => {
    const attacker = "203.0.113.66";
    for (let i = 0; i < 3; i++) {
      expect((await signIn("test@demo.processor", "wrong-pass", attacker)).status).toBe(401);
    }
    for (const wait of [1, 2, 4]) {
      const slowed = await signIn("test@demo.processor", "wrong-pass", attacker);
      expect(slowed.status).toBe(429);
      expect(slowed.headers.get("retry-after")).toBe(String(wait));
      expect(await slowed.json()).toMatchObject({ title: "Too Many Requests", isValidation: false });
      // the right password waits too at this pair: the delay is not an oracle
      expect((await signIn("test@demo.processor", TEST_PASSWORD, attacker)).status).toBe(429);
      now += wait * 1000;
      expect((await signIn("test@demo.processor", "wrong-pass", attacker)).status).toBe(401);
    }
    expect((await signIn("test@demo.processor", TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  it("a known device gets the right password past the account's cap; others wait", async () => {
    const email = "display@demo.processor";
    const auth = t.services.auth;
    const base = { email, password: TEST_PASSWORD, keepLoggedIn: false };
    const owner = await auth.login({ ...base, ip: "198.51.100.20" });
    expect(owner.device).toMatch(/^[a-z0-9]{32,}$/);
    const other = await auth.login({ ...base, email: "support@demo.processor", ip: "198.51.100.20" });

    // a spread-out attack: one guess from each of many addresses
    for (let i = 1; i <= 30; i++) {
      expect((await signIn(email, "wrong-pass", `192.0.2.${i}`)).status).toBe(401);
    }
    const capped = await signIn(email, TEST_PASSWORD, "198.51.100.21");
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    await expect(auth.login({ ...base, ip: "198.51.100.21", device: other.device })).rejects.toMatchObject({
      status: 429,
    });
    const again = await auth.login({ ...base, ip: "198.51.100.22", device: owner.device });
    expect(again.caller.user.email).toBe(email);
    expect(again.device).toBe(owner.device);
    // the device does not help a wrong password, and the cap ends with its window
    await expect(auth.login({ ...base, password: "wrong-pass", ip: "198.51.100.22", device: owner.device }))
      .rejects.toMatchObject({ status: 401 });
    now += 61 * 60_000;
    expect((await signIn(email, TEST_PASSWORD, "198.51.100.23")).status).toBe(200);
  });

  it("many users behind one address still sign in after 30+ failures from it", async () => {
    const nat = "100.64.0.1";
    for (let i = 0; i < 35; i++) {
      expect((await signIn(`nobody${i}@demo.processor`, "wrong-pass", nat)).status).toBe(401);
    }
    for (const email of ["user@demo.processor", "admin@demo.processor", "support@demo.processor"]) {
      expect((await signIn(email, TEST_PASSWORD, nat)).status).toBe(200);
    }
    // failures from a busy address are slowed sooner: a second guess at one account waits
    const again = await signIn("nobody0@demo.processor", "wrong-pass", nat);
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe("1");
  });

  it("the device cookie is HttpOnly, SameSite=Lax and long-lived", async () => {
    const { setDeviceCookie } = await import("../../server/auth/service.ts");
    const app = new Hono().get("/", (c) => {
      setDeviceCookie(c, "abc");
      return c.body(null, 204);
    });
    const cookie = (await app.request("http://localhost/")).headers.get("set-cookie")!;
    expect(cookie).toMatch(/^device=abc;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(90 * 86400);
  });
});

describe("disabling an account", () => {
  /** the super user adds them: an admin's Add user sends an invitation instead (issue 35 §7) */
  const newUser = async (_admin: string, email: string) => {
    const res = await post("/api/user/UpsertTenantUser", await t.login("super@demo.processor"), {
      email,
      firstName: "Lee",
      lastName: "Ver",
      roleLevel: "user",
    });
    expect(res.status).toBe(200);
    return await res.json() as { id: number; temporaryPassword: string };
  };

  it("ends the user's sessions; enabling again does not bring them back", async () => {
    const admin = await t.login("admin@demo.processor");
    const leaver = await newUser(admin, "leaver@demo.processor");
    const token = await t.login("leaver@demo.processor", leaver.temporaryPassword);
    const ended: string[] = [];
    t.services.sessions.listen({ ended: (ids) => ended.push(...ids), rotated: () => {} });

    const res = await post("/api/user/DisableTenantUser", admin, { id: leaver.id });
    expect(res.status).toBe(200);
    expect((await res.json()).isDisabled).toBe(true);
    expect(ended).toContain(token.split(".")[0]); // the push hub closes its connections
    expect((await t.request("/login/usermodel", { token })).status).toBe(401);
    const refused = await signIn("leaver@demo.processor", leaver.temporaryPassword, "198.51.100.40");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/disabled/);
    const list = await (await t.request("/api/user/GetTenantUsers", { token: admin })).json();
    expect(list.find((u: { id: number }) => u.id === leaver.id).isDisabled).toBe(true);

    const enabled = await post("/api/user/EnableTenantUser", admin, { id: leaver.id });
    expect(enabled.status).toBe(200);
    expect((await enabled.json()).isDisabled).toBe(false);
    expect((await t.request("/login/usermodel", { token })).status).toBe(401);
    expect((await signIn("leaver@demo.processor", leaver.temporaryPassword, "198.51.100.40")).status).toBe(
      200,
    );
  });

  it("is refused for oneself, plain users, other tenants, and accounts the admin does not own", async () => {
    const admin = await t.login("admin@demo.processor");
    const target = await newUser(admin, "target@demo.processor");
    const self = await post("/api/user/DisableTenantUser", admin, {
      id: await userId("admin@demo.processor"),
    });
    expect(self.status).toBe(400);
    expect((await self.json()).isValidation).toBe(true);
    const user = await t.login("user@demo.processor");
    expect((await post("/api/user/DisableTenantUser", user, { id: target.id })).status).toBe(403);
    const farmAdmin = await t.login("producer@demo.farm");
    expect((await post("/api/user/DisableTenantUser", farmAdmin, { id: target.id })).status).toBe(404);
    expect((await post("/api/user/EnableTenantUser", farmAdmin, { id: target.id })).status).toBe(404);
    expect((await post("/api/user/DisableTenantUser", admin, { id: 999999 })).status).toBe(404);
    const superId = await userId("super@demo.processor");
    expect((await post("/api/user/DisableTenantUser", admin, { id: superId })).status).toBe(403);

    // shared with another tenant: the admin is told to remove the member instead; super may disable
    await t.services.db.control.insert(memberships).values({
      userId: target.id,
      tenantId: await tenantId("Demo Farm"),
      roleLevel: "user",
    });
    const shared = await post("/api/user/DisableTenantUser", admin, { id: target.id });
    expect(shared.status).toBe(403);
    expect((await shared.json()).message).toMatch(/other organisations/);
    const superToken = await t.login("super@demo.processor");
    expect((await post("/api/user/DisableTenantUser", superToken, { id: target.id })).status).toBe(200);
    expect((await post("/api/user/EnableTenantUser", superToken, { id: target.id })).status).toBe(200);
    expect((await post("/api/user/DisableTenantUser", superToken, { id: superId })).status).toBe(400);
  });

  it("the users screens show the Disabled badge and the Disable / Enable action", async () => {
    const admin = await t.login("admin@demo.processor");
    const gone = await newUser(admin, "gone@demo.processor");
    await post("/api/user/DisableTenantUser", admin, { id: gone.id });
    const page = async (path: string) =>
      await (await t.request(path, { headers: { cookie: `session=${admin}` } })).text();
    expect(await page("/home/clientusers?q=gone")).toMatch(/badge[^"]*">Disabled</);
    const edit = await page(`/home/clientusers/useredit?id=${gone.id}`);
    expect(edit).toContain("/api/user/EnableTenantUser");
    const other = await newUser(admin, "stays@demo.processor");
    expect(await page(`/home/clientusers/useredit?id=${other.id}`)).toContain("/api/user/DisableTenantUser");
  });
});
