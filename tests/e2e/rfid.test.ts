/**
 * Livestock › RFID discrepancies in Chromium: the demo's count errors for cattle over the last ten days,
 * an order opened to see the devices to chase; the page fits 1024 px.
 */
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { plantDay } from "../helpers/clock.ts";

const t = signedInBrowser();

describe("RFID discrepancies", () => {
  it("lists the orders whose devices do not add up and opens one", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/livestock/rfidDiscrepancies`);
    const from = plantDay(-9);
    await page.locator("#rfid-from").fill(from);
    await page.locator("#rfid-species").selectOption({ label: "Beef" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/speciesId=2/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const missed = page.locator("tbody tr", { hasText: /−|-\d/ }).first();
    await missed.getByRole("link").first().click();
    await page.waitForURL(/orderId=\d+/);
    await expect.poll(() => page.getByRole("heading", { name: /Killed but never read/ }).count()).toBe(1);
    expect(await page.getByText(/devices read at the race for/).textContent()).toMatch(/live head/);
  });
});
