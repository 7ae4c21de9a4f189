/**
 * Adding a user as a tenant admin (issue 35 §7): UpsertTenantUser sends an invitation and answers in one
 * shape whether the email has an account in another organisation or none at all, so the answer tells the
 * admin nothing about accounts outside their organisation. Nothing joins and no account is made or
 * changed until the person accepts (signing in, or signing up with the link).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { memberships, tenants, users } from "../../db/control/schema.ts";
import { DEMO_PROCESSOR } from "../../server/demo.ts";

let t: Awaited<ReturnType<typeof startTestApp>>;
let admin = "";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin@demo.processor");
});
afterAll(() => t?.close());

const add = async (email: string) => {
  const res = await t.request("/api/user/UpsertTenantUser", {
    method: "POST",
    token: admin,
    json: { email, firstName: "New", lastName: "Person", phone: "+61 400 111 222", roleLevel: "user" },
  });
  return { status: res.status, body: await res.json() };
};
/** the answer with the values that differ by email or moment blanked: what is left must be identical */
const shape = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body).map((
      [k, v],
    ) => [k, ["email", "link", "expiresAt", "inviteId"].includes(k) ? typeof v : v]),
  );
const account = (email: string) =>
  t.services.db.control.query.users.findFirst({ where: eq(users.email, email) });

describe("an admin adding a user", () => {
  test("an email with an account elsewhere and a brand new one get the same answer: an invitation", async () => {
    const elsewhere = "producer@demo.farm"; // the demo farm's account, not in the processor
    const before = await account(elsewhere);
    const [other, fresh] = [await add("Producer@Demo.Farm"), await add("brand.new@demo.processor")];

    expect(other.status).toBe(200);
    expect(fresh.status).toBe(other.status);
    expect(Object.keys(other.body).sort()).toEqual(["email", "expiresAt", "inviteId", "invited", "link"]);
    expect(shape(other.body)).toEqual(shape(fresh.body));
    expect(other.body).toMatchObject({ invited: true, email: "producer@demo.farm" });
    expect(fresh.body).toMatchObject({ invited: true, email: "brand.new@demo.processor" });
    for (const { body } of [other, fresh]) {
      expect(body.link).toMatch(/\/register\/handleinvite\?token=[\w-]+$/);
      // nothing of the account: no names, mobile, tenant, id or password
      expect(JSON.stringify(body)).not.toMatch(/Farmer|\+61|temporaryPassword|"id"/);
    }

    // both are open invitations of the organisation; nobody joined, nothing was made or changed
    const pending = await (await t.request("/register/GetPendingInvites", { token: admin })).json();
    expect(pending.map((i: { email: string }) => i.email)).toEqual(
      expect.arrayContaining(["producer@demo.farm", "brand.new@demo.processor"]),
    );
    expect(await account(elsewhere)).toEqual(before);
    expect(await account("brand.new@demo.processor")).toBeUndefined();
    const joined = await t.services.db.control.query.memberships.findMany({
      where: eq(memberships.userId, before!.id),
    });
    const processor = await t.services.db.control.query.tenants.findFirst({
      where: eq(tenants.name, DEMO_PROCESSOR),
    });
    expect(joined.map((m) => m.tenantId)).not.toContain(processor!.id);
  });

  test("an email already in the organisation is refused as its user list shows, as an invitation is", async () => {
    const here = await add("user@demo.processor");
    expect(here.status).toBe(400);
    expect(here.body.errors).toEqual([{
      field: "email",
      message: "That person is already in your organisation.",
    }]);
    const invite = await t.request("/register/GenerateInviteLink", {
      method: "POST",
      token: admin,
      json: { email: "user@demo.processor", roleLevel: "user" },
    });
    expect(await invite.json()).toEqual(here.body);
  });

  test("a super user still adds an account with a temporary password", async () => {
    const res = await t.request("/api/user/UpsertTenantUser", {
      method: "POST",
      token: await t.login("super@demo.processor"),
      json: { email: "by.super@demo.processor", firstName: "By", lastName: "Super", roleLevel: "user" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.temporaryPassword).toMatch(/^\S{14}$/);
    expect(body.invited).toBeUndefined();
  });
});
