/**
 * Settings › Invoicing in Chromium: copy the lamb transaction levy to a new rate (bands typed in dollars
 * and percent; the service kill fee form hides the band fields), delete it with a confirmation, and add a
 * defect rule whose amount field follows the rule chosen, then archive it; the pages fit 1024 px.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser();

describe("levies", () => {
  it("copies a rate to a new start date, then deletes the copy after confirming", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/invoicesettings?speciesId=1`);
    await expectFits(page);
    const lamb = page.locator("tr", { hasText: "Transaction levy" }).filter({ hasText: "Lamb" }).first();
    await expect.poll(() => lamb.textContent()).toMatch(/2 % of the value from \$5\.00/);
    await lamb.getByRole("link", { name: /Copy/ }).click();
    await page.waitForURL(/\/copy$/);
    await expectFits(page);
    await page.getByLabel("Applies to kills from").fill("2027-07-01");
    await page.locator('[name="bands.1.percent"]').fill("2.5");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /levy was saved/);
    await page.waitForURL(/\/settings\/invoicesettings\?speciesId=1/);
    const upcoming = page.locator("tr", { hasText: "Upcoming" }).filter({ hasText: "Lamb" });
    await expect.poll(() => upcoming.textContent()).toMatch(/2\.5 % of the value from \$5\.00/);

    await upcoming.getByRole("link", { name: "Transaction levy", exact: true }).click();
    await page.waitForURL(/\/levies\/TransactionLevy\/0\/11\/2027-07-01/);
    await page.getByRole("button", { name: "Delete levy" }).click();
    await page.getByRole("button", { name: /Yes|Confirm|Delete/ }).last().click();
    await toastWith(page, /levy was deleted/);
    await page.waitForURL(/\/settings\/invoicesettings\?speciesId=1$/);
    expect(await page.locator("tr", { hasText: "Upcoming" }).filter({ hasText: "Lamb" }).count()).toBe(0);
  });

  it("a service kill fee asks only for an amount a head", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/invoicesettings/newLevy?speciesId=1`);
    await expect.poll(() => page.locator('[name="bands.2.percent"]').count()).toBe(1);
    await page.getByLabel("Type").selectOption("ServiceKillFee");
    await expect.poll(() => page.locator('[name="bands.2.percent"]').count()).toBe(0);
    expect(await page.locator('[name="bands.0.perHead"]').count()).toBe(1);
    expect(await page.locator('[name="description"]').count()).toBe(0);
  });
});

describe("defect details", () => {
  it("adds a rule whose amount follows the rule chosen, then archives it", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/invoicesettings/newDefectDetail?speciesId=1`);
    await expectFits(page);
    await page.getByLabel("Code").fill("SEED-E2E");
    await page.getByLabel("Category on the invoice").fill("Seed contamination");
    await page.locator('select[name="priceRule"]').selectOption("CentsPerKgOff");
    expect(await page.getByLabel("Percentage off (%)").count()).toBe(0);
    await page.getByLabel("Cents a kg off").fill("35");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /defect detail was saved/);
    await page.waitForURL(/\/settings\/invoicesettings$/);
    const row = page.locator("tr", { hasText: "SEED-E2E" });
    await expect.poll(() => row.textContent()).toMatch(/35c a kg off the grid price/);
    await row.getByRole("link", { name: "SEED-E2E" }).click();
    await page.getByRole("button", { name: "Archive" }).click();
    await page.getByRole("button", { name: /Yes|Confirm|Archive/ }).last().click();
    await toastWith(page, /rule was archived/);
    await expect.poll(() => page.getByText(/Archived: invoices no longer use this rule/).count()).toBe(1);
  });
});
