/**
 * Invitations (issue 19 §1) over real HTTP and a real SMTP server: the mailed link, sign-up with it, its one
 * use, expiry, forgery, withdrawal, replacement, another tenant's reach, and an existing account accepting.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { and, count, eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { invites, memberships, tenants, userSettings } from "../../db/control/schema.ts";
import { producerLinks } from "../../db/control/producerLinks.ts";
import { suppliers } from "../../db/tenant/livestock.ts";
import { auditLog } from "../../db/tenant/schema.ts";
import { NOTIFICATIONS_API } from "../../server/areas/notifications/api.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof serveTestApp>>;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await serveTestApp({ SMTP_URL: smtp.url });
  admin = await t.login("admin@demo.processor");
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = async (method: string, path: string, json?: unknown, token?: string) => {
  const res = await fetch(`${t.origin}${path}`, {
    method,
    headers: {
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const invite = (json: Record<string, unknown>, token = admin) =>
  call("POST", "/register/GenerateInviteLink", { roleLevel: "user", ...json }, token);
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const handle = (token: string) => call("GET", `/register/HandleInvite?token=${token}`);
const signUp = (json: Record<string, unknown>, token?: string) =>
  call("POST", "/register/SignUp", json, token);
/** the page as a browser opens it (the same path in the API's spelling is the JSON call) */
const page = async (token: string) =>
  await (await fetch(`${t.origin}/register/handleinvite?token=${token}`, {
    headers: { accept: "text/html" },
  }))
    .text();
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe("invitations", () => {
  test("an invited address signs up once with the mailed link and works in the tenant with its role", async () => {
    const me = (await call("GET", "/login/usermodel", undefined, admin)).body;
    const beef = me.species.find((s: { name: string }) => s.name === "Beef").id;
    const sent = await invite({
      email: "New.Person@Example.com ",
      firstName: "Nell",
      roleLevel: "user",
      allowedSpeciesIds: [beef],
      invoicingSpeciesIds: [beef],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.email).toBe("new.person@example.com");
    await expect.poll(() => mailsTo("new.person@example.com").length).toBe(1);
    const mail = mailsTo("new.person@example.com")[0].text;
    expect(mail).toMatch(/invited you to Demo Processing/);
    expect(mail).toContain(sent.body.link);
    const token = tokenOf(sent.body.link);

    const detail = await handle(token);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      email: "new.person@example.com",
      tenantName: "Demo Processing",
      roleName: "User",
      accountExists: false,
      firstName: "Nell",
    });
    const opened = await page(token);
    expect(opened).toContain("Join Demo Processing");
    expect(opened).toContain("Create my account");

    const pending = await call("GET", "/register/GetPendingInvites", undefined, admin);
    expect(pending.body.map((i: { email: string }) => i.email)).toContain("new.person@example.com");

    // the new account's details are checked, and nothing is used up by a refusal
    const weak = await signUp({ token, firstName: "Nell", lastName: "Ng", password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.map((e: { field: string }) => e.field)).toEqual(["password"]);
    const joined = await signUp({ token, firstName: "Nell", lastName: "Ng", password: "nells-password-1" });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ email: "new.person@example.com", tenantName: "Demo Processing" });
    expect(joined.body.roleLevel).toBe("user");
    expect(joined.body.species.map((s: { id: number }) => s.id)).toEqual([beef]);
    expect(joined.body.isPasswordUpdated).toBe(true);
    // the invoicing species the admin chose are the new user's invoicing setting (issue 39)
    const invoicing = await t.services.db.control.select({ value: userSettings.value }).from(userSettings)
      .where(and(eq(userSettings.userId, joined.body.id), eq(userSettings.settingType, "invoicing")));
    expect(invoicing).toEqual([{ value: { allowedSpeciesIds: [beef] } }]);
    expect(
      (await call("POST", "/login/login", {
        email: "new.person@example.com",
        password: "nells-password-1",
      })).status,
    ).toBe(200);
    // the admin who sent it hears of it on their notifications page
    const told = await call("GET", NOTIFICATIONS_API.list, undefined, admin);
    expect(told.body).toContainEqual(expect.objectContaining({
      type: "invitationAccepted",
      title: "Nell Ng joined Demo Processing",
      message: "new.person@example.com accepted your invitation as User.",
      routeName: "/home/clientusers",
      isRead: false,
    }));

    const again = await signUp({ token, firstName: "X", lastName: "Y", password: "another-password-1" });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toMatch(/not valid any more/);
    expect((await handle(token)).status).toBe(400);
    expect(await page(token)).toContain("This invitation cannot be used");
    const after = await call("GET", "/register/GetPendingInvites", undefined, admin);
    expect(after.body.map((i: { email: string }) => i.email)).not.toContain("new.person@example.com");
  });

  test("an expired, forged or withdrawn link is refused plainly; a newer invitation replaces an older", async () => {
    const expiring = await invite({ email: "late@example.com" });
    await t.services.db.control.update(invites).set({ expiresAt: new Date(plantNoon().getTime() - 1000) })
      .where(eq(invites.id, expiring.body.id));
    const late = await signUp({
      token: tokenOf(expiring.body.link),
      firstName: "L",
      lastName: "Ate",
      password: "late-password-1",
    });
    expect(late.status).toBe(400);

    for (const forged of ["abc", "a".repeat(32), "<script>", ""]) {
      const res = await handle(encodeURIComponent(forged));
      expect(res.status).toBe(400);
      expect(res.body.isValidation).toBe(true);
      expect(await page(encodeURIComponent(forged))).toContain("This invitation cannot be used");
    }

    const first = await invite({ email: "twice@example.com" });
    const second = await invite({ email: "twice@example.com", roleLevel: "admin" });
    expect((await handle(tokenOf(first.body.link))).status).toBe(400);
    expect((await handle(tokenOf(second.body.link))).body.roleName).toBe("Administrator");

    // another tenant's admin cannot see or withdraw it
    const farmer = await t.login("producer@demo.farm");
    const theirs = await call("GET", "/register/GetPendingInvites", undefined, farmer);
    expect(theirs.body.map((i: { email: string }) => i.email)).not.toContain("twice@example.com");
    const reach = await call("POST", "/register/WithdrawInvite", { id: second.body.id }, farmer);
    expect(reach.status).toBe(404);
    expect((await handle(tokenOf(second.body.link))).status).toBe(200);

    expect((await call("POST", "/register/WithdrawInvite", { id: second.body.id }, admin)).status).toBe(204);
    expect((await handle(tokenOf(second.body.link))).status).toBe(400);
    expect((await call("POST", "/register/WithdrawInvite", { id: second.body.id }, admin)).status).toBe(404);
  });

  test("only roles, species and sites the admin may give; never someone already in the organisation", async () => {
    const superRole = await invite({ email: "boss@example.com", roleLevel: "super" });
    expect(superRole.status).toBe(400);
    expect(superRole.body.errors[0].field).toBe("roleLevel");
    const farmSpecies = await invite({ email: "odd@example.com", allowedSpeciesIds: [999] });
    expect(farmSpecies.status).toBe(400);
    const invoicing = await invite({ email: "odd@example.com", invoicingSpeciesIds: [999] });
    expect(invoicing.status).toBe(400);
    expect(invoicing.body.errors[0].field).toBe("invoicingSpeciesIds");
    expect(
      (await call("GET", "/register/GetPendingInvites", undefined, admin)).body.map((i: { email: string }) =>
        i.email
      ),
    )
      .not.toContain("odd@example.com");
    const member = await invite({ email: "user@demo.processor" });
    expect(member.status).toBe(400);
    expect(member.body.errors[0].message).toMatch(/already in your organisation/);
    const user = await t.login("user@demo.processor");
    expect((await invite({ email: "x@example.com" }, user)).status).toBe(403);
    expect((await call("POST", "/register/GenerateInviteLink", { email: "x@example.com" })).status).toBe(401);
  });

  test("an address with an account signs in to accept, and joins as itself only", async () => {
    const sent = await invite({ email: "producer@demo.farm", roleLevel: "user" });
    const token = tokenOf(sent.body.link);
    expect((await handle(token)).body.accountExists).toBe(true);
    expect(await page(token)).toContain("Sign in to accept");

    const anonymous = await signUp({ token, firstName: "P", lastName: "Q", password: "whatever-pass-1" });
    expect(anonymous.status).toBe(409);
    const someoneElse = await signUp({ token }, await t.login("test@demo.processor"));
    expect(someoneElse.status).toBe(403);

    const farmer = await t.login("producer@demo.farm");
    const accepted = await signUp({ token }, farmer);
    expect(accepted.status).toBe(200);
    expect(accepted.body.tenantName).toBe("Demo Processing");
    expect(accepted.body.roleLevel).toBe("user");
    const tenants = accepted.body.crossTenantClaims.map((c: { tenantName: string }) => c.tenantName);
    expect(tenants).toEqual(expect.arrayContaining(["Demo Processing", "Demo Farm"]));
    // the farm stays the account's home: its own sign-in opens there
    const home = await call("POST", "/login/login", {
      email: "producer@demo.farm",
      password: "test-password-1",
    });
    expect(home.body.tenantName).toBe("Demo Farm");
  });

  test("a changed password is told to the account's owner by mail", async () => {
    const token = await t.login("support@demo.processor");
    const changed = await call("POST", "/api/user/ChangePasswordIfAuthed", {
      oldPassword: "test-password-1",
      newPassword: "support-new-password",
    }, token);
    expect(changed.status).toBe(204);
    await expect.poll(() => mailsTo("support@demo.processor").length).toBe(1);
    expect(mailsTo("support@demo.processor")[0].text).toMatch(/password of your account was changed/);
  });
});

describe("a producer signs up through a processor's link invitation (issue 44 §1)", () => {
  const linkInvite = async (email: string) => {
    const db = await t.services.db.tenantDb(1);
    const [supplier] = await db.select({ id: suppliers.id }).from(suppliers)
      .where(eq(suppliers.isTenant, false)).limit(1);
    const sent = await call("POST", "/api/producer/InviteProducer", {
      supplierIds: [supplier.id],
      scopes: ["feedback", "remittances"],
      visibleFrom: "2026-01-01",
      email,
    }, admin);
    expect(sent.status).toBe(200);
    return { code: sent.body.code as string, linkId: sent.body.link.id as number, supplierId: supplier.id };
  };
  const linkOf = async (id: number) =>
    (await t.services.db.control.select().from(producerLinks).where(eq(producerLinks.id, id)))[0];
  const tenantNamed = async (name: string) =>
    (await t.services.db.control.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name)))[0];
  const signUpFarm = (json: Record<string, unknown>, token?: string) =>
    call("POST", "/register/SignUpProducer", json, token);

  test("into a new farm: checked first, then the farm, its admin and the open link, audited", async () => {
    const { code, linkId, supplierId } = await linkInvite("grower@farm.test");
    const detail = await call("GET", `/register/HandleProducerInvite?code=${code}`);
    expect(detail.body).toMatchObject({
      processorName: "Demo Processing",
      email: "grower@farm.test",
      accountExists: false,
    });
    const opened = await (await fetch(`${t.origin}/register/producer?code=${code}`)).text();
    expect(opened).toContain("See your records at Demo Processing");

    const tenantsBefore = (await t.services.db.control.select({ n: count() }).from(tenants))[0].n;
    const bad = await signUpFarm({ code, farmName: "", abn: "12 345 678 901", password: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: expect.any(String),
      message: expect.any(String),
      isValidation: true,
    });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual([
      "farmName",
      "abn",
      "firstName",
      "lastName",
      "password",
    ]);
    expect((await t.services.db.control.select({ n: count() }).from(tenants))[0].n).toBe(tenantsBefore);
    expect((await linkOf(linkId)).producerTenantId).toBeNull();

    const joined = await signUpFarm({
      code: code.toLowerCase(),
      farmName: "Gundagai Downs",
      abn: "51 824 753 556",
      firstName: "Gail",
      lastName: "Grower",
      password: "gails-password-1",
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      email: "grower@farm.test",
      tenantName: "Gundagai Downs",
      roleLevel: "admin",
    });
    const farm = await tenantNamed("Gundagai Downs");
    const link = await linkOf(linkId);
    expect(link).toMatchObject({ producerTenantId: farm.id, inviteCodeHash: null });
    expect(link.acceptedAt).toBeTruthy();
    const plant = await t.services.db.tenantDb(1);
    const [supplier] = await plant.select({ isTenant: suppliers.isTenant }).from(suppliers)
      .where(eq(suppliers.id, supplierId));
    expect(supplier.isTenant).toBe(true);
    const trail = await plant.select().from(auditLog).where(eq(auditLog.entity, "producerLink"));
    expect(trail.map((a) => a.entityId)).toContain(String(linkId));
    const farmTrail = await (await t.services.db.tenantDb(farm.id)).select().from(auditLog);
    expect(farmTrail).toContainEqual(expect.objectContaining({ entity: "producerLink", action: "signUp" }));
    const portal = await call("GET", "/api/producer/GetProcessorLinks", undefined, joined.body.token);
    expect(portal.body).toContainEqual(
      expect.objectContaining({ otherName: "Demo Processing", state: "active" }),
    );

    const again = await signUpFarm({
      code,
      farmName: "Second Go",
      firstName: "G",
      lastName: "G",
      password: "gails-password-2",
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].field).toBe("code");
  });

  test("a failed control-database write leaves no farm, no membership and the link still waiting", async () => {
    // the address has an account: the farm row is written, then the user insert refuses, all undone
    const { code, linkId } = await linkInvite("user@demo.processor");
    const refused = await signUpFarm({
      code,
      farmName: "Half Made Farm",
      firstName: "H",
      lastName: "M",
      password: "half-made-pass-1",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/sign in/);
    expect(await tenantNamed("Half Made Farm")).toBeUndefined();
    expect((await linkOf(linkId)).producerTenantId).toBeNull();
  });

  test("signed in: into a farm they administer only (403 otherwise), or a new farm of their own", async () => {
    const farmer = await t.login("producer@demo.farm");
    const demoFarm = await tenantNamed("Demo Farm");
    const plantId = (await tenantNamed("Demo Processing")).id;
    const { code, linkId } = await linkInvite("producer@demo.farm");
    const page = await (await fetch(`${t.origin}/register/producer?code=${code}`, {
      headers: { cookie: `session=${farmer}` },
    })).text();
    expect(page).toContain("Link Demo Farm");
    expect(page).toContain("Or start a new farm");
    expect((await signUpFarm({ code, producerTenantId: plantId }, admin)).status).toBe(403);
    expect((await signUpFarm({ code, producerTenantId: demoFarm.id }, admin)).status).toBe(403);
    expect((await signUpFarm({ code, producerTenantId: demoFarm.id })).status).toBe(403);
    expect((await linkOf(linkId)).producerTenantId).toBeNull();
    const linked = await signUpFarm({ code, producerTenantId: demoFarm.id }, farmer);
    expect(linked.status).toBe(200);
    expect(linked.body.tenantName).toBe("Demo Farm");
    expect((await linkOf(linkId)).producerTenantId).toBe(demoFarm.id);

    const second = await linkInvite("producer@demo.farm");
    const own = await signUpFarm({ code: second.code, farmName: "Demo Farm North" }, linked.body.token);
    expect(own.status).toBe(200);
    expect(own.body.tenantName).toBe("Demo Farm North");
    const north = await tenantNamed("Demo Farm North");
    const member = await t.services.db.control.select().from(memberships)
      .where(and(eq(memberships.tenantId, north.id), eq(memberships.roleLevel, "admin")));
    expect(member).toHaveLength(1);
  });
});
