/** Forgot password in Chromium: from the sign-in page, through the mailed link, to signed in. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, recordToasts, toastWith } from "../helpers/browser.ts";
import { serveTestApp } from "../helpers/app.ts";
import { startSmtp } from "../helpers/smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await serveTestApp({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  await browser.page.setViewportSize({ width: 1024, height: 768 });
  await recordToasts(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe("forgot password in the browser", () => {
  it("asks for a link, follows it from the mail, sets a new password and is signed in", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForSelector("[data-hydrated] form#forgot-password");
    await page.getByLabel("Email").fill("test@demo.processor");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.waitForURL(/sent=1/);
    expect(await page.getByRole("heading", { name: "Check your mail" }).count()).toBe(1);

    await expect.poll(() => smtp.received.length).toBe(1);
    const link = /https?:\/\/\S+\/login\/forgotpassword\?token=[a-z2-7]+/.exec(smtp.received[0].text)![0];
    await page.goto(link);
    await page.waitForSelector("[data-hydrated] form#reset-password");
    await page.locator("#reset-password [name=newPassword]").fill("browser-password-42");
    await page.locator("#reset-password [name=confirmPassword]").fill("browser-password-42");
    await page.getByRole("button", { name: "Set the password and sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await toastWith(page, /Your password was changed and you are signed in/);
    expect(await page.locator(".user-menu").count()).toBe(1);
  });
});
