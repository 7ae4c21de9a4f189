/** Price grids in Chromium: a pricing officer adds a group and a grid pasted from a spreadsheet. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What Excel puts on the clipboard for a block of cells: tabs between cells, a row per line. */
const PASTED = [
  "HSCW kg\t1\t2\t3\t4\t5",
  "0-18\t\t820\t840\t800\t",
  "18.1-22\t860\t935\t935\t890\t800",
  "22.1+\t840\t900\t900\t860\t780",
].join("\n");

describe("price grids in the browser", () => {
  it("an admin adds a group and a pasted grid, sees the preview, and finds both listed", async () => {
    const page = browser.page;
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width: 1024, height: 800 });

    await page.goto(`${server.origin}/settings/pricinggrids`);
    expect(await page.getByRole("link", { name: "Beef" }).count()).toBe(1);
    await page.getByRole("link", { name: "Beef" }).click();
    await page.waitForURL(/\/settings\/viewgrids\/2$/);
    await page.getByRole("link", { name: "New group" }).click();
    await page.waitForSelector("[data-hydrated] form");
    let form = page.locator("[data-hydrated] form"); // the header has a species picker too
    expect(await form.getByLabel("Species").inputValue()).toBe("2");
    await form.getByLabel("Species").selectOption({ label: "Sheep" });
    await form.getByLabel("Name").fill("Browser lambs 2031");
    await form.getByLabel("From").fill("2031-03-01");
    await form.getByLabel("To").fill("2031-03-31");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/pricinggridgroups\/\d+$/);
    expect(await page.getByRole("heading", { name: "Browser lambs 2031" }).count()).toBe(1);
    expect(await page.locator("[data-period]").getAttribute("data-period")).toBe("upcoming");

    await page.getByRole("link", { name: "Add grid" }).click();
    await page.waitForSelector("[data-hydrated] form");
    form = page.locator("[data-hydrated] form");
    await form.getByLabel("Reference").fill("LAMB-TRADE");
    await form.getByLabel("Category").selectOption({ label: "Lamb" });
    const cells = form.getByLabel("Prices (c/kg HSCW)");
    // a shifted column is caught by the preview before saving
    await cells.fill("kg\t1\t2\n0-18\t$8.20\t820");
    await page.waitForSelector("[data-preview-errors]");
    expect(await page.locator("[data-preview-errors]").innerText()).toMatch(/cents per kg/);
    // a real paste: the spreadsheet's block on the system clipboard, Ctrl+V in the box
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
    await cells.fill("");
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await cells.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect.poll(() => cells.inputValue()).toBe(PASTED);
    await expect.poll(() => page.locator("[data-best-price]").getAttribute("data-best-price")).toBe("9.35");
    expect(await page.locator("[data-preview] tbody tr").count()).toBe(3);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/pricinggridgroups\/\d+$/);
    const groupUrl = page.url();

    const row = page.locator("table tbody tr", { hasText: "LAMB-TRADE" });
    expect((await row.locator("td").allInnerTexts()).slice(0, 5)).toEqual([
      "1",
      "LAMB-TRADE",
      "Lamb",
      "$9.35",
      "3 × 5",
    ]);
    const sheet = page.getByRole("region", { name: "Prices of LAMB-TRADE" });
    expect(await sheet.locator("tbody tr").count()).toBe(3);
    expect(await sheet.locator("strong").allInnerTexts()).toEqual(["935", "935"]);

    await page.goto(`${server.origin}/settings/viewgrids/1`);
    const listed = page.locator("table tbody tr", { hasText: "Browser lambs 2031" });
    expect(await listed.innerText()).toMatch(/1\sMar\s2031 – 31\sMar\s2031/);
    expect(await listed.innerText()).toMatch(/Lamb \$9\.35/);
    await listed.getByRole("link", { name: "Browser lambs 2031" }).click();
    expect(page.url()).toBe(groupUrl);
  });

  it("a second grid moves above the first with Up", async () => {
    const page = browser.page;
    await page.getByRole("link", { name: "Add grid" }).click();
    await page.waitForSelector("[data-hydrated] form");
    const form = page.locator("[data-hydrated] form");
    await form.getByLabel("Reference").fill("LAMB-MSA");
    await form.getByLabel("Category").selectOption({ label: "Lamb" });
    await form.getByLabel("Prices (c/kg HSCW)").fill("kg,2,3\n0-22,950,960\n22.1+,940,950");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/pricinggridgroups\/\d+$/);
    const references = () =>
      page.locator("table").first().locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(await references()).toEqual(["LAMB-TRADE", "LAMB-MSA"]);
    await page.locator("table tbody tr", { hasText: "LAMB-MSA" }).locator("[data-hydrated] button", {
      hasText: "Up",
    }).click();
    await page.waitForLoadState("load");
    await expect.poll(references).toEqual(["LAMB-MSA", "LAMB-TRADE"]);
  });

  it("a fold on a page with React running loads its form when opened, and says so when it cannot", async () => {
    const page = browser.page;
    const grid = page.locator("table").first().locator("tbody tr", { hasText: "LAMB-MSA" }).getByRole("link")
      .first();
    await grid.click();
    await page.waitForURL(/\/settings\/pricinggrids\/\d+$/);
    await page.waitForSelector("[data-island][data-hydrated]"); // the grid editor: the runtime runs
    const fold = page.locator("#fold-copy");
    expect(await fold.locator("[data-island]").count()).toBe(0);
    await fold.getByText("Copy to a group").click();
    await fold.locator("[data-island][data-hydrated] form").waitFor();
    expect(await fold.getByLabel("Reference").count()).toBe(1);

    // the same fold when the server cannot answer: the section says so and links to its own page
    await page.reload();
    await page.route(/[?&]fold=copy/, (route) => route.fulfill({ status: 503, body: "" }));
    try {
      await page.locator("#fold-copy").getByText("Copy to a group").click();
      await page.locator("#fold-copy", { hasText: "This section could not be loaded." }).waitFor();
      expect(await page.locator("#fold-copy a").getAttribute("href")).toMatch(/\?fold=copy#fold-copy$/);
    } finally {
      await page.unroute(/[?&]fold=copy/);
    }
  });
});
