/**
 * The settings tabs in Chromium as a super user: organisation details (an ABN that fails the ATO check
 * is shown by its field), a new site, a tenant setting turned off after confirming, stock settings, a help
 * section written and read at its address, a login module group switched off, notifications marked read,
 * and location info. Each fits 1024 px.
 */
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits, toastWith } from "../helpers/browser.ts";

const t = signedInBrowser("super@demo.processor");
/** A real 1×1 PNG (the browser must be able to draw the logo). */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const hydrated = (selector: string) => t.browser.page.waitForSelector(`[data-hydrated] ${selector}`);

describe("settings in the browser", () => {
  it("shows the settings tabs and saves the organisation's details after a bad ABN is corrected", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/details`);
    const tabs = page.getByRole("navigation", { name: "Settings" });
    for (const name of ["Organisation Details", "Stock Settings", "Tenant Settings", "Support Content"]) {
      expect(await tabs.getByRole("link", { name }).count()).toBe(1);
    }
    expect(await tabs.getByRole("link", { name: "Organisation Details" }).getAttribute("aria-current"))
      .toBe("page");
    await hydrated("form");
    await page.getByLabel("ABN").fill("51 824 753 557");
    await page.getByLabel("Postcode").fill("2650");
    await page.getByLabel("State or territory").selectOption("NSW");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("That is not a valid ABN: check the digits.").count())
      .toBeGreaterThan(0);
    await page.getByLabel("ABN").fill("51 824 753 556");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /organisation's details were saved/);
    await expectFits(page);

    // the logo goes to storage and is shown beside the details
    await hydrated("[data-action=upload-logo]");
    await page.locator("#logo-file").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: ONE_PIXEL_PNG,
    });
    await toastWith(page, /The logo was uploaded/);
    await expect.poll(() =>
      page.locator("img.org-logo").evaluate((i) => (i as HTMLImageElement).naturalWidth)
    )
      .toBe(1);

    await page.goto(`${t.server.origin}/settings/details?tab=sites`);
    await page.getByRole("link", { name: "Add a site" }).click();
    await hydrated("form");
    await page.getByLabel("Name").fill("Cowra");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/tab=sites$/);
    await toastWith(page, /The site was saved/);
    expect(await page.locator("tbody tr", { hasText: "Cowra" }).count()).toBe(1);
    await expectFits(page);
  });

  it("turns a tenant setting off after confirming, and saves stock settings", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/tenantsettings`);
    const row = page.locator("tbody tr", { hasText: "RFID discrepancies" });
    expect(await row.getByText("On", { exact: true }).count()).toBe(1);
    await hydrated("button");
    await row.getByRole("button", { name: "Turn off" }).click();
    await row.getByRole("button", { name: "Turn off" }).click(); // the confirmation
    await toastWith(page, /RFID discrepancies is off/);
    await expect.poll(() =>
      page.locator("tbody tr", { hasText: "RFID discrepancies" }).getByText("Off").count()
    )
      .toBe(1);

    await page.goto(`${t.server.origin}/settings/stockSettings`);
    await hydrated("form");
    await page.getByLabel("Kill agenda days ahead").fill("4");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /stock settings were saved/);
    await page.reload();
    expect(await page.getByLabel("Kill agenda days ahead").inputValue()).toBe("4");
    await expectFits(page);

    // login modules: a group switched off and saved (the menu rule is the API and unit tests')
    await page.goto(`${t.server.origin}/settings/loginmodules`);
    await hydrated("form#login-modules");
    expect(await page.getByLabel("Everyday work").isDisabled()).toBe(true);
    await page.getByLabel("Production planning").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /login modules are saved/);
    await page.reload();
    expect(await page.getByLabel("Production planning").isChecked()).toBe(false);
    await expectFits(page);
  });

  it("writes a help section that everyone reads at its address, as text", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/supportcontent`);
    await page.getByRole("link", { name: "Add a help section" }).click();
    await hydrated("form#support-section");
    await page.getByLabel("Title").fill("Closing the day");
    await page.getByLabel("Text").fill("Check the **tally** first.\n\n- Print the agenda\n- <b>Sign</b> it");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /The section was saved/);
    await page.getByRole("link", { name: "Closing the day", exact: true }).click();
    await page.waitForURL(/\/support\/content\/closing-the-day$/);
    expect(await page.locator(".help-text strong", { hasText: "tally" }).count()).toBe(1);
    expect(await page.locator(".help-text li").allTextContents()).toEqual([
      "Print the agenda",
      "<b>Sign</b> it",
    ]);
    await expectFits(page);
  });

  it("lists notifications and marks them all read; shows location info as lists", async () => {
    const page = t.browser.page;
    await page.locator(".user-menu > summary").click(); // reached from the user menu on any page
    await page.locator(".user-menu").getByRole("link", { name: "Notifications" }).click();
    await page.waitForURL(/\/home\/notifications$/);
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(0);
    if (await page.getByRole("button", { name: "Mark all read" }).count()) {
      await hydrated("button");
      await page.getByRole("button", { name: "Mark all read" }).click();
      await page.getByRole("button", { name: "Mark all read" }).click(); // the confirmation
      await toastWith(page, /All notifications are marked read/);
    }
    await expect.poll(() => page.getByRole("button", { name: "Mark read" }).count()).toBe(0);
    await expectFits(page);

    await page.goto(`${t.server.origin}/home/locationinfo`);
    expect(await page.getByRole("heading", { name: "Yards and paddocks" }).count()).toBe(1);
    await expectFits(page);
    await page.getByRole("link", { name: "Supplier locations" }).click();
    await page.waitForURL(/tab=suppliers/);
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(0);
    await expectFits(page);
  });
});
