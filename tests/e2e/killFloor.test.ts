/**
 * The kill floor day page in Chromium (home/livestock/carcassdistribution): a past sheep kill day's facts,
 * its two server-drawn charts and mobs; a mob's carcasses a page at a time; a carcass corrected with a
 * reason (toast, "Corrected", the audit row); the NLIS kill file downloaded; the page at 1024 px; and, as a
 * tester, the plant simulator recording a day sent to the kill floor through the stockyard's endpoint.
 * The day and mobs are found in the demo's tenant database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { and, asc, count, desc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { launchBrowser, recordToasts, signedIn, signIn, toastsSeen } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { auditLog, carcasses, stockMobs } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { MOB_STATUS } from "../../kernel/enums.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { formatHead } from "../../kernel/format.ts";

const SHEEP = 1;
const NLIS_HEADER = "RFID,Vendor PIC,Kill Date,Body Number,HSCW (kg),Lot,Category,Condemned,Plant PIC";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;
let db: TenantDb;
/** a past sheep kill day with a mob of over 100 carcasses */
let big: { date: string; siteId: number; mobId: number; n: number };

/** Every toast shown, kept in sessionStorage: one shown just before a navigation is seen too. */
beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  token = await server.login("admin@demo.processor");
  const me = await (await server.request("/login/usermodel", { token })).json();
  db = await server.services.db.tenantDb(me.tenantId);
  [big] = await db.select({
    date: carcasses.productionDate,
    siteId: carcasses.tenantSiteId,
    mobId: carcasses.stockMobId,
    n: count(),
  }).from(carcasses).where(eq(carcasses.speciesId, SHEEP))
    .groupBy(carcasses.productionDate, carcasses.tenantSiteId, carcasses.stockMobId)
    .having(gt(count(), 100)).orderBy(desc(carcasses.productionDate)).limit(1);
  expect(big, "a demo sheep mob of over 100 carcasses").toBeDefined();
  await signIn(browser.page, server.origin, "admin@demo.processor", TEST_PASSWORD);
  await signedIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// deno-lint-ignore no-explicit-any
async function killFloorDay(date: string, siteId: number): Promise<any> {
  const site = siteId ? `&tenantSiteId=${siteId}` : "";
  const res = await server.request(`${K.day}?date=${date}&speciesId=${SHEEP}${site}`, { token });
  expect(res.status).toBe(200);
  return await res.json();
}
const dayUrl = (date: string, siteId: number, more = "") =>
  `${server.origin}/home/livestock/carcassdistribution?date=${date}&species=${SHEEP}` +
  `${siteId ? `&site=${siteId}` : ""}${more}`;
/** the facts list as label → value */
const facts = (page: Page) =>
  page.locator("dl.facts > div").evaluateAll((divs) =>
    Object.fromEntries(
      divs.map((d) => [d.querySelector("dt")!.textContent, d.querySelector("dd")!.textContent]),
    )
  );
const mobsTable = (page: Page) =>
  page.locator("table", { has: page.locator("th", { hasText: "Head sent" }) });
const carcassRows = (page: Page) => page.locator("#carcasses tbody tr");

describe("the kill floor day in the browser", () => {
  it("shows the day's facts, two charts and the mobs; a lot opens its carcasses a hundred a page", async () => {
    const day = await killFloorDay(big.date, big.siteId);
    const mob = day.mobs.find((m: { stockMobId: number }) => m.stockMobId === big.mobId);
    const page = browser.page;
    await page.goto(dayUrl(big.date, big.siteId));
    expect(await page.locator("#kf-title").innerText()).toContain("Kill floor · Sheep");
    expect(await facts(page)).toMatchObject({
      "Head sent to the kill floor": formatHead(day.totals.head),
      "Carcasses recorded": formatHead(day.totals.processed),
      "Awaiting records": "0",
    });
    const charts = page.locator("figure[data-chart]");
    expect(await charts.evaluateAll((fs) => fs.map((f) => f.getAttribute("data-chart")))).toEqual([
      "kf-weights",
      "kf-fat",
    ]);
    for (const chart of await charts.all()) {
      expect(await chart.locator("svg.recharts-surface path").count()).toBeGreaterThan(0);
    }
    expect(await mobsTable(page).locator("tbody tr").count()).toBe(day.mobs.length);

    await mobsTable(page).getByRole("link", { name: mob.lot, exact: true }).click();
    await page.waitForURL(new RegExp(`mob=${big.mobId}`));
    expect(await page.locator("#carcasses-title").innerText()).toContain(`Lot ${mob.lot}`);
    expect(await carcassRows(page).count()).toBe(100);
    const pages = Math.ceil(big.n / 100);
    const pager = page.getByRole("navigation", { name: "Pages of carcasses" });
    expect(await pager.innerText()).toContain(`Page 1 of ${pages}`);
    const first = await carcassRows(page).first().innerText();
    await pager.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    expect(await pager.innerText()).toContain(`Page 2 of ${pages}`);
    expect(await carcassRows(page).count()).toBe(Math.min(100, big.n - 100));
    expect(await carcassRows(page).first().innerText()).not.toBe(first);
    expect(await pager.getByRole("link", { name: "Previous" }).count()).toBe(1);
  });

  it("corrects a carcass: Save waits for a reason, toasts, the row reads Corrected; audited", async () => {
    const [c] = await db.select().from(carcasses).where(and(
      eq(carcasses.stockMobId, big.mobId),
      eq(carcasses.productionDate, big.date),
      eq(carcasses.condemned, "none"),
    )).orderBy(asc(carcasses.killSequence), asc(carcasses.bodyNumber)).limit(1);
    const weight = Math.round(c.hscwKg * 10 + 17) / 10;
    const reason = "Scale read low on the chain; reweighed in the chiller";
    const page = browser.page;
    await page.goto(dayUrl(big.date, big.siteId, `&mob=${big.mobId}#carcasses`));
    await page.getByRole("link", { name: `Correct body ${c.bodyNumber}`, exact: true }).click();
    await page.waitForURL(/correct=\d+/);
    const form = page.locator("#correct");
    await form.locator("[data-island=DataForm][data-hydrated]").waitFor();
    expect(await form.getByRole("heading").innerText()).toBe(`Correct body ${c.bodyNumber}`);
    const save = form.getByRole("button", { name: "Save correction" });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel("HSCW (kg)").fill(String(weight));
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel("Why the correction").fill(reason);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.waitForURL((u) => !u.search.includes("correct="));
    expect(await toastsSeen(page)).toContainEqual(expect.stringContaining("The carcass was corrected."));
    const row = carcassRows(page).filter({
      has: page.getByRole("link", { name: `Correct body ${c.bodyNumber}`, exact: true }),
    });
    expect(await row.getByRole("link").innerText()).toBe("Corrected");
    expect(await row.innerText()).toContain(weight.toFixed(1));
    expect(await page.locator("#correct").count()).toBe(0);

    const [entry] = await db.select().from(auditLog).where(
      and(eq(auditLog.entity, "Carcass"), eq(auditLog.entityId, String(c.id))),
    );
    expect(entry).toMatchObject({ reason, after: { hscwKg: weight } });
    expect(entry.userName).toBeTruthy();
  });

  it("downloads the day's NLIS kill file as CSV", async () => {
    const page = browser.page;
    await page.goto(dayUrl(big.date, big.siteId));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "NLIS kill file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`nlis-kill-sheep-${big.date}.csv`);
    const lines = (await Deno.readTextFile((await download.path())!)).trim().split(/\r?\n/);
    expect(lines[0]).toBe(NLIS_HEADER);
    const dmy = `${big.date.slice(8)}/${big.date.slice(5, 7)}/${big.date.slice(0, 4)}`;
    expect(lines.length).toBeGreaterThan(big.n);
    expect(lines.slice(1).every((l) => l.includes(`,${dmy},`))).toBe(true);
  });

  it("fits a 1024 px wide screen with a mob's carcasses open", async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await page.goto(dayUrl(big.date, big.siteId, `&mob=${big.mobId}#carcasses`));
      expect(await carcassRows(page).count()).toBe(100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("a tester simulates the plant for a day sent to the kill floor; no head is then awaiting", async () => {
    // the earliest sheep in a pen go to the kill floor through the stockyard's endpoint (today's kill,
    // ready to process, or a later day's waiting in the yard: on a Friday the next kill day's sheep have
    // not arrived yet)
    const [mob] = await db.select().from(stockMobs).where(and(
      eq(stockMobs.speciesId, SHEEP),
      inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.ReadyToProcess]),
      isNotNull(stockMobs.penId),
    )).orderBy(asc(stockMobs.applicableProductionDate)).limit(1);
    expect(mob, "a sheep mob in a pen").toBeDefined();
    const sent = await server.request("/api/stockyard/SendToKillFloor", {
      method: "POST",
      token,
      json: { livestockOrderId: mob.livestockOrderId },
    });
    expect(sent.status).toBe(200);
    const date = mob.applicableProductionDate!, siteId = mob.tenantSiteId ?? 0;
    const before = await killFloorDay(date, siteId);
    expect(before.totals.processed).toBe(0);
    expect(before.totals.awaiting).toBeGreaterThan(0);

    const page = browser.page;
    await browser.context.clearCookies();
    await signIn(page, server.origin, "test@demo.processor", TEST_PASSWORD);
    await page.waitForURL((u) => u.pathname !== "/login");
    await page.goto(dayUrl(date, siteId));
    expect((await facts(page))["Awaiting records"]).toBe(formatHead(before.totals.awaiting));
    expect(await page.locator("figure[data-chart]").count()).toBe(0);
    await page.locator("[data-island=ActionButton][data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Simulate the plant" }).click();
    const ask = page.locator("form.action-ask");
    expect(await ask.innerText()).toContain(
      `Make up carcass records for the ${formatHead(before.totals.awaiting)} head awaiting them (demo data)?`,
    );
    const reloaded = page.waitForEvent("load");
    await ask.getByRole("button", { name: "Simulate the plant" }).click();
    await reloaded;
    expect(await toastsSeen(page)).toContainEqual(
      expect.stringContaining("The plant simulator sent the day's carcasses."),
    );
    expect(await facts(page)).toMatchObject({
      "Awaiting records": "0",
      "Carcasses recorded": formatHead(before.totals.head),
    });
    expect(await page.getByRole("button", { name: "Simulate the plant" }).count()).toBe(0);
    expect(await page.locator("figure[data-chart]").count()).toBe(2);
    expect((await killFloorDay(date, siteId)).totals.awaiting).toBe(0);
  });
});
