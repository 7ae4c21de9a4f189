/**
 * Settings › Livestock targets in Chromium: add a target through the data form, then see it on the list
 * page's server-drawn chart (bars and the target line) and in the numbers table; the list page loads no
 * island and no React.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, signedIn, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { assetUrl } from "../helpers/assets.ts";
import { plantDay } from "../helpers/clock.ts";
import { addDays, weekdayIndex } from "../../kernel/dates.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let site: { id: number; name: string };

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  const token = await server.login("admin@demo.processor");
  const api = async (path: string) =>
    await (await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  // the site where the demo's sheep orders are delivered (its chart has bars)
  let most = -1;
  for (const s of (await api("/login/usermodel")).tenantSites) {
    const res = await api(`/api/livestock/GetOrdersVersusTargets?speciesId=1&tenantSiteId=${s.id}`);
    if (res.series[0].totalOrdered > most) [site, most] = [s, res.series[0].totalOrdered];
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("livestock targets in the browser", () => {
  it("an admin adds a Monday–Thursday sheep target for one site and sees it against the orders", async () => {
    const page = browser.page;
    page.setDefaultTimeout(20_000);
    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.goto(`${server.origin}/settings/volumetargets?speciesId=1`);
    await page.getByRole("link", { name: "New target" }).click();
    await page.waitForURL(/\/settings\/volumeTargetsNew\?speciesId=1$/);
    await page.waitForSelector("[data-hydrated] form");
    const form = page.locator('[data-island="DataForm"] form');

    // Monday to Friday come ticked for a new target
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
      expect(await form.getByLabel(day, { exact: true }).isChecked(), day).toBe(true);
    }
    expect(await form.getByLabel("Saturday", { exact: true }).isChecked()).toBe(false);
    expect(await form.getByLabel("Sunday", { exact: true }).isChecked()).toBe(false);
    expect(await form.getByLabel("Species").inputValue()).toBe("1");

    const today = plantDay(); // the test app's pinned day at the plant
    await form.getByLabel("Site").selectOption(String(site.id));
    await form.getByLabel("Head a week").fill("1500");
    await form.getByLabel("From").fill(today);
    await form.getByLabel("Until").fill(addDays(today, 59));
    await form.getByLabel("Friday", { exact: true }).uncheck();
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/volumetargets\?speciesId=1$/);

    // the new target is listed as current, Mon–Thu, 4 days, 375 a day
    const current = page.getByRole("region", { name: "Current targets" });
    const row = current.locator("tr", { hasText: site.name });
    expect(await row.innerText()).toMatch(/1,500\s+375\s+Mon–Thu\s+4/);

    // that site's chart: bars for the sheep ordered there, and the target line
    const panel = page.getByRole("region", { name: "Sheep: orders versus targets" });
    await panel.getByLabel("Site", { exact: true }).selectOption(String(site.id));
    await panel.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(new RegExp(`siteId=${site.id}`));
    const chart = page.locator('figure[data-chart="orders-versus-targets"]');
    expect(await chart.locator("svg.recharts-surface").count()).toBe(1);
    // the weekdays' bars are the segments of one path (client/ui/charts/SeriesBars.tsx)
    const bars = await chart.locator("svg path.vt-bar").first().getAttribute("d");
    expect(bars?.split("M").length).toBeGreaterThan(5);
    const line = await chart.locator(".vt-target path.recharts-line-curve").getAttribute("d");
    // a segment per run of target days (a run may be one day when the window starts on a Thursday)
    expect(line).toMatch(/M[\d.]+,[\d.]+L/);
    const svg = chart.getByRole("img", { name: `Sheep at ${site.name}: head ordered versus target` });
    expect(await svg.locator("desc").textContent()).toMatch(/[\d,]+ head ordered against a target of [\d,]+/);

    // the numbers, for those who read: 60 days, Mondays at 375 and Fridays at 0
    await chart.getByText("The numbers, day by day").click();
    const rows = chart.locator("details tbody tr");
    expect(await rows.count()).toBe(60);
    const monday = Array.from({ length: 7 }, (_, i) => i).find((i) => weekdayIndex(addDays(today, i)) === 0)!;
    expect(await rows.nth(monday).locator("td").nth(1).innerText()).toBe("375");
    expect(await rows.nth(monday + 4).locator("td").nth(1).innerText()).toBe("0");
  });

  it("the target opens from the list, is edited (weekdays kept) and deleted after a confirmation", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/settings/volumetargets?speciesId=1`);
    const current = page.getByRole("region", { name: "Current targets" });
    await current.locator("tr", { hasText: site.name }).getByRole("link").click();
    await page.waitForURL(/\/settings\/volumeTargets\/\d+$/);
    await page.waitForSelector("[data-hydrated] form");
    const form = page.locator('[data-island="DataForm"] form');
    expect(await form.getByLabel("Friday", { exact: true }).isChecked()).toBe(false);
    expect(await form.getByLabel("Head a week").inputValue()).toBe("1500");
    await form.getByLabel("Head a week").fill("2000");
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/volumetargets\?speciesId=1$/);
    const row = page.getByRole("region", { name: "Current targets" }).locator("tr", { hasText: site.name });
    expect(await row.innerText()).toMatch(/2,000\s+500\s+Mon–Thu\s+4/);

    await row.getByRole("link").click();
    await page.waitForURL(/\/settings\/volumeTargets\/\d+$/);
    await page.waitForSelector('[data-island="ActionButton"][data-hydrated]');
    await page.getByRole("button", { name: "Delete target" }).click();
    expect(await page.getByText(/Delete the Sheep target/).count()).toBe(1);
    await page.locator("form.action-ask").getByRole("button", { name: "Delete target" }).click();
    await page.waitForURL(/\/settings\/volumetargets\?speciesId=1$/);
    expect(
      await page.getByRole("region", { name: "Current targets" }).locator("tr", { hasText: site.name })
        .count(),
    )
      .toBe(0);
  });

  it("the list page ships no island and no React: only shell.js", async () => {
    const cookie = `session=${await server.login("admin@demo.processor")}`;
    const html =
      await (await fetch(`${server.origin}/settings/volumetargets?speciesId=1`, { headers: { cookie } }))
        .text();
    expect(html).toContain("recharts-surface");
    expect(html).not.toContain("data-island=");
    const shell = assetUrl("runtime/shell");
    expect([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])).toEqual([shell]);

    const page = browser.page;
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.origin}/settings/volumetargets?speciesId=2`);
    await page.waitForLoadState("networkidle");
    expect(scripts).toContain(shell);
    expect(scripts.filter((s) => s.includes("islands"))).toEqual([]);
    expect(await page.locator("[data-island]").count()).toBe(0);
  });
});
