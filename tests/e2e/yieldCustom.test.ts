/**
 * Yield › custom metrics in Chromium over the demo's boning season: a custom tab built in the metric
 * builder dialog is found after a reload, opens as a server-drawn chart and table, and is deleted after a
 * confirmation; the graph editor redraws when a filter changes; the yield table's CSV downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await signIn(browser.page, server.origin, "user@demo.processor", TEST_PASSWORD);
  await browser.page.waitForURL((url) => !url.pathname.startsWith("/login"));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const cog = async () => {
  const page = browser.page;
  await page.goto(`${server.origin}/yield/custom`);
  await page.waitForSelector('[data-island="YieldCustomTabs"][data-hydrated]');
  return page.getByRole("list", { name: "Your custom tabs" });
};

describe("custom metric tabs", () => {
  it("a tab built in the metric builder is kept, found after a reload and opened as a chart", async () => {
    const page = browser.page;
    await cog();
    expect(await page.getByText("You have no custom tabs yet").count()).toBe(1);
    await page.getByRole("button", { name: "Add a tab" }).click();
    const dialog = page.getByRole("dialog", { name: "New custom tab" });
    await dialog.getByLabel("Name").fill("Shift yields");
    // an empty choice is refused in the dialog, before anything is sent
    await dialog.getByRole("button", { name: "Save tab" }).click();
    expect(await dialog.getByRole("alert").innerText()).toBe("Choose at least one metric.");
    await dialog.getByRole("checkbox", { name: /^Yield %$/ }).check();
    await dialog.getByRole("checkbox", { name: /^Standard yield %$/ }).check();
    await dialog.getByRole("checkbox", { name: /^Carcasses #$/ }).check();
    await dialog.getByLabel("Grouping").selectOption("shift");
    await dialog.getByRole("radio", { name: "Average" }).check();
    await dialog.getByRole("radio", { name: "Bar" }).check();
    await dialog.getByRole("button", { name: "Save tab" }).click();
    await page.getByText("The tab “Shift yields” was added.").first().waitFor();
    expect(await dialog.count()).toBe(0);

    await page.reload();
    const list = await cog();
    const item = list.getByRole("listitem").filter({ hasText: "Shift yields" });
    expect(await item.innerText()).toContain("3 metrics by shift, averaged, bar");
    await item.getByRole("link", { name: "Shift yields" }).click();
    await page.waitForURL(/\/yield\/custom\/shift-yields$/);
    const chart = page.locator('figure[data-chart="yield-metrics"]');
    expect(await chart.locator("svg.recharts-surface").count()).toBe(1);
    expect(await chart.locator("path.recharts-rectangle").count()).toBeGreaterThan(2);
    const rows = page.locator("table.yc-table tbody tr");
    expect(await rows.locator("th").allInnerTexts()).toEqual(["Day shift", "Night shift"]);
    expect(await page.locator("table.yc-table tfoot th").innerText()).toBe("Average");

    // a filter of the home's: one plant only
    const plant = page.getByRole("form", { name: "Yield filters" }).getByRole("checkbox").first();
    const plantName = (await plant.locator("xpath=..").innerText()).trim();
    await plant.check();
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/plants=\d+/);
    expect(await page.getByRole("form", { name: "Yield filters" }).getByLabel(plantName).isChecked()).toBe(
      true,
    );
    expect(await page.locator("table.yc-table tbody tr").count()).toBe(2);
  });

  it("the tab is edited, moved and deleted after a confirmation", async () => {
    const page = browser.page;
    let list = await cog();
    await page.getByRole("button", { name: "Add a tab" }).click();
    const dialog = page.getByRole("dialog", { name: "New custom tab" });
    await dialog.getByLabel("Name").fill("Cartons");
    await dialog.getByRole("checkbox", { name: /^Cartons #$/ }).check();
    await dialog.getByRole("button", { name: "Save tab" }).click();
    await page.getByText("The tab “Cartons” was added.").first().waitFor();

    await page.getByRole("button", { name: "Move Cartons up" }).click();
    await page.getByText("The tabs were reordered.").first().waitFor();
    await page.getByRole("button", { name: "Edit Shift yields" }).click();
    const edit = page.getByRole("dialog", { name: "Edit “Shift yields”" });
    await edit.getByLabel("Name").fill("Shift yield");
    await edit.getByRole("button", { name: "Save tab" }).click();
    await page.getByText("The tab “Shift yield” was saved.").first().waitFor();

    list = await cog();
    expect(await list.getByRole("link").allInnerTexts()).toEqual(["Cartons", "Shift yield"]);
    await page.getByRole("button", { name: "Delete Shift yield" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this tab?" });
    expect(await confirm.innerText()).toContain("“Shift yield” goes from your custom tabs");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await list.getByRole("link").count()).toBe(2);
    await page.getByRole("button", { name: "Delete Shift yield" }).click();
    await page.getByRole("dialog", { name: "Delete this tab?" }).getByRole("button", { name: "Delete tab" })
      .click();
    await page.getByText("The tab “Shift yield” was deleted.").first().waitFor();
    list = await cog();
    expect(await list.getByRole("link").allInnerTexts()).toEqual(["Cartons"]);
  });
});

describe("the graph editor and the table", () => {
  it("the graph is redrawn on the server when a filter changes", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/yield/edit?graphType=volume`);
    const form = page.getByRole("form", { name: "Graph filters" });
    expect(await form.getByLabel("Graph").inputValue()).toBe("volume");
    const bars = page.locator('figure[data-chart="yield-metrics"] path.recharts-rectangle');
    const before = await bars.evaluateAll((els) => els.map((e) => e.getAttribute("d")).join("|"));
    const total = async () => await page.locator("details.yc-numbers tfoot td").first().textContent();
    const allHead = await total();
    await form.getByRole("checkbox", { name: "Night shift" }).check();
    await form.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/shifts=night/);
    expect(await page.getByRole("form", { name: "Graph filters" }).getByLabel("Night shift").isChecked())
      .toBe(true);
    const after = await bars.evaluateAll((els) => els.map((e) => e.getAttribute("d")).join("|"));
    expect(after).not.toBe(before);
    const nightHead = await total();
    expect(Number(nightHead!.replace(/,/g, ""))).toBeLessThan(Number(allHead!.replace(/,/g, "")));
    // no chart code in the browser
    const html = await page.content();
    expect(html).not.toContain('data-island="');
  });

  it("the yield table downloads as CSV", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/yield/table`);
    expect(await page.locator("table.yc-grid tbody tr.yc-section").count()).toBeGreaterThan(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sheep-yield-\d\d-\d\d-\d{4}-to-\d\d-\d\d-\d{4}\.csv$/);
    const text = await Deno.readTextFile(await download.path());
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toMatch(
      /^Body segment,Primal,.* yield %,Total yield %,Standard yield %,Variance \(pp\)$/,
    );
    expect(lines.at(-1)).toMatch(/^,All products,\d+\.\d\d,/);
  });

  it("the table saved as a summary report opens again as the table from that report", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/yield/table?columns=day`);
    const form = page.locator("[data-hydrated] form#yield-table-report");
    await form.waitFor();
    await form.getByLabel(/^Report name/).fill("Table by day");
    await form.getByRole("button", { name: "Save as a report" }).click();
    await page.waitForURL(/\/yield\/table\?templateId=\d+$/);
    expect(await page.getByText("From the saved report").innerText()).toContain("Table by day");
    expect(await page.locator('select[name="columns"]').inputValue()).toBe("day");
    await page.locator("[data-hydrated] form#yield-table-report").waitFor();
    expect(await page.getByRole("button", { name: "Save the report" }).count()).toBe(1);
  });
});
