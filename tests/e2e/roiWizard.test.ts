/**
 * The ROI wizard in Chromium (issue 42): a super user builds a report (twelve months in one action, a
 * typed credit line and a typed debit line), saves it, reloads it, opens the report page (no script) and
 * reads its PDF back with pdftotext; then the analysis menu's card of the demo's published report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signedIn, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the ROI wizard", () => {
  it("builds, saves and reloads a report, shows it and prints it", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.origin, "super@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${server.origin}/wizard/RoiWizard`);
    await page.getByRole("link", { name: "New report" }).click();
    await page.waitForURL(/\/wizard\/RoiWizard\/new$/);
    await page.waitForSelector('[data-island="RoiWizard"][data-hydrated]');
    const form = page.locator("form.roi-wizard");

    await form.getByLabel("Name", { exact: true }).fill("Browser ROI");
    await form.getByLabel("Year").fill("2026");
    await form.getByRole("button", { name: "Add its 12 months" }).click();
    await expect.poll(() => form.locator(".roi-columns tbody tr").count()).toBe(12);

    await form.getByRole("button", { name: "Add a line" }).click();
    await form.getByLabel("Line name").fill("Meat sales");
    await form.getByRole("group", { name: "Meat sales: typed values" }).getByLabel("Jan 2026").fill("1500");
    await form.getByRole("button", { name: "Add a line" }).click();
    const second = form.locator(".roi-wizard-line").nth(1);
    await second.getByLabel("Line name").fill("Freight");
    await second.getByLabel("Side").selectOption("debit");
    await second.getByRole("group", { name: "Freight: typed values" }).getByLabel("Jan 2026").fill("400");
    await expectFits(page);

    await form.getByRole("button", { name: "Save the report" }).click();
    await page.waitForURL(/\/wizard\/RoiWizard\/\d+$/);
    await toastWith(page, /Browser ROI.*saved/);
    const id = Number(page.url().split("/").at(-1));

    await page.reload();
    await page.waitForSelector('[data-island="RoiWizard"][data-hydrated]');
    expect(await page.locator("form.roi-wizard").getByLabel("Name", { exact: true }).inputValue()).toBe(
      "Browser ROI",
    );
    expect(await page.locator(".roi-wizard-line").count()).toBe(2);

    await page.getByRole("link", { name: "Show the report" }).click();
    await page.waitForURL(new RegExp(`/report/RoiLayoutDisplay/${id}$`));
    const table = page.locator("table.roi-grid");
    await expect.poll(() => table.locator("tr", { hasText: "Meat sales" }).count()).toBe(1);
    expect(await table.locator("tr", { hasText: "Meat sales" }).innerText()).toContain("$1,500");
    expect(await page.locator("script[src*='islands']").count()).toBe(0);
    await expectFits(page);

    const pdf = await page.request.get(`${server.origin}/api/report/RoiReportPdf/${id}`);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.body()));
    expect(text).toContain("Browser ROI");
    expect(text).toMatch(/Meat sales\s+\$1,500/);
    expect(text).toMatch(/Page 1 of \d/);

    // the analysis menu: the demo's published report as a card, its chart drawn on the server
    await page.goto(`${server.origin}/home/RoiAnalysisMenu`);
    const card = page.locator("article.roi-analysis-card", { hasText: "Plant by month with budget" });
    await expect.poll(() => card.locator("svg.recharts-surface").count()).toBe(1);
    expect(await card.innerText()).toContain("Largest variances");
    // a variance is an amount and a direction in words, never a sign as well
    const variances = await card.locator(".roi-analysis-variances li").allInnerTexts();
    expect(variances.length).toBeGreaterThan(0);
    for (const v of variances) expect(v).toMatch(/[^-]\$[\d,.]+[km]?\s+(favourable|unfavourable)$/);
    // the value axis on round numbers, zero among them
    const ticks = await card.locator(".recharts-yAxis .recharts-cartesian-axis-tick-value").allTextContents();
    expect(ticks).toContain("$0");
    await expectFits(page);
  });
});
