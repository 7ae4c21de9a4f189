/**
 * The processing overview in Chromium: the pinned day's orders, and the figures moving by themselves when
 * a waiting load is unloaded to a pen through the API elsewhere (the yard's and the orders' push events
 * reach the page's island, which re-reads the figures). Fits 1024 px; looked at on a TV-sized screen too.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeFindings } from "../helpers/axe.ts";
import { signedInBrowser } from "../helpers/signedIn.ts";
import { expectFits } from "../helpers/browser.ts";
import { plantDay } from "../helpers/clock.ts";
import { STOCKYARD_API as A } from "../../server/areas/stockyard/api.ts";
import { PROCESS_OVERVIEW_API as P } from "../../server/areas/livestock/processOverview/api.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
const t = signedInBrowser("admin@demo.processor");
const TODAY = plantDay();
const SHOTS = Deno.env.get("SCREENSHOTS_DIR");

/** Calls the API as another session of the same organisation (not the browser's). */
async function api(token: string, path: string, json?: unknown) {
  const res = await fetch(`${t.server.origin}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: await res.json() as Json };
}

/** Serious or critical accessibility problems of the page shown, in light and in dark. */
async function axeProblems(page: Page) {
  // the live part has joined the hub and any re-read it started is in: axe must not read a part mid-swap
  await page.locator("[data-live-part][data-live]").first().waitFor();
  await page.waitForLoadState("networkidle");
  return await axeFindings(page);
}

/** A load of the day waiting on its truck, and an empty pen of its yard. */
async function waitingLoad(token: string) {
  const day = (await api(token, `${P.byDay}?productionDate=${TODAY}`)).body;
  const orders = new Set(
    day.orders.filter((o: Json) => o.figures.toUnload > 0).map((o: Json) => o.livestockOrderId),
  );
  for (const y of (await api(token, A.getStockyards)).body as Json[]) {
    const view = (await api(token, `${A.getInitialData}?stockyardId=${y.id}`)).body;
    const mob = view.waiting.find((m: Json) => orders.has(m.livestockOrderId));
    const to = view.pens.find((p: Json) => p.status === "empty" && p.isOperational);
    if (mob && to) return { mob, to };
  }
  throw new Error("no load of the pinned day waits with an empty pen in its yard");
}

describe("the processing overview", () => {
  it("moves by itself when a waiting load is unloaded in another window", async () => {
    const page = t.browser.page;
    const token = await t.server.login("user@demo.processor");
    const { mob, to } = await waitingLoad(token);

    await page.goto(`${t.server.origin}/home/processoverview?date=${TODAY}&species=all`);
    await page.getByRole("heading", { name: /Processing overview · Every species/ }).waitFor();
    await page.locator(".po-live[data-live]").waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/processOverview-1024.png`, fullPage: true });
    await expectFits(page);
    expect(await axeProblems(page)).toEqual([]);

    const row = () =>
      page.locator("#po-figures tr", { has: page.locator(`a[href$="?order=${mob.livestockOrderId}"]`) });
    const cell = (i: number) => row().locator("td").nth(i);
    // Lot, Ordered, Delivered, Unloaded, In yard, …
    const unloadedBefore = Number((await cell(3).locator(".po-fig").innerText()).replace(/,/g, ""));
    const inYardBefore = Number((await cell(4).locator(".po-fig").innerText()).replace(/,/g, ""));
    expect(await cell(3).innerText()).toMatch(/on trucks/);

    const unload = await api(token, A.unloadDeliveryToPen, {
      stockMobId: mob.stockMobId,
      penId: to.id,
      lastModified: mob.lastModified,
      confirmMerge: true,
      confirmOverCapacity: true,
    });
    expect(unload.status).toBe(200);

    // the page re-reads its figures when the yard and the orders announce the unload
    await page.waitForFunction(
      ([id, before]) => {
        const link = document.querySelector(`#po-figures a[href$="?order=${id}"]`);
        const cells = link?.closest("tr")?.querySelectorAll("td");
        const n = (i: number) => Number(cells?.[i]?.querySelector(".po-fig")?.textContent?.replace(/,/g, ""));
        return n(3) > before;
      },
      [mob.livestockOrderId, unloadedBefore] as const,
    );
    expect(Number((await cell(3).locator(".po-fig").innerText()).replace(/,/g, ""))).toBe(
      unloadedBefore + mob.head,
    );
    expect(Number((await cell(4).locator(".po-fig").innerText()).replace(/,/g, ""))).toBe(
      inYardBefore + mob.head,
    );
    expect(await cell(3).innerText()).not.toMatch(/on trucks/);

    // the lot opens the order across its days; its figures link to the order's page
    await row().getByRole("link").first().click();
    await page.getByRole("heading", { name: "Production days" }).waitFor();
    expect(await page.locator(`a[href$="/orders/${mob.livestockOrderId}"]`).count()).toBeGreaterThan(0);
    await expectFits(page);
    expect(await axeProblems(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/processOverview-order-1024.png`, fullPage: true });

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${t.server.origin}/home/processoverview?date=${TODAY}&species=1`);
    await page.getByRole("heading", { name: /Processing overview · Sheep/ }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/processOverview-1920.png`, fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
  });
});
