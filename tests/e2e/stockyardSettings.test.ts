/**
 * Settings › Yards & paddocks in Chromium: the yard list, adding a yard, and the pen layout editor
 * (Konva): add a pen, drag it, resize it with the Transformer, rename it, save and find it again after a
 * reload; the keyboard (arrows, undo, redo); a pen with stock cannot be deleted; a save that crosses
 * someone else's is a Change Conflict with a Reload button; the site map upload.
 * The pens' numbers are read from the editor's "Pens as a list" table (data-pen-row).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
let site: { id: number; name: string };
let yardId: number;

/** A 4 × 4 PNG (a real image the canvas can draw). */
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEUlEQVR4nGM4saUCjhiI4wAAMeEfQZbs4AUAAAAASUVORK5CYII=",
  ),
  (c) => c.charCodeAt(0),
);

async function api(path: string, json?: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("admin@demo.processor");
  site = (await api("/login/usermodel")).body.tenantSites[0];
  // a yard of its own, so the demo yards' pens do not get in the way
  const made = await api("/api/stockyard/UpsertStockyard", {
    name: "Test yard",
    tenantSiteId: site.id,
    speciesId: 1,
    isAnySpeciesYard: false,
    isPaddockGroup: false,
    isIncludeUnfitBin: true,
    isOperational: true,
    capacity: 500,
  });
  expect(made.status).toBe(200);
  yardId = made.body.id;
  // leaving a layout with unsaved changes asks first (beforeunload): the tests go on
  browser.page.on("dialog", (d) => void d.accept());
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a yard's page and waits for the Konva canvas. */
async function openYard(page: Page, id = yardId) {
  await page.goto(`${server.origin}/settings/stockyard/${id}`);
  await page.waitForSelector("[data-pen-editor][data-ready]");
  await page.waitForSelector('[data-island="PenLayoutEditor"][data-hydrated] canvas');
}

/** Screen points of layout units on the canvas. */
async function stageOf(page: Page) {
  const el = page.locator(".pen-editor-stage");
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  const scale = Number(await el.getAttribute("data-scale"));
  return { at: (x: number, y: number) => ({ x: box.x + 1 + x * scale, y: box.y + 1 + y * scale }), scale };
}

async function penOf(page: Page, name: string) {
  const row = page.locator(`[data-pen-row="${name}"]`);
  if (!(await row.count())) return null;
  const n = async (a: string) => Number(await row.getAttribute(`data-${a}`));
  return { x: await n("x"), y: await n("y"), width: await n("width"), height: await n("height") };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

async function clickPen(page: Page, name: string, modifiers: ("Shift")[] = []) {
  const pen = (await penOf(page, name))!;
  const s = await stageOf(page);
  const p = s.at(pen.x + pen.width / 2, pen.y + pen.height / 2);
  await page.mouse.click(p.x, p.y, { modifiers });
}

describe("yards and paddocks in the browser", () => {
  it("lists the yards of the admin's sites and adds a paddock group", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/settings/stockyard`);
    const table = page.getByRole("region", { name: "Yards and paddocks" }).locator("table");
    await expect.poll(() => table.locator("tbody tr").count()).toBeGreaterThanOrEqual(5);
    const row = table.locator("tr", { hasText: "Test yard" });
    expect(await row.innerText()).toMatch(/Test yard\s+\S.*\s+Sheep\s+No\s+Yes\s+Yes\s+500\s+0/);

    await page.getByRole("link", { name: "Add yard" }).click();
    await page.waitForURL(/\/settings\/stockyard\/new$/);
    await page.waitForSelector("[data-hydrated] form");
    const form = page.locator('[data-island="DataForm"] form');
    await form.getByLabel("Name").fill("North paddocks");
    await form.getByLabel("Site").selectOption(String(site.id));
    await form.getByLabel("Any species").check();
    await form.getByLabel("Paddock group").check();
    await form.getByLabel("Capacity (head)").fill("1200");
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/settings\/stockyard\/\d+$/);
    await page.waitForSelector("[data-pen-editor][data-ready]");
    expect(await page.getByRole("heading", { name: "Paddock layout" }).count()).toBe(1);
    await page.goto(`${server.origin}/settings/stockyard`);
    const added = page.locator("tr", { hasText: "North paddocks" });
    expect(await added.innerText()).toMatch(
      /North paddocks\s+\S.*\s+Any species\s+Yes\s+Yes\s+Yes\s+1,200\s+0/,
    );
  });

  it("changes the plant's checks before the kill, with a toast, and keeps them after a reload", async () => {
    const page = browser.page;
    await page.goto(`${server.origin}/settings/stockyard`);
    await page.waitForSelector("#mob-checks[aria-labelledby]");
    const form = page.locator("#mob-checks");
    expect(await form.getByLabel("Check 2").inputValue()).toBe("Ante-mortem inspection");
    await form.getByLabel("Check 4").fill("Feed withheld 12 h");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("The checks were saved.").count()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.locator("#mob-checks").getByLabel("Check 4").inputValue()).toBe("Feed withheld 12 h");
  });

  it("adds a pen at 5,5, drags it, resizes it, renames it, saves, and finds it after a reload", async () => {
    const page = browser.page;
    await openYard(page);
    await page.getByRole("button", { name: "Add pen" }).click();
    expect(await penOf(page, "P1")).toEqual({ x: 5, y: 5, width: 40, height: 30 });

    // drag it 100 right and 60 down (snapped to the 5-unit grid)
    let s = await stageOf(page);
    await drag(page, s.at(25, 20), s.at(125, 80));
    expect(await penOf(page, "P1")).toEqual({ x: 105, y: 65, width: 40, height: 30 });

    // resize from the Transformer's bottom-right handle: 40 wider, 30 higher
    s = await stageOf(page);
    await drag(page, s.at(145, 95), s.at(185, 125));
    const resized = (await penOf(page, "P1"))!;
    expect(resized).toMatchObject({ x: 105, y: 65 });
    expect(resized.width).toBeGreaterThanOrEqual(75);
    expect(resized.width).toBeLessThanOrEqual(85);
    expect(resized.height).toBeGreaterThanOrEqual(55);
    expect(resized.height).toBeLessThanOrEqual(65);
    expect(resized.width % 5).toBe(0);

    // a resize never goes below 10 × 10
    await page.getByLabel("Width").fill("3");
    await page.getByLabel("Width").press("Enter");
    expect((await penOf(page, "P1"))!.width).toBe(10);
    await page.getByLabel("Width").fill("80");
    await page.getByLabel("Width").press("Enter");

    await page.getByLabel("Pen name").fill("Q1");
    expect(await page.locator('[data-pen-row="Q1"]').count()).toBe(1);
    expect(await page.locator("[data-save-state]").innerText()).toBe("Unsaved changes");
    await page.getByRole("button", { name: "Save layout" }).click();
    await toast(page, "The layout of Test yard was saved: 1 pen.").waitFor();
    expect(await page.locator("[data-save-state]").innerText()).toBe("All changes saved");

    await openYard(page);
    expect(await penOf(page, "Q1")).toMatchObject({ x: 105, y: 65, width: 80 });
    expect(await page.locator('[data-pen-row="Q1"] td').first().textContent()).toBe("Q1");
    const saved = (await api(`/api/stockyard/GetStockyardSetup/${yardId}`)).body;
    expect(saved.pens).toEqual([expect.objectContaining({ name: "Q1", x: 105, y: 65, width: 80, angle: 0 })]);
  });

  it("moves the selected pen with the arrow keys, and undoes and redoes", async () => {
    const page = browser.page;
    await openYard(page);
    await clickPen(page, "Q1");
    expect(await page.getByLabel("Pen name").inputValue()).toBe("Q1");
    const stage = page.locator(".pen-editor-stage");
    expect(await stage.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 110, y: 65 });
    await page.keyboard.press("Shift+ArrowDown");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 110, y: 115 });
    await page.keyboard.press("Control+z");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 110, y: 65 });
    await page.keyboard.press("Control+z");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 105, y: 65 });
    expect(await page.locator("[data-save-state]").innerText()).toBe("All changes saved");
    await page.keyboard.press("Control+Shift+z");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 110, y: 65 });
    await page.keyboard.press("Control+y");
    expect(await penOf(page, "Q1")).toMatchObject({ x: 110, y: 115 });
    // the Undo button does the same
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByRole("button", { name: "Undo" }).click();
    expect(await penOf(page, "Q1")).toMatchObject({ x: 105, y: 65 });
  });

  it("selects with a rubber band, aligns, duplicates and deletes after asking", async () => {
    const page = browser.page;
    await openYard(page);
    await page.getByRole("button", { name: "Add pen" }).click(); // P1 at 5,5
    await page.getByLabel("Left", { exact: true }).fill("300");
    await page.getByLabel("Left", { exact: true }).press("Enter");
    await page.getByLabel("Top", { exact: true }).fill("200");
    await page.getByLabel("Top", { exact: true }).press("Enter");
    const s = await stageOf(page);
    await drag(page, s.at(90, 40), s.at(360, 250)); // around Q1 (105,65) and P1 (300,200)
    expect(await page.locator("[data-pen-panel=many]").innerText()).toMatch(/2 pens selected/);
    await page.getByRole("button", { name: "Align left" }).click();
    expect((await penOf(page, "P1"))!.x).toBe((await penOf(page, "Q1"))!.x);

    await page.getByRole("button", { name: "Duplicate" }).click();
    expect(await page.locator("[data-pen-row]").count()).toBe(4);
    await page.locator(".pen-editor-stage").focus();
    await page.keyboard.press("Delete");
    const ask = page.getByRole("alertdialog", { name: "Delete pens" });
    expect(await ask.innerText()).toMatch(/Delete 2 pens/);
    await ask.getByRole("button", { name: "Delete" }).click();
    expect(await page.locator("[data-pen-row]").count()).toBe(2);
    await page.keyboard.press("Control+z");
    expect(await page.locator("[data-pen-row]").count()).toBe(4);
  });

  it("refuses to delete a pen that holds stock, in plain words", async () => {
    const page = browser.page;
    const yards = (await api("/api/stockyard/GetStockyardSetups")).body as {
      id: number;
      pens: { name: string; head: number }[];
    }[];
    const yard = yards.find((y) => y.pens.some((p) => p.head > 0))!;
    const full = yard.pens.find((p) => p.head > 0)!;
    await openYard(page, yard.id);
    await clickPen(page, full.name);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const notice = page.locator(".pen-editor-notice");
    expect(await notice.innerText()).toBe(
      `Pen ${full.name} (${full.head} head) holds stock: move the stock out in the yard before deleting the pen.`,
    );
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });

  it("a save after someone else's is a Change Conflict; Reload shows theirs", async () => {
    const page = browser.page;
    await openYard(page);
    // someone else saves the layout meanwhile
    const current = (await api(`/api/stockyard/GetStockyardSetup/${yardId}`)).body;
    const theirs = await api("/api/stockyard/SaveStockyardLayout", {
      stockyardId: yardId,
      lastModified: current.lastModified,
      pens: [...current.pens, { name: "THEIRS", x: 500, y: 400, width: 50, height: 50, angle: 0 }],
    });
    expect(theirs.status).toBe(200);

    await page.getByRole("button", { name: "Add pen" }).click();
    await page.getByRole("button", { name: "Save layout" }).click();
    const banner = page.locator("[data-conflict]");
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/Change Conflict\..*Someone else saved this yard's layout/s);
    await banner.getByRole("button", { name: "Reload" }).click();
    await page.locator('[data-pen-row="THEIRS"]').waitFor({ state: "attached" });
    expect(await page.locator("[data-conflict]").count()).toBe(0);
    expect(await page.locator("[data-save-state]").innerText()).toBe("All changes saved");
  });

  it("uploads a site map and draws it behind the pens", async () => {
    const page = browser.page;
    await openYard(page);
    expect(await page.getByRole("button", { name: "Upload site map…" }).count()).toBe(1);
    const download = page.waitForResponse((r) => r.url().includes(`/api/storage/DownloadMapImage/${yardId}`));
    await page.locator("[data-map-file]").setInputFiles({
      name: "map.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG),
    });
    await toast(page, "The site map was uploaded.").waitFor();
    const res = await download;
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(await page.getByRole("button", { name: "Replace site map…" }).count()).toBe(1);
    // the server's preview draws it too (no Konva)
    const html = await (await fetch(`${server.origin}/settings/stockyard/${yardId}`, {
      headers: { cookie: `session=${token}` },
    })).text();
    expect(html).toContain(`/api/storage/DownloadMapImage/${yardId}`);
  });
});
