/**
 * Phone verification in Chromium, with no SMS gateway configured: the user asks for a code, the super user
 * reads it on the Outbox page (where unsent texts are kept), the user types a wrong code, then the right one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let user: Awaited<ReturnType<typeof launchBrowser>>;
let boss: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  [user, boss] = await Promise.all([launchBrowser(), launchBrowser()]);
  for (const b of [user, boss]) {
    await b.page.setViewportSize({ width: 1024, height: 768 });
    await recordToasts(b.context);
  }
  await signIn(user.page, server.origin, "user@demo.processor", TEST_PASSWORD);
  await signIn(boss.page, server.origin, "super@demo.processor", TEST_PASSWORD);
});
afterAll(async () => {
  await user?.close();
  await boss?.close();
  await server?.close();
});

describe("phone verification in the browser", () => {
  it("texts a code, refuses a wrong one in plain words, verifies with the right one", async () => {
    const page = user.page;
    await page.goto(`${server.origin}/user/account`);
    await page.getByRole("link", { name: "Verify your mobile" }).click();
    await page.waitForSelector("[data-hydrated] form#phone-number");
    await page.locator("#phone-number [name=phone]").fill("+61 412 555 000");
    await page.getByRole("button", { name: "Text me a code" }).click();
    await page.waitForURL(/step=code/);
    await toastWith(page, /A code is on its way/);
    expect(await page.getByText("We texted a six-digit code to").count()).toBe(1);
    await page.waitForSelector("[data-hydrated] form#phone-code");
    await expectFits(page);

    // no gateway here: the text waits in the super user's outbox
    await boss.page.goto(`${server.origin}/super/outbox`);
    const texts = boss.page.getByRole("region", { name: "Text messages" });
    const message = await texts.locator("tbody tr").first().innerText();
    expect(message).toContain("+61 412 555 000");
    const code = /\b(\d{6})\b/.exec(message)![1];
    await expectFits(boss.page);

    await page.locator("#phone-code [name=code]").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByText("Your code was incorrect").count()).toBeGreaterThan(0);

    await page.locator("#phone-code [name=code]").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/user\/account/);
    await toastWith(page, /Your mobile is verified/);
    expect(await page.locator("p", { hasText: "Your mobile is verified." }).count()).toBe(1);
  });

  it("the outbox is the super user's only", async () => {
    const res = await user.page.goto(`${server.origin}/super/outbox`);
    expect(res!.status()).toBe(403);
    expect(await user.page.getByRole("region", { name: "Text messages" }).count()).toBe(0);
  });
});
