/**
 * The display carousel on a 1920×1080 TV in Chromium: signing in as the display user lands on the
 * carousel; it rotates the screens an admin set, in place (the same document); a kill agenda reordered
 * through the API is redrawn on the TV without a reload; after the server restarts the TV is live again
 * by itself; the display user is refused the office's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { startTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { createApp } from "../../server/app.ts";
import type { AppServices } from "../../server/env.ts";
import { DISPLAY_API } from "../../server/areas/display/paths.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/paths.ts";

let t: Awaited<ReturnType<typeof startTestApp>>;
let services: AppServices;
let server: Deno.HttpServer<Deno.NetAddr>;
let origin: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

function listen(app: ReturnType<typeof createApp>, port = 0) {
  server = Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  origin = `http://127.0.0.1:${server.addr.port}`;
}

async function stop() {
  services.push.hub.shutdown();
  await server.shutdown();
  await services.close();
}

beforeAll(async () => {
  t = await startTestApp();
  services = t.services;
  listen(t.app);
  browser = await launchBrowser();
  await browser.page.setViewportSize({ width: 1920, height: 1080 });
});
afterAll(async () => {
  await browser?.close();
  await stop();
  await Deno.remove(t.dataDir, { recursive: true }).catch(() => {});
});

/** A call over real HTTP to whichever server is up now. */
async function call(method: string, path: string, who: string, json?: unknown) {
  const login = await fetch(`${origin}/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: who, password: TEST_PASSWORD }),
  });
  const { token } = await login.json();
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

const stageTitle = (page: Page) => page.locator("#tv-stage h1").innerText();
const firstLot = (page: Page) =>
  page.locator("#tv-stage tbody tr[data-lot]").first().getAttribute("data-lot");

async function reverseAgenda(page: Page) {
  const site = (await page.locator("#tv-stage").getAttribute("data-groups"))!.match(/KillAgenda:(\d+)/)![1];
  const day =
    (await call("GET", `${A.getKillAgenda}?speciesId=1&tenantSiteId=${site}`, "admin@demo.processor")).body;
  const reversed = [...day.items].reverse();
  const res = await call("POST", A.reorder, "admin@demo.processor", {
    killAgendaId: day.id,
    lastModified: day.lastModified,
    itemIds: reversed.map((i: { id: number }) => i.id),
  });
  expect(res.status).toBe(200);
  // lots are numbered in kill order: read what the first lot is called now
  const after =
    (await call("GET", `${A.getKillAgenda}?speciesId=1&tenantSiteId=${site}`, "admin@demo.processor")).body;
  expect(after.items[0].id).toBe(reversed[0].id);
  return `${after.items[0].agendaLotReference}${after.items[0].agendaLotReferenceSuffix}`;
}

describe("the TV", () => {
  it("lands on the carousel and rotates the screens an admin set, in place", async () => {
    const users = await call("GET", DISPLAY_API.users, "admin@demo.processor");
    const display = users.body.find((u: { email: string }) => u.email === "display@demo.processor");
    const settings = await call(
      "GET",
      `${DISPLAY_API.settings}?userId=${display.id}`,
      "admin@demo.processor",
    );
    const yard = settings.body.choices.find((c: { key: string }) => c.key.startsWith("stockyard:"));
    const saved = await call("POST", DISPLAY_API.save, "admin@demo.processor", {
      userId: display.id,
      choices: [{ key: "killagendareport:Sheep", on: true, seconds: 5 }, {
        key: yard.key,
        on: true,
        seconds: 5,
      }],
    });
    expect(saved.status).toBe(200);

    const page = browser.page;
    await signIn(page, origin, "display@demo.processor", TEST_PASSWORD);
    await page.waitForURL(/\/display$/);
    expect(await page.locator("nav, form, button, a, input").count()).toBe(0); // no chrome, nothing to click
    expect(await stageTitle(page)).toBe("Sheep kill");
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await expect.poll(() => stageTitle(page), { timeout: 15_000 }).toBe(
      yard.label.replace(/^Stockyard: | \(.*\)$/g, ""),
    );
    await expect.poll(() => stageTitle(page), { timeout: 15_000 }).toBe("Sheep kill");
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  });

  it("redraws a reordered agenda without a reload, and is live again after the server restarts", async () => {
    const page = browser.page;
    await page.goto(`${origin}/display/killagendareport/Sheep`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.push)).toBe("connected");
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    const first = await reverseAgenda(page);
    await expect.poll(() => firstLot(page)).toBe(first);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);

    // the server goes away and comes back on the same address with the same data
    const port = server.addr.port;
    await stop();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.push)).not.toBe("connected");
    services = await createServices(loadConfig({ DATA_DIR: t.dataDir }));
    listen(createApp(services), port);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.push), { timeout: 30_000 })
      .toBe("connected");
    const again = await reverseAgenda(page);
    await expect.poll(() => firstLot(page), { timeout: 15_000 }).toBe(again);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  });

  it("is refused the office's pages", async () => {
    const page = browser.page;
    for (const path of ["/home/stockyard", "/home/invoicemanager", "/settings"]) {
      const res = await page.goto(`${origin}${path}`);
      expect(res!.status()).toBe(403);
    }
  });
});
