/** The account page's sessions in Chromium: another device signed in as you, ended with a confirmation. */
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { toastWith } from "../helpers/browser.ts";

const t = signedInBrowser("support@demo.processor");

describe("your sessions in the browser", () => {
  it("lists this browser and another device, and ends the other after asking", async () => {
    const page = t.browser.page;
    const other = await t.server.login("support@demo.processor"); // a script, say, signed in elsewhere
    await page.goto(`${t.server.origin}/user/account`);
    const sessions = page.getByRole("region", { name: "Where you are signed in" });
    await page.waitForSelector("[data-hydrated] button");
    expect(await sessions.locator("tbody tr").count()).toBe(2);
    expect(await sessions.getByText("This browser").count()).toBe(1);
    const row = sessions.locator("tbody tr", { hasText: "An app or script" });
    await row.getByRole("button", { name: "End" }).click();
    await expect.poll(() => row.getByText(/Sign out An app or script/).count()).toBe(1);
    await row.getByRole("button", { name: "End" }).click();
    await toastWith(page, /That session has ended/);
    await expect.poll(() => sessions.locator("tbody tr").count()).toBe(1);
    const res = await fetch(`${t.server.origin}/login/usermodel`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});
