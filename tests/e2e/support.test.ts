/** Reporting a problem in Chromium: from the user menu on any page, and the support staff handling it. */
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { signIn, toastWith } from "../helpers/browser.ts";
import { TEST_PASSWORD } from "../helpers/app.ts";

const t = signedInBrowser("user@demo.processor");

describe("reporting a problem in the browser", () => {
  it("reports from the page it happened on, and support marks it handled", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/livestock/deliveries`);
    await page.locator(".user-menu > summary").click();
    await page.getByRole("link", { name: "Report a problem" }).click();
    await page.waitForURL(/\/home\/support\?from=/);
    await page.waitForSelector("[data-hydrated] form#report");
    expect(await page.getByLabel("Page").inputValue()).toBe("/home/livestock/deliveries");
    await page.getByLabel("What went wrong?").fill("The week buttons jump back to today.");
    await page.getByRole("button", { name: "Send the report" }).click();
    await page.waitForURL(/\/home\/livestock\/deliveries$/);
    await toastWith(page, /your report was sent/);
    // the user is no support staff: no list of reports
    await page.goto(`${t.server.origin}/home/support`);
    expect(await page.getByRole("heading", { name: "Reported problems" }).count()).toBe(0);

    // another user: a new sign-in without the old cookie (going to /logout raced the page's own
    // redirect once the push connection saw the session end: net::ERR_ABORTED)
    // (leaving the page first: its push client, told the session is gone, would go to /login itself)
    await page.goto("about:blank");
    await t.browser.context.clearCookies();
    await signIn(page, t.server.origin, "support@demo.processor", TEST_PASSWORD);
    await page.goto(`${t.server.origin}/home/support`);
    const row = page.locator("tbody tr", { hasText: "The week buttons jump back to today." });
    expect(await row.getByRole("link", { name: "/home/livestock/deliveries" }).count()).toBe(1);
    await page.waitForSelector("[data-hydrated] button");
    await row.getByRole("button", { name: "Mark handled" }).click();
    await row.getByRole("button", { name: "Mark handled" }).click(); // the confirmation
    await toastWith(page, /Marked handled/);
    await expect.poll(() => page.locator("tbody tr", { hasText: "The week buttons jump back" }).count())
      .toBe(0);
  });
});
