/**
 * "Sign in with …" in Chromium against a real OpenID Connect provider (oidc-provider, its development
 * login and consent pages): from the sign-in page to the provider and back, signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser } from "../helpers/browser.ts";
import { serveTestApp } from "../helpers/app.ts";
import { createTestIdp, type TestIdp } from "../helpers/oidc.ts";

let idp: TestIdp;
let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  idp = createTestIdp();
  server = await serveTestApp({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: "Test IdP",
  });
  await idp.start(server.origin);
  browser = await launchBrowser();
  await browser.page.setViewportSize({ width: 1024, height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

describe("sign-in with an identity provider in the browser", () => {
  it("goes to the provider, signs in there, and comes back signed in", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/login`);
    await expectFits(page);
    await page.getByRole("link", { name: "Sign in with Test IdP" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator("input[name=login]").fill("user@demo.processor");
    await page.locator("input[name=password]").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) =>
      url.origin === server.origin && !url.pathname.startsWith("/oauthcallback")
    );
    expect(await page.locator(".user-menu").count()).toBe(1);
    const me = await page.evaluate(async () => (await fetch("/login/usermodel")).json());
    expect(me.email).toBe("user@demo.processor");
  });

  it("an address with no account comes back to a page that says so", async () => {
    const page = browser.page;
    await browser.context.clearCookies();
    await page.goto(`${server.origin}/login`);
    await page.getByRole("link", { name: "Sign in with Test IdP" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator("input[name=login]").fill("nobody@example.com");
    await page.locator("input[name=password]").fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/oauthcallback/);
    expect(await page.getByRole("heading", { name: "Sign-in did not complete" }).count()).toBe(1);
    expect(await page.locator(".auth-card [role=alert]").innerText()).toContain(
      "No account uses nobody@example.com",
    );
    await expectFits(page);
  });
});
