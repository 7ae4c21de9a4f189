/**
 * The livestock dashboard in Chromium: an admin lands on it after signing in; its panels stream in as
 * they are worked out (the next-60-days panel is held back by the test hook, server/areas/livestock/
 * dashboard/panelGate.ts, while the first panels already show); a figure opens the orders behind it in
 * the order report; the suppliers table sorts by its header links. The page loads no React.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { holdPanelForTest } from "../../server/areas/livestock/dashboard/panelGate.ts";

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

describe("the livestock dashboard in the browser", () => {
  it("lands an admin on it, streams its panels, links a figure to its orders and sorts by a header", async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    const scripts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(r.url())));
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.waitForURL(/\/home\/livestockDashboard$/);
    await signedIn(page);
    await page.locator('[data-ready="volume"]').waitFor();
    await expectFits(page);
    expect(scripts.some((s) => /react/i.test(s))).toBe(false);

    // the slowest panel held: the first ones show while it still says it is working
    let release!: () => void;
    const letGo = holdPanelForTest("next60", new Promise<void>((resolve) => release = resolve));
    try {
      await page.goto(`${server.origin}/home/livestockDashboard`, { waitUntil: "commit" });
      await page.locator('[data-ready="volume"]').waitFor();
      await page.locator('[data-ready="suppliers"]').waitFor();
      expect(await page.locator('[data-pending="next60"]').isVisible()).toBe(true);
      expect(await page.locator('[data-ready="next60"]').count()).toBe(0);
      release();
      await page.locator('[data-ready="next60"]').waitFor();
      expect(await page.locator('[data-pending="next60"]').isVisible()).toBe(false);
    } finally {
      letGo();
      release();
    }
    expect(await page.locator('[data-chart="weekly-volume"]').count()).toBeGreaterThan(0);

    // every panel's table whole, without a scroll bar, at 1920 (two columns) as at 1024 (one)
    const clippedTables = () =>
      page.locator(".dash-panel .table-wrap").evaluateAll((wraps) =>
        wraps.filter((w) => w.scrollWidth > w.clientWidth).map((w) => w.closest(".dash-panel")?.id ?? "?")
      );
    await page.locator('[data-ready="costs"]').waitFor();
    expect(await clippedTables()).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    try {
      expect(await clippedTables()).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 });
    }

    // the suppliers sort by the state, then by it backwards
    const suppliers = page.locator('[data-ready="suppliers"]');
    await suppliers.getByRole("link", { name: "State" }).click();
    await page.waitForURL(/sort=state/);
    await page.locator('[data-ready="suppliers"]').waitFor();
    const states = async () =>
      await page.locator('[data-ready="suppliers"] tbody tr td:nth-child(2)').allInnerTexts();
    const ascending = await states();
    expect(ascending).toEqual([...ascending].sort());
    expect(new Set(ascending).size).toBeGreaterThan(1); // the demo's suppliers are in several states
    await page.locator('[data-ready="suppliers"]').getByRole("link", { name: /State/ }).click();
    await page.waitForURL(/sort=-state/);
    await page.locator('[data-ready="suppliers"]').waitFor();
    expect(await states()).toEqual([...ascending].sort().reverse());

    // a supplier's killed head opens that supplier's orders in the order report
    const first = page.locator('[data-ready="suppliers"] tbody tr').first();
    const name = (await first.locator("td").first().innerText()).trim();
    await first.locator("td").nth(2).getByRole("link").click();
    await page.waitForURL(/\/home\/orderreporting\?.*supplierId=\d+/);
    const url = new URL(page.url());
    expect(url.searchParams.get("dateField")).toBe("production");
    expect(await page.locator("main").innerText()).toContain(name);
  });
});
