/**
 * The live yard in Chromium (spec 1 §2 stockyard, §4 actions, §5 load rule, §8): unloading a waiting
 * delivery, moving and merging mobs by drag and by keyboard (select, then Move…; a merge asks), a
 * refused move, the kill floor, and a second page seeing a change arrive without reloading. Works on the
 * demo yards the seed fills. Select-is-not-move, Escape, undo and capacity: stockyardMoves.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { neighbour, refusal, type YardData, type YardPen } from "../../client/ui/yard/model.ts";
import { overCapacity } from "../../server/areas/stockyard/rules.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("user@demo.processor");
  await signIn(browser.page, server.origin, "user@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
  await browser.page.setViewportSize({ width: 1280, height: 900 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function yardIds(): Promise<number[]> {
  const res = await server.request("/api/stockyard/GetStockyards", { token });
  return ((await res.json()) as { id: number }[]).map((y) => y.id);
}

async function view(stockyardId: number): Promise<YardData> {
  const res = await server.request(`/api/stockyard/Refresh?stockyardId=${stockyardId}`, { token });
  expect(res.status).toBe(200);
  return res.json();
}

/** The first yard the test can use. */
async function findYard(ok: (v: YardData) => boolean): Promise<YardData> {
  for (const id of await yardIds()) {
    const v = await view(id);
    if (ok(v)) return v;
  }
  throw new Error("no demo yard has what this test needs");
}

const free = (p: YardPen) => p.isOperational && p.head === 0 && p.livestockOrderReservedForId === null;
const single = (p: YardPen) =>
  p.isOperational && p.contents.length === 1 && p.livestockOrderReservedForId === null;
const orderOf = (p: YardPen) => p.contents[0]?.livestockOrderId;

async function openYard(page: Page, id: number) {
  await page.goto(`${server.origin}/home/stockyard?yard=${id}`);
  await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
}

const pen = (page: Page, name: string) => page.locator(`[data-island=YardBoard] [data-pen-name="${name}"]`);
const status = (page: Page, name: string) => pen(page, name).getAttribute("data-status");

/** A pointer drag (pointer events, as a mouse or finger makes them). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

describe("the live yard in the browser", () => {
  it("holds a waiting delivery for the AI head count from its panel, and stops waiting", async () => {
    const yard = await findYard((v) => v.waiting.length > 0);
    const load = yard.waiting[0];
    const page = browser.page;
    await openYard(page, yard.yard.id);
    await page.getByRole("region", { name: "Waiting to unload" }).locator(
      `[data-mob-id="${load.stockMobId}"]`,
    )
      .click();
    await page.getByRole("button", { name: "Wait for AI head count" }).click();
    await toast(page, "waits for the AI head count").waitFor();
    await page.getByRole("button", { name: "Stop waiting for the head count" }).click();
    await toast(page, "no longer waiting for the head count").waitFor();
    await expect.poll(async () =>
      (await view(yard.yard.id)).waiting.find((m) => m.stockMobId === load.stockMobId)
        ?.isWaitingForAiHeadCount
    ).toBe(false);
    await page.keyboard.press("Escape");
  });

  it("unloads part of a waiting delivery into a pen, then drags the rest onto it", async () => {
    const yard = await findYard((v) => v.waiting.some((m) => m.head > 10) && v.pens.some(free));
    const load = yard.waiting.find((m) => m.head > 10)!;
    const target = yard.pens.find(free)!;
    const page = browser.page;
    await openYard(page, yard.yard.id);

    const waiting = page.getByRole("region", { name: "Waiting to unload" });
    await waiting.locator(`[data-mob-id="${load.stockMobId}"]`).click();
    await page.locator("#yard-head").fill("10");
    await page.getByRole("button", { name: "Unload…" }).click();
    // pens holding another order are greyed while the load is being moved
    expect(await page.locator(".yard-pen.is-refused").count()).toBe(
      yard.pens.filter((p) => refusal(p, load) !== null).length,
    );
    await pen(page, target.name).click();
    await toast(page, `Unloaded 10 head into pen ${target.name}.`).waitFor();
    await expect.poll(() => status(page, target.name)).not.toBe("empty");
    await expect.poll(async () =>
      (await view(yard.yard.id)).waiting.find((m) => m.stockMobId === load.stockMobId)?.head
    )
      .toBe(load.head - 10);

    // the rest, dragged from the waiting list onto the same pen: a merge, asked first
    await drag(page, waiting.locator(`[data-mob-id="${load.stockMobId}"]`), pen(page, target.name));
    await page.getByRole("dialog").getByRole("button", { name: /^Merge/ }).click();
    await toast(page, `Unloaded ${load.head - 10} head into pen ${target.name}.`).waitFor();
    const after = await view(yard.yard.id);
    expect(after.waiting.some((m) => m.stockMobId === load.stockMobId)).toBe(false);
    expect(after.pens.find((p) => p.id === target.id)!.head).toBe(load.head);
    await expect.poll(() => waiting.locator(`[data-mob-id="${load.stockMobId}"]`).count()).toBe(0);
  });

  it("moves a mob by dragging it onto an empty pen", async () => {
    const yard = await findYard((v) => v.pens.some(single) && v.pens.some(free));
    const from = yard.pens.find(single)!;
    const to = yard.pens.find(free)!;
    const page = browser.page;
    await openYard(page, yard.yard.id);
    await drag(page, pen(page, from.name), pen(page, to.name));
    await toast(page, `Moved ${from.head} head to pen ${to.name}.`).waitFor();
    await expect.poll(() => status(page, from.name)).toBe("empty");
    await expect.poll(() => status(page, to.name)).not.toBe("empty");
    const after = await view(yard.yard.id);
    expect(after.pens.find((p) => p.id === to.id)!.contents[0].livestockOrderId).toBe(orderOf(from));
  });

  it("merges a mob into its neighbour of the same order by keyboard", async () => {
    const yard = await findYard((v) =>
      v.pens.some((p) => {
        const right = v.pens.find((q) => q.id === neighbour(v.pens, p.id, "right"));
        return single(p) && right !== undefined && single(right) && orderOf(right) === orderOf(p);
      })
    );
    const from = yard.pens.find((p) => {
      const right = yard.pens.find((q) => q.id === neighbour(yard.pens, p.id, "right"));
      return single(p) && right !== undefined && single(right) && orderOf(right) === orderOf(p);
    })!;
    const into = yard.pens.find((q) => q.id === neighbour(yard.pens, from.id, "right"))!;
    const page = browser.page;
    await openYard(page, yard.yard.id);

    await pen(page, from.name).focus();
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-selected-pen]");
    await page.keyboard.press("m");
    await page.waitForSelector(".yard-status.is-picking");
    // Escape puts it down; Space selects, M moves it again
    await page.keyboard.press("Escape");
    await page.waitForSelector(".yard-status:not(.is-picking)");
    await pen(page, from.name).focus();
    await page.keyboard.press(" ");
    await page.keyboard.press("m");
    await page.waitForSelector(".yard-status.is-picking");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-pen-name"))).toBe(into.name);
    await page.keyboard.press("Enter");
    // the merge asks; Enter confirms (the confirm button has focus)
    await page.getByRole("dialog").getByText(`into mob ${into.contents[0].stockMobId}`).waitFor();
    await page.keyboard.press("Enter");
    await toast(page, `Merged ${from.head} head into pen ${into.name}.`).waitFor();
    await expect.poll(() => status(page, from.name)).toBe("empty");
    const after = await view(yard.yard.id);
    const merged = after.pens.find((p) => p.id === into.id)!;
    expect(merged.contents).toHaveLength(1);
    expect(merged.head).toBe(from.head + into.head);
  });

  it("refuses, in words, a move into a pen that holds another order", async () => {
    const yard = await findYard((v) => {
      const a = v.pens.find(single);
      return a !== undefined && v.pens.some((p) => single(p) && orderOf(p) !== orderOf(a));
    });
    const from = yard.pens.find(single)!;
    const other = yard.pens.find((p) => single(p) && orderOf(p) !== orderOf(from))!;
    const page = browser.page;
    await openYard(page, yard.yard.id);
    await pen(page, from.name).click();
    await page.getByRole("button", { name: "Move…" }).click();
    // the pen's drawing (the button and the words beside it) carries its state
    expect(await pen(page, other.name).locator("xpath=..").getAttribute("class")).toContain("is-refused");
    await pen(page, other.name).click();
    await toast(page, `Pen ${other.name} holds another order's stock.`).waitFor();
    // nothing moved
    const after = await view(yard.yard.id);
    expect(after.pens.find((p) => p.id === from.id)!.head).toBe(from.head);
    expect(after.pens.find((p) => p.id === other.id)!.contents.map((c) => c.livestockOrderId)).toEqual([
      orderOf(other),
    ]);
  });

  it("sends a pen's mob to the kill floor, and a second page sees it live", async () => {
    const yard = await findYard((v) => v.pens.some(single));
    const target = yard.pens.find(single)!;
    const page = browser.page;
    await openYard(page, yard.yard.id);
    const watcher = await browser.context.newPage();
    await openYard(watcher, yard.yard.id);
    await watcher.waitForSelector("[data-island=YardBoard] [data-live]");
    await watcher.evaluate(() => ((globalThis as { marker?: number }).marker = 1));
    expect(await status(watcher, target.name)).not.toBe("empty");

    await pen(page, target.name).click();
    await page.getByRole("button", { name: "Send mob to kill floor" }).click();
    await toast(page, "sent to the kill floor").waitFor();
    await expect.poll(() => status(page, target.name)).toBe("empty");
    const mob = target.contents[0];
    const history = await server.request(`/api/stockyard/GetMobHistory/${mob.stockMobId}`, { token });
    expect((await history.json()).mob.mobStatusName).toBe("AtKillFloor");

    // the other page redraws the pen without a reload
    await expect.poll(() => status(watcher, target.name)).toBe("empty");
    expect(await watcher.evaluate(() => (globalThis as { marker?: number }).marker)).toBe(1);
    await watcher.close();
  });

  it("reloads the yard and says why when the server refuses a move (409)", async () => {
    // a free pen the mob fits in, so the move asks nothing and goes to the server (earlier tests fill pens)
    const fits = (to: YardPen, from: YardPen) => free(to) && !overCapacity(to, 0, from.head);
    const pair = (v: YardData) => {
      const from = v.pens.find((p) => single(p) && v.pens.some((to) => fits(to, p)));
      return from ? { from, to: v.pens.find((to) => fits(to, from))! } : null;
    };
    const yard = await findYard((v) => pair(v) !== null);
    const { from, to } = pair(yard)!;
    const page = browser.page;
    await openYard(page, yard.yard.id);
    await page.route("**/api/stockyard/MoveOrMergeMobs", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          status: 409,
          title: "Change Conflict",
          message: "Someone else changed this mob since your screen showed it. The yard has been reloaded.",
          isValidation: false,
        }),
      }));
    const reloaded = page.waitForRequest((r) => r.url().includes("/api/stockyard/Refresh"));
    await pen(page, from.name).click();
    await page.getByRole("button", { name: "Move…" }).click();
    await pen(page, to.name).click();
    await toast(page, "Someone else changed this mob").waitFor();
    expect(await toast(page, "Someone else changed this mob").innerText()).toContain("Change Conflict");
    await reloaded;
    await page.unroute("**/api/stockyard/MoveOrMergeMobs");
    await expect.poll(() => status(page, from.name)).not.toBe("empty");
  });

  it("reserves pens for an order on the drawing and unreserves them", async () => {
    const yard = await findYard((v) => v.pens.filter(free).length >= 2 && v.pens.some(single));
    const orderId = orderOf(yard.pens.find(single)!)!;
    const [a, b] = yard.pens.filter(free);
    const page = browser.page;
    await page.goto(`${server.origin}/home/stockyard/reservepens/${orderId}?yard=${yard.yard.id}`);
    await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
    await pen(page, a.name).click();
    await pen(page, b.name).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Reserve 2 pens" }).click();
    await toast(page, `Reserved ${a.name}, ${b.name}`).waitFor();
    await expect.poll(() => status(page, a.name)).toBe("reserved");
    expect(await page.locator("[data-reserved]").innerText()).toBe(`${a.name}, ${b.name}`);
    const reserved = (await view(yard.yard.id)).pens.filter((p) => p.livestockOrderReservedForId === orderId);
    expect(reserved.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());

    await pen(page, a.name).click();
    await page.getByRole("button", { name: "Unreserve 1 pen" }).click();
    await toast(page, `${a.name} no longer reserved`).waitFor();
    await expect.poll(() => status(page, a.name)).toBe("empty");
    await expect.poll(() => status(page, b.name)).toBe("reserved");
  });

  it("acts from the side panel: checks, separated head, pending kill, unfit bin, carry over", async () => {
    const yard = await findYard((v) =>
      v.yard.isIncludeUnfitBin &&
      v.pens.some((p) => single(p) && p.head > 3 && p.contents[0].requirements.length > 0)
    );
    const first = yard.pens.find((p) => single(p) && p.head > 3 && p.contents[0].requirements.length > 0)!;
    const page = browser.page;
    await openYard(page, yard.yard.id);
    await pen(page, first.name).click();
    const picked = page.getByRole("region", { name: "Selected" });

    const check = first.contents[0].requirements[0];
    await picked.getByLabel(check.name).click();
    await toast(page, `${check.name}: ${check.isComplete ? "not done" : "done"}.`).waitFor();
    await expect.poll(() => picked.getByLabel(check.name).isChecked()).toBe(!check.isComplete);

    await picked.getByLabel("Separated head").fill("2");
    await picked.getByRole("button", { name: "Set" }).click();
    await toast(page, "Separated head set to 2.").waitFor();

    await picked.getByRole("button", { name: "Mark pending kill" }).click();
    await toast(page, `Pen ${first.name} marked pending kill.`).waitFor();
    await expect.poll(() => status(page, first.name)).toBe("pending");
    await picked.getByRole("button", { name: "Unmark pending kill" }).click();
    await toast(page, `Pen ${first.name} is no longer pending kill.`).waitFor();
    await expect.poll(() => status(page, first.name)).not.toBe("pending");

    await picked.locator("#yard-unfit-head").fill("1");
    await picked.getByLabel("Reason").fill("Lame");
    await picked.getByRole("button", { name: "Send to unfit bin" }).click();
    await toast(page, "1 head sent to the unfit bin.").waitFor();
    const bin = page.getByRole("region", { name: "Unfit bin" });
    await expect.poll(() => bin.innerText()).toContain("Lame");
    await bin.getByRole("button", { name: "Empty bin" }).click();
    await bin.getByRole("button", { name: "Yes, empty bin" }).click();
    await toast(page, "The unfit bin was emptied.").waitFor();
    await expect.poll(() => bin.innerText()).toContain("The bin is empty.");

    await page.getByRole("button", { name: "Carry over" }).click();
    await page.getByRole("button", { name: "Yes, carry over" }).click();
    await toast(page, "Stock carried over to").waitFor();
  });
});
