/**
 * /user/required (spec 1 §2, a public page): what must happen before going on, in words: a visitor signs
 * in (to the page asked for, only ever a page of this site), a signed-in user has nothing required.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { users } from "../../db/control/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const page = async (path: string, token?: string) => {
  const res = await t.request(path, token ? { token } : {});
  return { status: res.status, html: await res.text() };
};

describe("the required page", () => {
  test("a visitor is asked to sign in, carried on to the page they asked for", async () => {
    const { status, html } = await page("/user/required?next=%2Fhome%2Fstockyard");
    expect(status).toBe(200);
    expect(html).toContain("Sign-in required");
    expect(html).toContain('href="/login?next=%2Fhome%2Fstockyard"');
    expect(html).not.toContain('name="push-hub"'); // no shell, no live connection
  });

  test("another site's address is never carried on", async () => {
    const { html } = await page("/user/required?next=%2F%2Fevil.example%2F");
    expect(html).toContain('href="/login"');
    expect(html).not.toContain("evil.example");
  });

  test("a signed-in user has nothing required and continues", async () => {
    const token = await t.login("user@demo.processor");
    const { status, html } = await page("/user/required?next=%2Fhome%2Fstockyard", token);
    expect(status).toBe(200);
    expect(html).toContain("Nothing is required");
    expect(html).toContain('href="/home/stockyard"');
  });
});

describe("a user with something required (a temporary password)", () => {
  test("every page goes to /user/required, which names it; its own page and the APIs are not redirected", async () => {
    const token = await t.login("support@demo.processor");
    const [me] = await t.services.db.control.select({ id: users.id }).from(users)
      .where(eq(users.email, "support@demo.processor"));
    await t.services.db.control.update(users).set({ isPasswordUpdated: false }).where(eq(users.id, me.id));
    await t.services.callers.changed({ userIds: [me.id] });

    const home = await t.request("/home/stockyard", { token, redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/user/required?next=%2Fhome%2Fstockyard");
    const { html } = await page("/user/required?next=%2Fhome%2Fstockyard", token);
    expect(html).toContain("Change your password first");
    expect(html).toContain('href="/user/changepassword"');
    const change = await t.request("/user/changepassword", { token, redirect: "manual" });
    expect(change.status).toBe(200);
    // an API answers 403 in words, never a redirect
    const api = await t.request("/api/livestock/GetSuppliers", { token });
    expect(api.status).toBe(403);
    expect((await api.json()).message).toBe("Change your temporary password first.");
  });
});
