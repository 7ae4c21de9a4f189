/**
 * The invoice reports in Chromium: the invoice report filtered by status through its form, the levy report's
 * totals, and a feedback sheet downloaded as a PDF and read back; every screen fits 1024 px and prints
 * without its forms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await browser.page.setViewportSize({ width: 1024, height: 768 });
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("invoice reports", () => {
  it("filters the invoice report by status through its form", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/home/invoicereporting`);
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
    const page = browser.page;
    await page.goto(`${server.origin}/home/levyreporting`);
    await expectFits(page);
    expect(await page.locator("tfoot").innerText()).toMatch(/Total deducted\s+\$[\d,]+\.\d\d/);
    expect(await page.locator("tbody tr", { hasText: "Transaction levy" }).count()).toBeGreaterThan(0);
  });

  it("downloads a lot's feedback sheet as a PDF", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/home/feedBackSheets`);
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
