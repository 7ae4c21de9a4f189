/**
 * In Chromium: a user chooses a home page under Account details and lands on it after signing in again;
 * the header's bell counts their unread notifications and rises live when one is sent from elsewhere (a
 * super user's test notification), then falls to nothing once they mark them all read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("home page and notifications in the browser", () => {
  it("chooses Stockyard as the home page and lands on it after signing in again", async () => {
    const page = browser.page;
    await signIn(page, server.origin, "user@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    expect(new URL(page.url()).pathname).not.toBe("/home/stockyard");
    await page.goto(`${server.origin}/user/account`);
    const form = page.locator("#home-page");
    await page.waitForSelector("[data-hydrated] #home-page");
    await form.getByLabel("After signing in, open").selectOption({ label: "Stockyard" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => toast(page, "Your home page is saved").count()).toBe(1);
    for (const width of [1024, 1920]) {
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 1080 });
      await expectFits(page, width);
    }

    await page.goto(`${server.origin}/logout`);
    await page.waitForURL(/\/login$/);
    await signIn(page, server.origin, "user@demo.processor", TEST_PASSWORD);
    await page.waitForURL(/\/home\/stockyard$/);
    await page.goto(`${server.origin}/user/account`);
    expect(await page.locator("#home-page select").inputValue()).toBe("stockyard");
  });

  it("the bell's count rises live when a notification arrives and clears once all are read", async () => {
    const page = browser.page;
    const bell = page.locator("[data-notification-bell]");
    // the page has read its count once the bell says how many
    await expect.poll(() => bell.getAttribute("data-unread")).not.toBeNull();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.push)).toBe("connected");
    const before = Number(await bell.getAttribute("data-unread"));

    // elsewhere: a super user sends this user a test notification
    const superToken = await server.login("super@demo.processor");
    const userId = Number(await bell.getAttribute("data-notification-bell"));
    const tenantId =
      (await (await server.request("/login/usermodel", { token: superToken })).json()).tenantId;
    const sent = await server.request("/api/super/SendTestNotification", {
      method: "POST",
      token: superToken,
      json: { tenantId, userId, title: "Load 12 is over its order", message: "Ordered 100, unloaded 104." },
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => bell.getAttribute("data-unread")).toBe(String(before + 1));
    expect(await bell.locator("[data-notification-count]").textContent()).toBe(String(before + 1));
    expect(await bell.getAttribute("aria-label")).toBe(`Notifications: ${before + 1} unread`);

    await bell.click();
    await page.waitForURL(/\/home\/notifications$/);
    await page.getByText("Load 12 is over its order").waitFor();
    await page.locator('[data-island="ActionButton"][data-hydrated]').first().waitFor();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await page.getByRole("button", { name: "Mark all read" }).click(); // the confirmation
    await expect.poll(() => page.locator("[data-notification-bell]").getAttribute("data-unread"), {
      timeout: 15_000,
    }).toBe("0");
    expect(await page.locator("[data-notification-count]").isHidden()).toBe(true);
  });
});
