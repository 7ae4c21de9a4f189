/**
 * Sending the day to the plant in Chromium (issue 36 items 1 and 2), from the keyboard alone: a day with a
 * lot not ready asks first, listing it (Escape backs out and nothing is sent; Enter on the focused "Send
 * anyway" sends); after a reorder and a yard merge the day says what changed since sent and offers "Send
 * revision N", which sends it. SCREENSHOTS_DIR=… keeps screenshots at 1024×768 and 1920×1080.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expectFits, launchBrowser, signedIn, signIn, toast } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { livestockOrders, mobRequirements, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import type { AgendaView } from "../../server/areas/killAgenda/rules.ts";

const SHEEP = 1;
const shots = Deno.env.get("SCREENSHOTS_DIR");

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
let db: TenantDb;

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  token = await server.login("admin@demo.processor");
  const me = await (await server.request("/login/usermodel", { token })).json();
  db = await server.services.db.tenantDb(me.tenantId);
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
  await browser.page.setViewportSize({ width: 1024, height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function call<T>(method: "GET" | "POST", path: string, json?: unknown): Promise<T> {
  const res = await server.request(path, { method, token, json });
  expect(res.status, path).toBe(200);
  return res.json();
}
const day = (date: string) =>
  call<AgendaView>("GET", `/api/killagenda/GetKillAgenda?date=${date}&speciesId=${SHEEP}`);

/** The earliest sheep order with two mobs in pens of one yard (the yard will merge the second). */
async function orderOfTwoMobs() {
  const mobs = await db.select().from(stockMobs).where(and(
    eq(stockMobs.speciesId, SHEEP),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
    isNotNull(stockMobs.penId),
    gte(stockMobs.head, 1),
  )).orderBy(asc(stockMobs.applicableProductionDate), asc(stockMobs.id));
  for (const kept of mobs) {
    const other = mobs.find((m) =>
      m.id !== kept.id && m.livestockOrderId === kept.livestockOrderId &&
      m.stockyardId === kept.stockyardId &&
      m.applicableProductionDate === kept.applicableProductionDate
    );
    if (other) return { kept, other, date: kept.applicableProductionDate! };
  }
  throw new Error("no demo sheep order has two mobs in one yard");
}

async function openDay(page: Page, a: AgendaView) {
  await page.goto(
    `${server.origin}/home/killagenda?date=${a.productionDate}&species=${SHEEP}&site=${a.tenantSiteId}`,
  );
  await page.waitForSelector("[data-island=KillAgendaDay][data-hydrated]");
}

async function screenshots(page: Page, name: string) {
  await expectFits(page, 1024);
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-1024.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${shots}/${name}-1920.png` });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${shots}/${name}-dark-1024.png` });
  await page.emulateMedia({ colorScheme: "light" });
}

/** Focuses a button by tabbing to it (no mouse), then presses Enter. */
async function pressButton(page: Page, name: string | RegExp) {
  const button = page.getByRole("button", { name });
  await button.focus();
  await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
}

describe("sending the day to the plant", () => {
  it("asks first when a lot is not ready, and after a change offers the new revision", async () => {
    const page = browser.page;
    const { kept, other, date } = await orderOfTwoMobs();
    let a = await day(date);
    // every lot ready but one: a check not done on the first mob of the order
    const mobIds = a.items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
    await db.update(mobRequirements).set({ isComplete: true }).where(
      inArray(mobRequirements.stockMobId, mobIds),
    );
    await db.update(livestockOrders).set({ nvd: "NVD123456" })
      .where(inArray(livestockOrders.id, a.items.map((i) => i.livestockOrderId)));
    const [check] = await db.select().from(mobRequirements).where(eq(mobRequirements.stockMobId, kept.id));
    await db.update(mobRequirements).set({ isComplete: false }).where(eq(mobRequirements.id, check.id));
    a = await day(date);
    const keptItem = a.items.find((i) => i.stockMobId === kept.id)!;
    await openDay(page, a);

    await pressButton(page, "Send to plant");
    const dialog = page.getByRole("dialog", { name: /not ready/ });
    await dialog.waitFor();
    const lines = a.items.filter((i) => i.stockMobId === null).length + 1;
    await expect.poll(() => dialog.getByRole("listitem").count()).toBe(lines);
    await expect.poll(() => dialog.innerText()).toContain(
      `#${keptItem.killAgendaOrderNumber} ${keptItem.agendaLotReference}${keptItem.agendaLotReferenceSuffix}`,
    );
    await expect.poll(() => dialog.innerText()).toContain(`checks to do: ${check.name}`);
    // the confirm is focused: Enter would send; Escape backs out
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent))
      .toBe("Send anyway");
    await screenshots(page, "agenda-not-ready");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect((await day(date)).integrationStatus).toBe("NotSent");

    await pressButton(page, "Send to plant");
    await dialog.waitFor();
    await page.keyboard.press("Enter");
    await toast(page, `Revision ${a.revision} was sent`).waitFor();
    await expect.poll(() => page.locator(".agenda-state").innerText()).toContain(
      `Plant has it (revision ${a.revision})`,
    );

    // the office reorders the day and the yard merges the order's second mob into its first
    a = await day(date);
    const ids = a.items.map((i) => i.id);
    await call("POST", "/api/killagenda/Reorder", {
      killAgendaId: a.id,
      lastModified: a.lastModified,
      itemIds: [...ids.slice(1), ids[0]],
    });
    const [otherNow] = await db.select().from(stockMobs).where(eq(stockMobs.id, other.id));
    await call("POST", "/api/stockyard/MoveOrMergeMobs", {
      stockMobId: other.id,
      toPenId: kept.penId,
      lastModified: otherNow.lastModified,
      confirmMerge: true,
      confirmOverCapacity: true,
    });
    a = await day(date);
    expect(a.changesSinceSent).not.toBeNull();
    await openDay(page, a);
    const banner = page.locator(".agenda-changed");
    await expect.poll(() => banner.innerText()).toContain(
      `Changed since sent: ${a.changesSinceSent!.summary}`,
    );
    expect(a.changesSinceSent!.summary).toMatch(/1 merge/);
    await screenshots(page, "agenda-changed-since-sent");

    await pressButton(page, `Send revision ${a.revision}`);
    await dialog.waitFor(); // the first mob's check is still to do
    await page.keyboard.press("Enter");
    await toast(page, `Revision ${a.revision} was sent`).waitFor();
    await banner.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(".agenda-state").innerText()).toContain(
      `Plant has it (revision ${a.revision})`,
    );
    expect((await day(date)).sentRevision).toBe(a.revision);
  });

  it("the TV says what the agenda says of a lot still in pens", async () => {
    const page = browser.page;
    const today = await call<AgendaView>("GET", `/api/killagenda/GetKillAgenda?speciesId=${SHEEP}`);
    const going = today.items.find((i) => i.stockMobId && i.mobStatusNumber !== MOB_STATUS.AtKillFloor);
    if (!going) throw new Error("today's sheep agenda has no mob in the yard");
    // the yard's "ready to empty": marked to go to the kill floor, still in its pen
    await db.update(stockMobs).set({ mobStatus: MOB_STATUS.PendingKillFloorMove })
      .where(eq(stockMobs.id, going.stockMobId!));
    const status = (await call<AgendaView>("GET", `/api/killagenda/GetKillAgenda?speciesId=${SHEEP}`)).items
      .find((i) => i.id === going.id)!.status;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${server.origin}/display/killagendareport/${today.species}`);
    const row = page.locator(`tr[data-lot="${going.agendaLotReference}${going.agendaLotReferenceSuffix}"]`);
    await expect.poll(() => row.locator(".tv-state").innerText()).toBe(status);
    expect(await row.getAttribute("class")).toBe("is-waiting");
    if (shots) await page.screenshot({ path: `${shots}/tv-agenda-1920.png` });
    await page.setViewportSize({ width: 1024, height: 768 });
    if (shots) await page.screenshot({ path: `${shots}/tv-agenda-1024.png` });
  });
});
