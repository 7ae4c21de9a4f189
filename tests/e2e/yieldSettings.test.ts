/**
 * Settings › Product codes, Yield and Cut hierarchy overrides, and the users form's Yield visibility, in
 * Chromium on the demo's yield reference data: add a code, add a standard from a past date and see it in
 * force, delete a future one after confirming, add and delete an override, tick a user's site and species.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { Buffer } from "node:buffer";
import { expectFits, launchBrowser, recordToasts, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";
import { formatDate } from "../../kernel/format.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const TODAY = plantDay();

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  page = browser.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await page.waitForFunction(() => !location.pathname.startsWith("/login"));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const open = async (path: string) => {
  await page.goto(`${server.origin}${path}`);
  await page.waitForLoadState("domcontentloaded");
};
const form = (id: string) => page.locator(`[data-hydrated] form#${id}`);
/** Clicks a confirmed action button (once it has started), then its confirmation. */
const confirmAction = async (row: ReturnType<Page["locator"]>, label: string) => {
  const button = row.locator(`[data-hydrated] button[data-action="${label}"]`);
  await button.click();
  await row.locator("form.action-ask button[type=submit]").click();
};

describe("yield settings in the browser", () => {
  it("adds a sheep product code under a cut and finds it in the list", async () => {
    await open("/settings/productcodes?speciesId=1");
    await expectFits(page);
    await page.getByRole("link", { name: "New code" }).click();
    const f = form("product-code");
    await f.waitFor();
    await f.getByLabel(/^Code/).fill("T-E2E");
    await f.getByLabel("Description").fill("Browser test code");
    await f.getByLabel("AUS-MEAT item number").fill("4999");
    await f.getByLabel(/^Cut/).selectOption({ index: 1 });
    await f.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The product code was saved.");
    await page.waitForURL(/\/settings\/productcodes\?speciesId=1$/);
    const row = page.getByRole("row", { name: /T-E2E/ });
    await expect.poll(() => row.textContent()).toMatch(/Browser test code.*4999.*Saleable product/);
    // searched by words
    await page.getByLabel("Search product codes").fill("browser test");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
  });

  it("adds a standard yield from a past date and sees it in force; deletes a future one after confirming", async () => {
    await open("/settings/yieldsettings?speciesId=1");
    await expectFits(page);
    await page.getByRole("link", { name: "L-RACK-FR" }).click();
    await page.waitForURL(/code=\d+/);
    const panel = page.getByRole("region", { name: /L-RACK-FR .*: standard yields/ });
    const f = panel.locator("[data-hydrated] form");
    await f.getByLabel("From").fill(addDays(TODAY, -5));
    await f.getByLabel("Standard yield (% of HSCW)").fill("3.75");
    await f.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The standard yield was saved.");
    await expect.poll(() => panel.getByRole("row", { name: formatDate(addDays(TODAY, -5)) }).textContent())
      .toMatch(/3\.75 %.*In force/);
    await expect.poll(() => page.getByRole("row", { name: /L-RACK-FR/ }).last().textContent()).toMatch(
      /3\.75 %/,
    );
    await expectFits(page);

    // a future one, then deleted
    await panel.locator("[data-hydrated] form").getByLabel("From").fill(addDays(TODAY, 14));
    await panel.locator("[data-hydrated] form").getByLabel("Standard yield (% of HSCW)").fill("3.9");
    await panel.locator("[data-hydrated] form").getByRole("button", { name: "Save" }).click();
    const future = panel.getByRole("row", { name: formatDate(addDays(TODAY, 14)) });
    await expect.poll(() => future.textContent()).toMatch(/3\.90 %.*From a later day/);
    await confirmAction(future, "Delete");
    await toastWith(page, "The standard yield was deleted.");
    await expect.poll(() => future.count()).toBe(0);
  });

  it("adds a boning room for beef at a site; the rooms list shows it", async () => {
    await open("/settings/yieldsettings?speciesId=2");
    await page.getByRole("link", { name: "New boning room" }).click();
    const f = form("boning-room");
    await f.waitFor();
    await f.getByLabel(/^Site/).selectOption({ label: "Wagga Wagga" });
    await f.getByLabel(/^Name/).fill("Test room");
    await f.getByRole("checkbox", { name: "Beef" }).check();
    await f.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The boning room was saved.");
    await expect.poll(() => page.getByRole("row", { name: /Test room/ }).textContent())
      .toMatch(/Wagga Wagga.*Test room.*Beef.*Yes/);
  });

  it("adds a beef override under another cut with a reason, then deletes it after confirming", async () => {
    await open("/settings/cuthierarchyoverrides?speciesId=2");
    await expectFits(page);
    await expect.poll(() => page.locator(".yield-tree li").count()).toBeGreaterThan(10);
    await page.getByRole("link", { name: "New override" }).click();
    const f = form("segment-override");
    await f.waitFor();
    const cube = await f.getByLabel("Product code").locator("option", { hasText: /^B-CUBE Cube roll, 5 rib/ })
      .getAttribute("value");
    await f.getByLabel("Product code").selectOption(cube!);
    const striploin = await f.getByLabel("Report under").locator("option", { hasText: /Striploin$/ }).first()
      .getAttribute("value");
    await f.getByLabel("Report under").selectOption(striploin!);
    await f.getByLabel("From").fill(addDays(TODAY, -2));
    await f.getByLabel("Reason").fill("Cut spec changed");
    await f.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "The override was saved.");
    const row = page.getByRole("row", { name: /B-CUBE.*Cut spec changed/ });
    await expect.poll(() => row.textContent()).toMatch(/Striploin.*In force/);
    await expect.poll(() => page.locator(".yield-tree .badge").count()).toBe(1);
    await confirmAction(row, "Delete");
    await toastWith(page, "The override was deleted.");
    await expect.poll(() => row.count()).toBe(0);
  });

  it("ticks a site and species in a user's Yield visibility; it is there after a reload", async () => {
    const users = await (await page.request.get(`${server.origin}/api/user/GetTenantUsers`)).json();
    const user = users.find((u: { email: string }) => u.email === "user@demo.processor");
    await open(`/home/clientusers/useredit?id=${user.id}`);
    await expectFits(page);
    const f = form("yield-visibility");
    await f.waitFor();
    const box = f.getByLabel("Wagga Wagga: Sheep");
    await box.check();
    await f.getByRole("button", { name: "Save" }).click();
    await toastWith(page, "Yield visibility saved.");
    await page.reload();
    await form("yield-visibility").waitFor();
    expect(await form("yield-visibility").getByLabel("Wagga Wagga: Sheep").isChecked()).toBe(true);
    expect(await form("yield-visibility").getByLabel("Wagga Wagga: Beef").isChecked()).toBe(false);
  });

  it("uploads a CSV of cartons: a file with a bad row lists it; fixed, it is saved, toasted and listed", async () => {
    await open("/settings/yieldsettings?speciesId=1#carton-records");
    const panel = page.locator("[data-hydrated] [data-carton-upload]");
    await panel.waitFor();
    const day = addDays(TODAY, 3).split("-").reverse().join("/");
    const csv = (code: string) =>
      "serial,productCode,netKg,pieces,productionDate,shift,boningRoom,site,runNumber,head,hscwKg\n" +
      `E2E-C1,L-LEG-CO,21.5,2,${day},day,Boning room 1,Wagga Wagga,9,40,960\n` +
      `E2E-C2,${code},19.25,3,${day},day,Boning room 1,Wagga Wagga,9,40,960\n`;
    const file = (code: string) => ({
      name: "cartons.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv(code)),
    });
    await panel.getByLabel("CSV file of cartons").setInputFiles(file("NO-SUCH"));
    await panel.getByRole("button", { name: "Upload cartons" }).click();
    const rejected = panel.locator("[data-rejected]");
    await expect.poll(() => rejected.textContent()).toMatch(/Row 2: Product code NO-SUCH/);
    await expectFits(page);
    await panel.getByLabel("CSV file of cartons").setInputFiles(file("L-RACK-FR"));
    await panel.getByRole("button", { name: "Upload cartons" }).click();
    await toastWith(page, "2 cartons saved: 2 added, 0 replaced.");
    const latest = page.locator("[data-carton-imports] tbody tr").first();
    await expect.poll(() => latest.textContent()).toMatch(/cartons\.csv.*File upload.*2.*2.*0/);
    expect(await rejected.count()).toBe(0);
  });
});
