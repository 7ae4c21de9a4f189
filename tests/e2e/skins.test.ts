/**
 * Skin grading and skin/hide prices in Chromium: the count sheet of a kill day (an over-count is named and
 * blocks Save, "Rest as 1" fills grade 1, Enter moves down, Save toasts and the counts persist; the lot
 * leaves "To count"), a new lamb skin price through the form, archived after a confirmation; the screens
 * fit 1024 px.
 */
import { describe, expect, it } from "vitest";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";

const t = signedInBrowser();

describe("the count sheet", () => {
  it("counts a lot by grade, refusing more skins than head, and saves", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/skingrade`);
    await page.locator('[data-island="SkinCountSheet"][data-hydrated]').waitFor({ timeout: 10_000 });
    await expectFits(page);
    const row = page.locator(".skin-sheet tbody tr").first();
    const lot = (await row.locator("strong").innerText()).trim();
    const head = Number((await row.locator(".badge").innerText()).split("/")[1]);
    const save = page.getByRole("button", { name: "Save counts" });
    expect(await save.isDisabled()).toBe(true);

    await row.getByLabel(`Grade 2, lot ${lot}`).fill(String(head + 1));
    await expect.poll(() => row.locator(".field-error").innerText()).toContain(
      `${head + 1} skins counted but ${head}`,
    );
    expect(await save.isDisabled()).toBe(true);

    await row.getByLabel(`Grade 2, lot ${lot}`).fill("5");
    await row.getByLabel(`Reject, lot ${lot}`).fill("2");
    await row.getByRole("button", { name: `Count the rest of lot ${lot} as grade 1` }).click();
    expect(await row.getByLabel(`Grade 1, lot ${lot}`).inputValue()).toBe(String(head - 7));
    await row.getByLabel(`Grade 3, lot ${lot}`).focus();
    await page.keyboard.press("Enter"); // moves down the Grade 3 column
    const next = page.locator(".skin-sheet tbody tr").nth(1);
    if (await next.count()) {
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(
        /^Grade 3, lot /,
      );
    }
    await expect.poll(() => row.locator(".badge").innerText()).toBe(`${head} / ${head}`);
    await save.click();
    await toastWith(page, /skins of 1 lot were saved/);
    await expect.poll(() => page.getByText("All saved").count()).toBe(1);

    await page.reload();
    await page.locator('[data-island="SkinCountSheet"][data-hydrated]').waitFor({ timeout: 10_000 });
    expect(await page.getByLabel(`Grade 1, lot ${lot}`).inputValue()).toBe(String(head - 7));

    await page.getByRole("link", { name: "To count" }).click();
    await page.waitForURL(/view=incomplete/);
    await expectFits(page);
    expect(await page.locator("td", { hasText: lot }).count()).toBe(0);
  });
});

describe("skin prices", () => {
  it("adds a lamb skin price and archives it after a confirmation", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/settings/skinprice`);
    await expectFits(page);
    await page.getByRole("link", { name: "New skin price" }).click();
    await page.waitForURL(/\/settings\/newskinprice\/1$/);
    await page.locator('[data-island="DataForm"][data-hydrated]').waitFor({ timeout: 10_000 });
    await expectFits(page);
    await page.getByLabel("Name").fill("Lamb skins E2E");
    await page.getByLabel("Category").selectOption({ label: "Lamb" });
    await page.locator('[name="startDate"]').fill("2026-01-05");
    await page.getByLabel("Grade 1 ($ a skin)").fill("6.25");
    await page.getByLabel("Grade 2 ($ a skin)").fill("4");
    await page.getByRole("button", { name: "Save" }).click();
    await toastWith(page, /skin price was saved/);
    await page.waitForURL(/\/settings\/skinprice\?speciesId=1$/);
    const row = page.locator("tr", { hasText: "Lamb skins E2E" });
    await expect.poll(() => row.textContent()).toMatch(/\$6\.25.*\$4\.00/);

    await row.getByRole("link", { name: "Lamb skins E2E", exact: true }).click();
    await page.getByRole("button", { name: "Archive" }).click();
    await page.getByRole("button", { name: "Archive" }).last().click();
    await toastWith(page, /price was archived/);
    await expect.poll(() => page.getByText(/Archived from/).count()).toBe(1);
  });
});
