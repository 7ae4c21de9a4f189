/** The browser push client in Chromium: connects when signed in, obeys forced logout and refresh, reconnects. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let processorId: number;
let superToken: string;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  processorId = (await server.services.db.control.query.tenants.findFirst())!.id;
  superToken = await server.login("super@demo.processor");
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const superPost = (path: string, json: unknown) =>
  fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${superToken}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  });

async function signedInPage(email = "user@demo.processor") {
  await browser.context.clearCookies();
  const page = browser.page;
  await signIn(page, server.origin, email, TEST_PASSWORD);
  await signedIn(page);
  await page.waitForSelector('html[data-push="connected"]');
  return page;
}

describe("push in the browser", () => {
  it("shows the live-updates dot once connected; the sign-in page does not connect", async () => {
    const page = await signedInPage();
    expect(await page.getAttribute("[data-push-status]", "data-push-status")).toBe("connected");
    expect(server.services.push.hub.connectionCount(processorId)).toBe(1);
    await page.goto(`${server.origin}/logout`);
    await page.waitForURL(/\/login$/);
    expect(await page.locator('meta[name="push-hub"]').count()).toBe(0);
    await expect.poll(() => server.services.push.hub.connectionCount(processorId)).toBe(0);
  });

  it("forceTotalLogout signs an open page out and says why", async () => {
    const page = await signedInPage();
    const res = await superPost("/api/super/ForceTotalLogout", {
      tenantId: processorId,
      reason: "Plant maintenance",
    });
    expect(res.status).toBe(200);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.locator(".toast").allInnerTexts()).toEqual([
      expect.stringContaining("Plant maintenance"),
    ]);
    // the session really ended: home now redirects to sign-in
    await page.goto(`${server.origin}/home/userHome`);
    expect(page.url()).toMatch(/\/login(\?|$)/);
  });

  it("forceRefresh reloads a page, but not a form with unsaved changes", async () => {
    const page = await signedInPage();
    await page.evaluate(() => ((globalThis as { marker?: number }).marker = 1));
    await superPost("/api/super/ForceRefresh", { tenantId: processorId });
    await page.waitForFunction(() => !(globalThis as { marker?: number }).marker);
    await page.waitForSelector('html[data-push="connected"]');

    await page.goto(`${server.origin}/user/account`);
    await page.waitForSelector("[data-hydrated] form");
    await page.waitForSelector('html[data-push="connected"]');
    await page.getByLabel("First name").fill("Changed");
    await page.waitForSelector("form[data-dirty]");
    await page.evaluate(() => ((globalThis as { marker?: number }).marker = 2));
    await superPost("/api/super/ForceRefresh", { tenantId: processorId });
    await expect.poll(() => page.locator(".toast").allInnerTexts()).toContainEqual(
      expect.stringContaining("Save your changes, then reload"),
    );
    expect(await page.evaluate(() => (globalThis as { marker?: number }).marker)).toBe(2);
    expect(await page.getByLabel("First name").inputValue()).toBe("Changed");
  });

  it("reconnects 5 s after the server drops it, then refreshes the session token", async () => {
    const page = await signedInPage();
    const refreshed = page.waitForRequest((r) => r.url().endsWith("/login/refreshtoken"), {
      timeout: 10_000,
    });
    server.services.push.hub.disconnectAll();
    await page.waitForSelector('html[data-push="disconnected"]');
    const dropped = Date.now(); // the reconnect delay is real elapsed time, measured as such
    await page.waitForSelector('html[data-push="connected"]', { timeout: 10_000 });
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(4_000);
    await refreshed;
    expect(server.services.push.hub.connectionCount(processorId)).toBe(1);
  }, 20_000);
});
