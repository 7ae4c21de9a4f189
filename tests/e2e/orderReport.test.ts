/**
 * Reports › Order Report in Chromium: filter by species, choose columns, save the filter (toast) and find
 * it after a reload, open it, delete it (after a confirmation), download the CSV and the PDF and read
 * them back; the page fits 1024 px. Screenshots at 1024×768 and 1920×1080 go to .tmp/orderreport/.
 */
import { axeFindings } from "../helpers/axe.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const SHOTS = new URL("../../.tmp/orderreport/", import.meta.url).pathname;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  await Deno.mkdir(SHOTS, { recursive: true });
}, 180_000); // the demo template may be seeded first
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const headerCells = (page: typeof browser.page) => page.locator(".or-table thead th").allInnerTexts();

describe("the order report in the browser", () => {
  it("filters, chooses columns, saves a filter, finds it after a reload, downloads CSV and PDF", async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await page.goto(`${server.origin}/home/orderreporting`);
    const filter = page.getByRole("form", { name: "Filter the orders" });
    expect(await headerCells(page)).toContain("Category");
    await expectFits(page);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}1024.png`, fullPage: true });

    // Beef only, with the buyer and without the category
    await filter.getByRole("combobox", { name: "Species" }).selectOption({ label: "Beef" });
    await filter.locator("summary", { hasText: "Columns" }).click();
    await filter.getByRole("checkbox", { name: "Category", exact: true }).uncheck();
    await filter.getByRole("checkbox", { name: "Buyer", exact: true }).check();
    await filter.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/speciesId=2/);
    const heads = await headerCells(page);
    expect(heads).toContain("Buyer");
    expect(heads).not.toContain("Category");
    const species = await page.locator(".or-table tbody td:nth-child(4)").allInnerTexts();
    expect(species.length).toBeGreaterThan(0);
    expect(new Set(species)).toEqual(new Set(["Beef"]));
    await expect.poll(() => page.locator(".or-table tfoot").innerText()).toMatch(/Total \(\d+ orders\)/);

    // save it under a name: a toast, and it is listed after the page comes back
    const save = page.getByRole("form", { name: "Save this filter" });
    await page.waitForSelector('[data-island="OrderReportSaveFilter"][data-hydrated]');
    await save.getByLabel("Save this filter as").fill("Beef with buyers");
    await save.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The filter “Beef with buyers” was saved.");
    await page.reload();
    const saved = page.getByRole("region", { name: "Saved filters" });
    await saved.getByRole("link", { name: "Beef with buyers" }).waitFor();

    // from the plain report, the saved filter brings the species and the columns back
    await page.goto(`${server.origin}/home/orderreporting`);
    await saved.getByRole("link", { name: "Beef with buyers" }).click();
    await page.waitForURL(/speciesId=2/);
    expect(await filter.getByRole("combobox", { name: "Species" }).inputValue()).toBe("2");
    expect(await headerCells(page)).toContain("Buyer");

    // the files of what is shown
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV" }).click(),
    ]);
    const csvText = await Deno.readTextFile((await csv.path())!);
    const lines = csvText.trimEnd().split("\r\n");
    expect(lines[0]).toContain("Buyer");
    expect(lines[0]).not.toContain("Category");
    expect(lines.slice(1, -1).every((l) => l.includes(",Beef,"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Total \(\d+ orders\)/);
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "PDF" }).click(),
    ]);
    const text = await pdfText(await Deno.readFile((await pdf.path())!));
    expect(text).toContain("Order report");
    expect(text).toContain("Species: Beef");
    expect(text).toContain("Buyer");
    expect(text).toMatch(/Totals of \d+ orders/);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}1920.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    // back from 1920 px: once the page has laid out again, nothing scrolls sideways
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(1024);

    // delete it, after saying yes
    const item = saved.locator("li", { hasText: "Beef with buyers" });
    await page.waitForSelector('.or-saved [data-island="ActionButton"][data-hydrated]');
    await item.getByRole("button", { name: "Delete" }).click();
    await item.getByText("Delete the saved filter “Beef with buyers”?").waitFor();
    await page.screenshot({ path: `${SHOTS}1024-delete.png` });
    await item.getByRole("button", { name: "Delete" }).click();
    await toastWith(page, "The filter “Beef with buyers” was deleted.");
    await saved.getByText("None yet").waitFor();
  });
});
