/**
 * Yield reports in Chromium: an admin saves a summary report through the builder and lands on it (chart,
 * table with a total, CSV); drills into the worst run of the week (its codes against standard and mass
 * balance) and compares two runs side by side; a TV (the display user, 1920×1080) shows today's sheep yield
 * by shift and redraws it when the plant posts cartons (yieldDataChanged), without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFits, launchBrowser, recordToasts, signIn, toastsSeen } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { flatCodes, LAMB } from "../../server/areas/yield/data/reference.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const SHOTS = Deno.env.get("YR_SHOTS"); // a folder: screenshots for a person to look at

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  recordToasts(browser.context);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const shot = async (name: string) => {
  if (SHOTS) await browser.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe("yield reports in the browser", () => {
  it("an admin saves a summary report and views it: chart, table with a total, CSV", async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await page.goto(`${server.origin}/yield/customreports`);
    await expectFits(page);
    await shot("list");
    await page.getByRole("link", { name: "New summary report" }).click();
    await page.waitForURL(/\/yield\/createreport$/);
    await page.waitForSelector("[data-hydrated] form");
    const form = page.locator('[data-island="DataForm"] form');
    await form.getByLabel("Name").fill("Sheep by cut, last 14 days");
    await shot("builder");
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/yield\/viewreport\?id=\d+$/);
    expect(await toastsSeen(page)).toContain("The report was saved.");
    await page.getByRole("heading", { name: "Sheep by cut, last 14 days" }).waitFor();
    expect(await page.locator(".yr-chart svg").count()).toBe(1);
    expect(await page.locator(".yr-figures tbody tr").count()).toBeGreaterThan(3);
    expect(await page.locator(".yr-figures tfoot th").textContent()).toBe("Total");
    expect(await page.getByRole("link", { name: "CSV" }).getAttribute("href")).toMatch(
      /^\/api\/yield\/ExportYieldReport\/\d+$/,
    );
    await expectFits(page);
    await shot("view");
    // it is on the list, deletable by its owner
    await page.goto(`${server.origin}/yield/customreports`);
    await page.getByRole("link", { name: "Sheep by cut, last 14 days" }).waitFor();
  });

  it("drills into the worst run, then compares two runs side by side; day against night shift", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/yield/analysisByRun?species=1`);
    await page.getByRole("heading", { name: "Runs, worst variance first" }).waitFor();
    const shifts = page.getByRole("region", { name: "Day against night shift" });
    expect(await shifts.locator("tbody tr").count()).toBe(2);
    await shot("runs");
    await expectFits(page);
    await page.locator('section[aria-label="Runs"] tbody tr').first().getByRole("link").click();
    await page.waitForURL(/[?&]run=\d+/);
    const detail = page.locator("#run-detail .yr-run");
    expect(await detail.count()).toBe(1);
    await detail.getByRole("heading", { name: "Product codes against standard" }).waitFor();
    await detail.getByRole("heading", { name: "Mass balance" }).waitFor();
    expect(await detail.locator("table").last().locator("tbody tr").count()).toBe(5);
    await shot("run");
    await page.getByRole("button", { name: "Compare" }).click();
    await page.waitForURL(/[?&]a=\d+&b=\d+/);
    expect(await page.locator("#run-detail.yr-compare .yr-run").count()).toBe(2);
    await expectFits(page);
    await shot("compare");
  });

  it("a TV shows today's sheep yield by shift and redraws it when cartons arrive", async () => {
    const page = browser.page;
    await browser.context.clearCookies();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, server.origin, "display@demo.processor", TEST_PASSWORD);
    await page.goto(`${server.origin}/display/yieldCarcass/0`);
    await page.locator("#tv-stage h1", { hasText: "Sheep yield today by shift" }).waitFor();
    const before = await page.locator("#tv-stage").textContent();
    await shot("tv-before");

    // the plant's boning room sends a day-shift run's cartons for today
    const adminToken = await server.login("admin@demo.processor");
    const key = (await (await server.request("/api/integrations/CreateApiKey", {
      method: "POST",
      token: adminToken,
      json: { name: "Boning room TV test" },
    })).json()).key;
    const site =
      (await (await server.request("/login/usermodel", { token: adminToken })).json()).tenantSites[0];
    const codes = flatCodes(LAMB).filter((c) => c.kind === "product").slice(0, 3);
    const sent = await server.request("/api/yield/PostCartons", {
      method: "POST",
      token: key,
      json: {
        cartons: codes.map((c, i) => ({
          serial: `TV-${i}`,
          productCode: c.code,
          netKg: 20,
          pieces: 4,
          productionDate: plantDay(),
          shift: "day",
          boningRoom: "Boning room 1",
          site: site.id,
          run: { runNumber: 77, head: 40, hscwKg: 900 },
        })),
      },
    });
    expect(sent.status).toBe(200);
    await page.waitForFunction(
      (text) => document.getElementById("tv-stage")?.textContent !== text,
      before,
    );
    await page.locator("#tv-stage .tv-table", { hasText: "Day shift" }).waitFor();
    expect(await page.locator(".tv-yield-figure").count()).toBeGreaterThan(1);
    await shot("tv-after");
  });
});
