/**
 * The invoice reports in Chromium: the invoice report filtered by status through its form, the levy report's
 * totals, and a feedback sheet downloaded as a PDF and read back; every screen fits 1024 px and prints
 * without its forms.
 */
import { describe, expect, it } from "vitest";
import { expectFits } from "../helpers/browser.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { pdfText } from "../helpers/pdf.ts";

const t = signedInBrowser();

describe("invoice reports", () => {
  it("filters the invoice report by status through its form", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/invoicereporting`);
    await expectFits(page);
    await page.getByLabel("Status").selectOption("Published");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/status=Published/);
    const badges = await page.locator("tbody .badge").allInnerTexts();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(["Published"]));
    expect(await page.locator("tfoot").innerText()).toMatch(new RegExp(`Total \\(${badges.length} invoices`));
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("form.period-filter").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
  });

  it("shows the levies deducted with a total", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/levyreporting`);
    await expectFits(page);
    expect(await page.locator("tfoot").innerText()).toMatch(/Total deducted\s+\$[\d,]+\.\d\d/);
    expect(await page.locator("tbody tr", { hasText: "Transaction levy" }).count()).toBeGreaterThan(0);
  });

  it("downloads a lot's feedback sheet as a PDF", async () => {
    const page = t.browser.page;
    await page.goto(`${t.server.origin}/home/feedBackSheets`);
    await expectFits(page);
    const row = page.locator("tbody tr").first();
    const supplier = (await row.locator("td").nth(2).innerText()).trim();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /^PDF for lot/ }).click(),
    ]);
    const bytes = await Deno.readFile(await download.path());
    expect(await pdfText(bytes)).toContain(`Carcass feedback: ${supplier}`);
  });
});
