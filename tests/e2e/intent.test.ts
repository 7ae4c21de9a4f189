/**
 * Forms and buttons that start when the user reaches for them (client/runtime/intent.ts), in Chromium
 * without the test helper's reaching: the price grid page runs no React while it is only read; a pointer,
 * a focus or a click starts the island it is on, and a click or typing before React holds it is not lost.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { eq } from "drizzle-orm";
import { pricingGrids } from "../../db/tenant/schema.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let gridPage = "";
let gridId = 0;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser({ reach: false });
  await browser.page.setViewportSize({ width: 1024, height: 768 });
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  const db = await server.services.db.tenantDb(1);
  const [grid] = await db.select({ id: pricingGrids.id }).from(pricingGrids).limit(1);
  gridId = grid.id;
  gridPage = `${server.origin}/settings/pricinggrids/${grid.id}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Holds React's runtime until `release` is called, so what happens before it runs can be seen. */
async function holdRuntime(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  await page.route(/\/runtime\/islands-/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

describe("islands started when reached for", () => {
  it("the price grid page loads no React until the pointer comes over an island, then starts only that one", async () => {
    const page = browser.page;
    await page.mouse.move(0, 0);
    await page.goto(gridPage);
    await page.waitForLoadState("load");
    // the shell and its intent chunk have run
    await page.waitForFunction(() => document.querySelectorAll("[data-island-when]").length === 2);
    // the marker: the pointer reaches for the Delete button, which starts. React was fetched only after
    // that (never on its own before), and the form, not reached for, has not started
    const reached = await page.evaluate(() => performance.now());
    await page.getByRole("button", { name: "Delete grid" }).hover();
    await page.locator("[data-island=ActionButton][data-hydrated]").waitFor();
    const runtime = () =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").filter((e) => e.name.includes("/runtime/islands-"))
          .map((e) => e.startTime)
      );
    const fetched = await runtime();
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toBeGreaterThanOrEqual(reached);
    expect(await page.locator("[data-island=PricingGridEditor][data-island-start]").count()).toBe(0);

    await page.locator("textarea[name=cells]").hover();
    await page.locator("[data-island=PricingGridEditor][data-hydrated]").waitFor();
    expect(await runtime()).toHaveLength(1);
  });

  it("a click on a button before it has started is given again once it has", async () => {
    const page = browser.page;
    await page.mouse.move(0, 0);
    await page.goto(gridPage);
    const release = await holdRuntime(page);
    const del = page.getByRole("button", { name: "Delete grid" });
    expect(await del.isDisabled()).toBe(false); // it looks and acts like a button before React
    await del.click();
    // held: nothing has happened yet, the island is starting
    await page.locator("[data-island=ActionButton][data-island-start]").waitFor();
    expect(await page.locator("[data-island=ActionButton][data-hydrated]").count()).toBe(0);
    expect(await page.locator("form.action-ask").count()).toBe(0);
    release();
    // the same click, once React holds the button: it asks to confirm
    await page.locator("form.action-ask").waitFor();
    expect(await page.locator("form.action-ask").textContent()).toContain("Delete grid");
    await page.getByRole("button", { name: "Back" }).click();
    expect(await page.locator("form.action-ask").count()).toBe(0);
  });

  it("a click made before the page's scripts have run is held by the boot script and given again", async () => {
    const page = browser.page;
    await page.mouse.move(0, 0);
    // the intent chunk held: on a busy PC the page is shown, and clicked, before its modules have run
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    await page.route(/\/chunks\/intent-/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto(gridPage, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Delete grid" }).click();
    expect(
      await page.evaluate(() =>
        (globalThis as { __heldClicks?: { targets: unknown[] } }).__heldClicks?.targets.length
      ),
    )
      .toBe(1);
    expect(await page.locator("[data-island=ActionButton][data-island-start]").count()).toBe(0);
    release();
    await page.locator("form.action-ask").waitFor();
    expect(await page.locator("form.action-ask").textContent()).toContain("Delete grid");
    await page.getByRole("button", { name: "Back" }).click();
    await page.unroute(/\/chunks\/intent-/);
  });

  it("focus by keyboard starts a form, and what is typed before React holds it is kept and can be saved", async () => {
    const page = browser.page;
    await page.mouse.move(0, 0);
    await page.goto(gridPage);
    await page.waitForLoadState("load");
    const release = await holdRuntime(page);
    const reference = page.locator("[data-island=PricingGridEditor] input[name=reference]");
    const before = await reference.inputValue();
    await reference.focus();
    await page.locator("[data-island=PricingGridEditor][data-island-start]").waitFor();
    await page.keyboard.press("End");
    await page.keyboard.type("-X");
    release();
    await page.locator("[data-island=PricingGridEditor][data-hydrated]").waitFor();
    await expect.poll(() => reference.inputValue()).toBe(`${before}-X`);
    const save = page.locator("[data-island=PricingGridEditor] button[type=submit]");
    await expect.poll(() => save.isDisabled()).toBe(false);
    const saved = page.waitForResponse((r) => r.request().method() !== "GET" && r.url().includes("/api/"));
    await save.click();
    expect((await saved).status()).toBeLessThan(300);
    const db = await server.services.db.tenantDb(1);
    const [grid] = await db.select({ reference: pricingGrids.reference }).from(pricingGrids)
      .where(eq(pricingGrids.id, gridId));
    expect(grid.reference).toBe(`${before}-X`);
  });
});
