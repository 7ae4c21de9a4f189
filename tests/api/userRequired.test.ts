/**
 * /user/required (spec 1 §2, a public page): what must happen before going on, in words: a visitor signs
 * in (to the page asked for, only ever a page of this site), a signed-in user has nothing required.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";

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
