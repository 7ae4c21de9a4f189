/**
 * The yield home in Chromium (spec 3 §2.1): a filter change reloads the page exactly once (200 ms after
 * the last change, typing included); the week buttons (next disabled once the range reaches today); a
 * day's detail opens as a dialog and closes with Escape; drilling into a body segment and back; segments
 * today updating when the boning room's cartons arrive. The page ships no React.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const TODAY = plantDay();
const dmy = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${Number(d)}/${Number(m)}/${y}`;
};
const rangeText = (from: string, to: string) => `${dmy(from)} - ${dmy(to)}`;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  page = browser.page;
  page.setDefaultTimeout(20_000);
  await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a yield page and waits for its script. */
async function open(path: string) {
  await page.goto(`${server.origin}${path}`);
  await page.waitForSelector("html[data-yield-ready]");
}

/** Counts the documents the page loads from now on. */
function countDocuments() {
  let n = 0;
  const seen = (r: { resourceType(): string }) => {
    if (r.resourceType() === "document") n++;
  };
  page.on("request", seen);
  return { count: () => n, stop: () => page.off("request", seen) };
}

const dateBox = () => page.getByLabel("Dates");

describe("the yield home", () => {
  it("opens on the 7 days ending yesterday with no React, and a filter change reloads once", async () => {
    await open("/yield");
    expect(await dateBox().inputValue()).toBe(rangeText(addDays(TODAY, -7), addDays(TODAY, -1)));
    expect(await page.locator("[data-island]").count()).toBe(0);
    await expect.poll(() => page.locator("svg.recharts-surface").count()).toBeGreaterThan(0);
    // the variance axis on round numbers, zero among them (it read 72, -101, -191, -281 kg)
    const ticks = await page.locator(
      '[data-chart="variance-bars"] .recharts-yAxis .recharts-cartesian-axis-tick-value',
    )
      .allTextContents();
    const values = ticks.map((t) => Number(t.replace(/[^\d.-]/g, "")));
    expect(values).toContain(0);
    const steps = new Set(values.slice(1).map((v, i) => Math.round((v - values[i]) * 1000) / 1000));
    expect(steps.size).toBe(1);
    const step = Math.abs([...steps][0]);
    expect(step / 10 ** Math.floor(Math.log10(step))).toBeOneOf([1, 2, 5]);

    // a plant chosen: one reload, the plant in the address
    const docs = countDocuments();
    const plant = page.getByLabel("Plant");
    const value = await plant.locator("option").nth(1).getAttribute("value");
    await plant.selectOption(value!);
    await page.waitForURL(new RegExp(`plants=${value}`));
    await page.waitForSelector("html[data-yield-ready]");
    expect(await page.getByLabel("Plant").inputValue()).toBe(value);

    // typed a key at a time, faster than the pause: still one reload, after the last key
    await dateBox().fill("");
    await dateBox().pressSequentially("14 days", { delay: 40 });
    await page.waitForURL(new RegExp(`date=${addDays(TODAY, -14)}&toDate=${addDays(TODAY, -1)}`));
    await page.waitForSelector("html[data-yield-ready]");
    expect(await dateBox().inputValue()).toBe(rangeText(addDays(TODAY, -14), addDays(TODAY, -1)));
    docs.stop();
    expect(docs.count()).toBe(2);

    // a reload keeps the filters
    await page.reload();
    expect(await page.getByLabel("Plant").inputValue()).toBe(value);
    expect(await dateBox().inputValue()).toBe(rangeText(addDays(TODAY, -14), addDays(TODAY, -1)));
  });

  it("says plainly when the date box holds no date, and reloads nothing", async () => {
    await open("/yield/volume");
    const docs = countDocuments();
    await dateBox().fill("next tuesday");
    await expect.poll(() => page.locator("[data-yield-date-error]").textContent()).toContain(
      "That is not a date",
    );
    expect(await dateBox().getAttribute("aria-invalid")).toBe("true");
    // the error is written when the pause ends: a good date after it is the marker, its reload the only one
    await dateBox().fill("3 days");
    await page.waitForURL(new RegExp(`date=${addDays(TODAY, -3)}&toDate=${addDays(TODAY, -1)}`));
    await page.waitForSelector("html[data-yield-ready]");
    docs.stop();
    expect(docs.count()).toBe(1);
  });

  it("moves a week back and forward; next is disabled once the range reaches today", async () => {
    await open("/yield/yield");
    const from = addDays(TODAY, -7), to = addDays(TODAY, -1);
    await page.getByRole("link", { name: "‹ Previous week" }).click();
    await page.waitForURL(new RegExp(`date=${addDays(from, -7)}&toDate=${addDays(to, -7)}`));
    expect(await dateBox().inputValue()).toBe(rangeText(addDays(from, -7), addDays(to, -7)));
    await page.getByRole("link", { name: "Next week ›" }).click();
    await page.waitForURL(new RegExp(`date=${from}&toDate=${to}`));
    await page.getByRole("link", { name: "Next week ›" }).click();
    await page.waitForURL(new RegExp(`date=${addDays(from, 7)}&toDate=${addDays(to, 7)}`));
    // the range now runs past today: next is no link any more
    expect(await page.getByRole("link", { name: "Next week ›" }).count()).toBe(0);
    expect(await page.locator('[data-yield-week="1"]').getAttribute("aria-disabled")).toBe("true");
  });

  it("opens a day and plant's detail as a dialog, closed with Escape", async () => {
    await open("/yield/yield");
    const day = page.locator("table.yield-days tbody a[data-yield-day]").first();
    const date = await day.getAttribute("data-yield-day");
    const docs = countDocuments();
    await day.click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator("[data-yield-day-detail]").waitFor();
    expect(await dialog.textContent()).toContain(dmyWords(date!));
    expect(await dialog.getByRole("table").count()).toBeGreaterThanOrEqual(2);
    expect(page.url()).not.toContain("day="); // the page stayed where it was
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    docs.stop();
    expect(docs.count()).toBe(0);
  });

  it("drills from body segments to primals to cuts, and back", async () => {
    await open("/yield/segments");
    const table = page.locator("#yield-tab table");
    expect(await table.locator("th").first().textContent()).toBe("Body segment");
    const segment = page.locator("a[data-yield-drill]").first();
    const name = (await segment.textContent())!;
    await segment.click();
    await page.waitForURL(/drill=\d+/);
    expect(await table.locator("th").first().textContent()).toBe("Primal");
    const trail = page.getByRole("navigation", { name: "Drill-down" });
    expect(await trail.locator('[aria-current="page"]').textContent()).toBe(name);
    await page.locator("#yield-tab table a[data-yield-drill]").first().click();
    await page.waitForURL(/drill=\d+/);
    expect(await table.locator("th").first().textContent()).toBe("Cut");
    await trail.getByRole("link", { name }).click();
    expect(await table.locator("th").first().textContent()).toBe("Primal");
    await trail.getByRole("link", { name: "All body segments" }).click();
    await page.waitForURL((u) => !u.search.includes("drill="));
    expect(await table.locator("th").first().textContent()).toBe("Body segment");
  });

  it("segments today updates when the boning room's cartons arrive", async () => {
    await open("/yield/segmentstoday");
    await page.waitForSelector("#yield-tab[data-live]");
    const cartonsFact = page.locator("#yield-tab dl.facts div", { hasText: "Cartons" }).locator("dd");
    const before = Number((await cartonsFact.textContent())!.replace(/\D/g, "") || 0);
    const token = await server.login("admin@demo.processor");
    const carton = (serial: string, netKg: number) => ({
      serial,
      productCode: "L-LEG-CO",
      netKg,
      pieces: 2,
      productionDate: TODAY,
      shift: "day",
      boningRoom: "Boning room 1",
      site: "Wagga Wagga",
      run: { runNumber: 77, head: 40, hscwKg: 880 },
    });
    const sent = await fetch(`${server.origin}/api/yield/PostCartons`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-local-date": TODAY,
      },
      body: JSON.stringify({ cartons: [carton("E2E-TODAY-1", 20.5), carton("E2E-TODAY-2", 21.5)] }),
    });
    expect(sent.status).toBe(200);
    await expect.poll(async () => Number((await cartonsFact.textContent())!.replace(/\D/g, "") || 0), {
      timeout: 15_000,
    }).toBe(before + 2);
    expect(await page.locator("#yield-tab").getAttribute("data-refreshed")).toBe("1");
  });
});

/** "Tue 1 Dec 2026": how the detail's heading names the day */
function dmyWords(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
