/**
 * Livestock boxing in Chromium (issue 39 item 4): a livestock manager boxes two of a day's delivered sheep
 * orders into one lot; the lot is killed as one (the plant simulator's records for the lot's mobs, stored
 * as the kill floor stores them, all against the first order's mob as a chain reports a lot); both
 * suppliers' invoices then share the lot's carcasses: their processed head adds up to the lot's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { expectFits, launchBrowser, recordToasts, signedIn, signIn, toastWith } from "../helpers/browser.ts";
import { serveTestApp, TEST_PASSWORD } from "../helpers/app.ts";
import { plantDay, plantNoon } from "../helpers/clock.ts";
import { carcasses, stockMobs } from "../../db/tenant/schema.ts";
import { simulateKill } from "../../server/areas/killFloor/simulator.ts";
import { BOXING_API } from "../../server/areas/livestock/boxing/api.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { formatDate } from "../../kernel/format.ts";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token = "";
const DAY = plantDay(-1);
const PAGE = `/home/livestock/livestockBoxing?date=${DAY}&species=1`;

const api = async (path: string, json?: unknown) => {
  const res = await fetch(`${server.origin}${path}`, {
    method: json ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-local-date": plantDay(),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  expect(res.status, path).toBe(200);
  return await res.json();
};

/** Screenshots for a person to look at, only when asked (BOXING_SHOTS=<folder>). */
async function shot(page: typeof browser.page, name: string) {
  const dir = Deno.env.get("BOXING_SHOTS");
  if (!dir) return;
  for (const [width, height] of [[1024, 768], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

beforeAll(async () => {
  server = await serveTestApp();
  browser = await launchBrowser();
  await recordToasts(browser.context);
  token = await server.login("admin@demo.processor");
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("livestock boxing in the browser", () => {
  it("boxes two orders, and once killed both suppliers' invoices share the lot's carcasses", async () => {
    const page = browser.page;
    const { candidates } = await api(`${BOXING_API.read}?date=${DAY}&speciesId=1`);
    const [a, b] = candidates as { livestockOrderId: number; supplierName: string }[];
    const host = Math.min(a.livestockOrderId, b.livestockOrderId);

    await signIn(page, server.origin, "admin@demo.processor", TEST_PASSWORD);
    await signedIn(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.origin}${PAGE}`);
    await expectFits(page);
    await shot(page, "before");
    await page.locator('[data-island="BoxingPicker"][data-hydrated]').waitFor(); // its boxes react once it runs
    const box = page.getByRole("button", { name: "Box into a new lot" });
    await page.getByLabel(new RegExp(`Order ${a.livestockOrderId} ·`)).check();
    expect(await box.isDisabled()).toBe(true); // one order is no lot
    await page.getByLabel(new RegExp(`Order ${b.livestockOrderId} ·`)).check();
    await box.click();
    await toastWith(page, "were boxed into one lot");
    const lot = page.getByRole("region", { name: `Lot BOX-${host}` });
    await lot.waitFor();
    expect(await lot.getByRole("cell", { name: a.supplierName, exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => lot.getByRole("button", { name: "Unbox lot" }).count()).toBe(1);
    await expectFits(page);
    await shot(page, "boxed");
    // where the lot stands on the kill agenda, as the read answers it; the day links to that day's agenda
    const read = await api(`${BOXING_API.read}?date=${DAY}&speciesId=1`);
    const place = read.lots.find((l: { boxedLotRef: string }) => l.boxedLotRef === `BOX-${host}`).agendaPlace;
    expect(place).not.toBeNull();
    expect(await lot.locator(".boxing-agenda").textContent()).toBe(
      `Kill agenda: ${formatDate(place.date, false)}, lot ${place.position} of ${place.lotsOnDay}`,
    );
    expect(
      await lot.getByRole("link", { name: `Kill agenda of ${formatDate(place.date)}` }).getAttribute("href"),
    )
      .toMatch(new RegExp(`^/home/killagenda\\?date=${place.date}&species=1`));

    // the chain kills the lot as one: every record names the first order's mob
    const db = await server.services.db.tenantDb(1);
    const mobs = await db.select().from(stockMobs)
      .where(inArray(stockMobs.livestockOrderId, [a.livestockOrderId, b.livestockOrderId]));
    const head = mobs.reduce((n, m) => n + m.head, 0);
    const killedOn = mobs.find((m) => m.livestockOrderId === host)!;
    const records = simulateKill(
      [{
        stockMobId: killedOn.id,
        livestockOrderId: host,
        speciesId: 1,
        speciesCategoryId: killedOn.speciesCategoryId,
        head,
        pic: killedOn.pic,
        isMsaEligible: false,
        lot: null,
      }],
      { productionDate: DAY, seed: 39, firstBodyNumber: 5000 },
    );
    const now = plantNoon().toISOString(); // the pinned plant day, as the app's clock reads it
    const rows = records.map(({ lot: _lot, category: _category, stockMobId: _mob, killSequence, ...c }) => ({
      ...c,
      killSequence: killSequence ?? c.bodyNumber,
      stockMobId: killedOn.id,
      livestockOrderId: host,
      supplierId: killedOn.supplierId,
      tenantSiteId: killedOn.tenantSiteId ?? 0,
      speciesId: 1,
      speciesCategoryId: killedOn.speciesCategoryId,
      importId: 0,
      receivedAt: now,
      lastModified: now,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insert(carcasses).values(rows.slice(i, i + 200));

    await page.goto(`${server.origin}${PAGE}`);
    await lot.waitFor();
    expect(await lot.getByRole("heading").textContent()).toContain(`${head} carcasses`);
    expect(await lot.getByRole("button", { name: "Unbox lot" }).count()).toBe(0);
    await expectFits(page);
    await shot(page, "killed");

    // each order's invoice (made the way the invoice manager makes it) holds its share
    const made = await api(INVOICES_API.createOrAdd, { livestockOrderIds: [host] });
    const other = host === a.livestockOrderId ? b.livestockOrderId : a.livestockOrderId;
    const all = [...made.livestockInvoiceSummaryDtos];
    // the other order's own mob has no record: its invoice is made from its mobs by order id
    all.push(
      ...(await api(INVOICES_API.createOrAdd, { livestockOrderIds: [other] })).livestockInvoiceSummaryDtos,
    );
    let processed = 0;
    for (const invoice of all as { id: number }[]) {
      await page.goto(`${server.origin}/home/invoicemanager/edit/${invoice.id}`);
      const text = await page.getByText(/ processed · /).first().textContent();
      const n = Number(/(\d[\d,]*) processed/.exec(text ?? "")![1].replace(/,/g, ""));
      expect(n).toBeGreaterThan(0);
      processed += n;
    }
    expect(all.length).toBe(2);
    expect(processed).toBe(head);
  });
});
