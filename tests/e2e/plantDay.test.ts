/**
 * A plant's day in Chromium at 1024×768 (issue 36), as the people who do each step: one lot of 120 lambs
 * from Banool Pastoral Co booked and delivered by the buyer; unloaded into two pens and moved by the yard
 * hand from the keyboard; put first on the day by the planner, by mouse then keyboard; sent to the plant;
 * the yard's merge after the send seen as a new revision by the plant; killed, its 119 carcasses posted by
 * the plant's system through the integration API with a key the admin made; the skins counted; invoiced by
 * the clerk (every priced line recomputed here from the grid, to the cent), published, and the remittance
 * PDF read back; and a TV, in a second browser context, showing the agenda change without a reload.
 *
 * Works on the demo processor's pinned week (its Friday: WALK_DAY, tests/helpers/clock.ts): the lot is
 * made today, at the plant's today, and split into two pens so the day has lots to order whatever the
 * demo seeded. The server's clock is pinned by the test app, the browsers' clocks start at the same
 * instant and they are in the plant's zone, so "today" is one day throughout. The sums by hand and the remittance checks are in tests/helpers/plantDayInvoice.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Download } from "playwright-core";
import { expectFits, toastWith } from "../helpers/browser.ts";
import { serveTestApp } from "../helpers/app.ts";
import { plantNoon, plantWeek } from "../helpers/clock.ts";
import { pdfText } from "../helpers/pdf.ts";
import {
  handOver,
  heard,
  lift,
  mouseDrag,
  newToast,
  type Person,
  plantDayBrowser,
  yardIdle,
  yardPen,
} from "../helpers/plantDay.ts";
import { carcassesOnGrid, type PostedCarcass } from "../helpers/plantDayMoney.ts";
import { expectInvoiceByHand, expectRemittance, leviesInForce } from "../helpers/plantDayInvoice.ts";
import { livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import { LINK_SCOPES } from "../../db/control/producerLinks.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import type { TenantDb } from "../../db/client.ts";
import { KILL_AGENDA_API as A } from "../../server/areas/killAgenda/paths.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { neighbour, type YardData, type YardPen } from "../../client/ui/yard/model.ts";
import { DEMO_TIME_ZONE } from "../../server/demo.ts";
import type { AgendaView } from "../../server/areas/killAgenda/rules.ts";
import type { GridCells } from "../../server/areas/pricing/cells.ts";

const SUPPLIER = "Banool Pastoral Co";
const SHEEP = 1;
const BUYER = "user@demo.processor", YARD_HAND = "user@demo.processor", PLANNER = "user@demo.processor";
const CLERK = "admin@demo.processor", ADMIN = "admin@demo.processor", TV = "display@demo.processor";
const FARM = "producer@demo.farm";

let server: Awaited<ReturnType<typeof serveTestApp>>;
let chrome: Awaited<ReturnType<typeof plantDayBrowser>>;
let office: Person;
let tv: Person;
let db: TenantDb;
let token: string;

/** What the day has made so far, step by step. */
const day = {
  today: "",
  orderId: 0,
  siteId: 0,
  yardId: 0,
  key: "",
  /** the two mobs of the lot (first unloaded into `penA`, the rest moved to `penB`) */
  mobA: 0,
  mobB: 0,
  penA: "",
  penB: "",
  sentRevision: 0,
  carcasses: [] as PostedCarcass[],
  cells: null as GridCells | null,
  totalCents: 0,
};

/**
 * The walk's day: the pinned week's Friday. On the Wednesday (PLANT_DAY) the sheep agenda has sixteen
 * lots, taller than the office's 768 px, and the mouse drag of the lot to the top would need dnd-kit's
 * auto-scroll. The browsers are at the plant, their clocks started at the server's pinned instant.
 */
const WALK_DAY = plantWeek()[4];
const at = { timezoneId: DEMO_TIME_ZONE, at: plantNoon(WALK_DAY) };

beforeAll(async () => {
  server = await serveTestApp({}, { day: WALK_DAY });
  token = await server.login(ADMIN);
  db = await server.services.db.tenantDb(1);
  chrome = await plantDayBrowser();
  office = await chrome.person(server.origin, ADMIN, at);
  // the plant's today, as the planner's week reads it (the demo is seeded around it)
  day.today = (await api<{ today: string }>(`${A.getSevenDayAgenda}?speciesId=${SHEEP}`)).today;
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

async function api<T>(path: string, as = token): Promise<T> {
  const res = await server.request(path, { token: as });
  expect(res.status, path).toBe(200);
  return await res.json();
}
const agenda = () =>
  api<AgendaView>(`${A.getKillAgenda}?date=${day.today}&speciesId=${SHEEP}&tenantSiteId=${day.siteId}`);
const yard = () => api<YardData>(`/api/stockyard/Refresh?stockyardId=${day.yardId}`);
/** The day as the plant's system reads it, with its key. */
const plantAgenda = () =>
  api<AgendaView & { sentRevision: number | null; changesSinceSent: { summary: string } | null }>(
    `${K.plantAgenda}?date=${day.today}&speciesId=${SHEEP}&tenantSiteId=${day.siteId}`,
    day.key,
  );
const ours = (a: AgendaView) => a.items.filter((i) => i.livestockOrderId === day.orderId);
const field = (name: string) => office.page.locator(`[name="${name}"]`);

/** The office PC changes hands. */
const as = (email: string) => handOver(office, server.origin, email);

/** Lands the mob being moved on a pen, from the keyboard: the pen focused, Enter. */
async function landOn(page: typeof office.page, pen: string) {
  await yardPen(page, pen).focus();
  await page.keyboard.press("Enter");
}

/**
 * The planner sends the day. Lots not ready (the demo's orders still to come) are listed in a dialog for
 * the planner to confirm (Enter sends anyway), the lot not among them.
 */
async function sendDay(page: typeof office.page) {
  const revision = (await agenda()).revision;
  await newToast(page, `Revision ${revision} was sent to the plant's systems.`, async () => {
    await page.locator(".agenda-bar").getByRole("button", { name: /^Send / }).click();
    const ask = page.getByRole("dialog", { name: /not ready/ });
    // this revision's toast: an earlier send's toast may still be on screen
    const sent = page.locator(".toast", { hasText: `Revision ${revision} was sent` });
    await ask.or(sent).first().waitFor();
    if (await ask.count()) {
      expect(await ask.innerText()).toMatch(/not delivered|checks to do|no NVD/);
      expect(await ask.innerText(), "the lot is ready").not.toContain(SUPPLIER);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send anyway");
      await page.keyboard.press("Enter");
    }
  });
}

/** Steps run in order; once one fails the rest are skipped (they stand on it). */
let broken = "";
function step(name: string, body: () => Promise<void>, timeout = 60_000) {
  it(name, async (ctx) => {
    if (broken) ctx.skip(`an earlier step failed: ${broken}`);
    try {
      await body();
    } catch (e) {
      broken = name;
      throw e;
    }
  }, timeout);
}

describe("a plant's day, as the people who do it", () => {
  step("the admin makes a key for the plant's system; it is no person in the users list", async () => {
    const page = office.page;
    await page.goto(`${server.origin}/settings/integrations`);
    await page.locator("[data-island=ApiKeyCreate][data-hydrated]").waitFor();
    const form = page.getByRole("form", { name: "New API key" });
    await form.getByLabel("Name").fill("Chain scales");
    await form.getByRole("button", { name: "Create key" }).click();
    day.key = (await page.locator("[data-api-key-created] code[data-api-key]").innerText()).trim();
    expect(day.key).toMatch(/^mpk_\d+_[a-z2-7]{52}$/);
    await page.goto(`${server.origin}/home/clientusers`);
    const people = await page.locator("main").innerText();
    expect(people).toContain("User Demo");
    expect(people, "a key's user is not a person to list").not.toContain("Chain scales");
  });

  step("the buyer books 120 lambs from Banool Pastoral Co for today", async () => {
    await as(BUYER);
    const page = office.page;
    await page.goto(`${server.origin}/home/livestock`);
    await page.getByRole("link", { name: "New order group" }).click();
    await page.waitForSelector("[data-hydrated] form");
    await expectFits(page);
    await field("livestockOrderGroupDto.supplierId").selectOption({ label: `${SUPPLIER} (Wagga Wagga NSW)` });
    await field("livestockOrderGroupDto.buyerId").selectOption({ index: 1 });
    await field("livestockOrderGroupDto.speciesCategoryId").selectOption({ label: "Sheep: Lamb" });
    await field("livestockOrderDto.quantityOrdered").fill("120");
    await field("livestockOrderDto.deliveryDate").fill(day.today);
    await field("livestockOrderDto.deliveryTime").fill("06:30");
    await field("livestockOrderDto.tenantSiteId").selectOption({ label: "Wagga Wagga" });
    // the grids covering today are offered for the category; the buyer takes the first one
    const grid = field("livestockOrderDto.pricingGridGroupId");
    await expect.poll(() => grid.locator("option:not([disabled])").count()).toBeGreaterThan(1);
    const offered = await grid.locator("option:not([disabled])").evaluateAll((os) =>
      os.map((o) => (o as HTMLOptionElement).value).filter(Boolean)
    );
    await grid.selectOption(offered[0]);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/ordergroups\/\d+$/);
    const row = page.getByRole("region", { name: "Orders", exact: true }).locator("tbody tr").first();
    const href = await row.getByRole("link", { name: "Open" }).getAttribute("href");
    day.orderId = Number(href!.match(/\/orders\/(\d+)/)![1]);
    const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, day.orderId));
    expect(order).toMatchObject({ quantityOrdered: 120, deliveryDate: day.today, deliveryTime: "06:30" });
    day.siteId = order.tenantSiteId ?? 0;
    // the time reads as the buyer typed it: the plant's time, not shifted to another zone
    expect(await row.innerText()).toContain("120");
  });

  step("the buyer records the truck: 120 off, one dead on arrival, 119 to the yard", async () => {
    const page = office.page;
    await page.goto(`${server.origin}/home/livestock/deliveries/${day.today}`);
    await page.waitForSelector("[data-hydrated] form");
    await field("livestockOrderId").selectOption(String(day.orderId));
    await field("head").fill("120");
    await field("doa").fill("1");
    await field("nvdNumber").fill("NVD-BANOOL-36");
    await field("deliveryTime").fill("06:10");
    await page.getByRole("button", { name: "Add load" }).click();
    await toastWith(page, "The load was recorded and its mob created.");
    const row = page.locator("tbody tr", { has: page.locator(`a[href$="/orders/${day.orderId}"]`) }).first();
    await expect.poll(() => row.innerText()).toMatch(/120\s+1\s+119/);
    expect(await row.innerText()).toMatch(/Delivered/);
    await expectFits(page);
  });

  step("the yard hand unloads the load into two pens and moves one, from the keyboard", async () => {
    const [mob] = await db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, day.orderId));
    const yards = await api<{ id: number; speciesId: number; tenantSiteId: number }[]>(
      "/api/stockyard/GetStockyards",
    );
    day.yardId = yards.find((y) => y.speciesId === SHEEP && y.tenantSiteId === day.siteId)!.id;
    const v = await yard();
    expect(v.waiting.map((m) => m.stockMobId)).toContain(mob.id);
    // three empty pens: A takes 60; C takes the rest, which then moves to B, the pen right of C
    const free = (p: YardPen | undefined) =>
      !!p && p.isOperational && p.head === 0 && p.livestockOrderReservedForId === null &&
      (p.capacity ?? 999) >= 60;
    const c = v.pens.find((p) =>
      free(p) && free(v.pens.find((q) => q.id === neighbour(v.pens, p.id, "right")))
    )!;
    const b = v.pens.find((q) => q.id === neighbour(v.pens, c.id, "right"))!;
    const a = v.pens.find((p) => free(p) && p.id !== c.id && p.id !== b.id)!;
    expect([a, b, c].every(Boolean), "three empty pens, two side by side").toBe(true);
    day.penA = a.name;
    day.penB = b.name;

    await as(YARD_HAND);
    const page = office.page;
    await page.goto(`${server.origin}/home/stockyard?yard=${day.yardId}`);
    await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
    await expectFits(page);
    const waiting = page.getByRole("region", { name: "Waiting to unload" }).locator(
      `[data-mob-id="${mob.id}"]`,
    );
    // the load selected, 60 head typed, then "Unload…" and the pen, all from the keyboard
    await waiting.focus();
    await page.keyboard.press("Enter");
    await page.locator("#yard-head").fill("60");
    await page.getByRole("button", { name: "Unload…" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForSelector(".yard-status.is-picking");
    await newToast(page, `Unloaded 60 head into pen ${a.name}.`, () => landOn(page, a.name));
    await expect.poll(() => yardPen(page, a.name).getAttribute("data-status")).not.toBe("empty");

    // the rest: selected again, M, the pen
    await yardIdle(page);
    await waiting.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("m");
    await page.waitForSelector(".yard-status.is-picking");
    await newToast(page, `Unloaded 59 head into pen ${c.name}.`, () => landOn(page, c.name));
    await expect.poll(() => waiting.count()).toBe(0);

    // from pen C one to the right, by arrow: the mob goes along
    await yardIdle(page);
    await yardPen(page, c.name).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("m");
    await page.waitForSelector(".yard-status.is-picking");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-pen-name"))).toBe(b.name);
    await newToast(page, `Moved 59 head to pen ${b.name}.`, () => page.keyboard.press("Enter"));
    await expect.poll(() => yardPen(page, c.name).getAttribute("data-status")).toBe("empty");
    await expect.poll(() => yardPen(page, b.name).getAttribute("data-status")).not.toBe("empty");

    const after = await yard();
    const inPen = (name: string) => after.pens.find((p) => p.name === name)!;
    expect(inPen(a.name).contents.map((m) => [m.livestockOrderId, m.head])).toEqual([[day.orderId, 60]]);
    expect(inPen(b.name).contents.map((m) => [m.livestockOrderId, m.head])).toEqual([[day.orderId, 59]]);
    day.mobA = inPen(a.name).contents[0].stockMobId;
    day.mobB = inPen(b.name).contents[0].stockMobId;
  });

  step("the yard hand ticks the yard checks of both pens", async () => {
    const page = office.page;
    for (const name of [day.penA, day.penB]) {
      await yardIdle(page);
      await yardPen(page, name).focus();
      await page.keyboard.press("Enter");
      const selected = page.getByRole("region", { name: "Selected" });
      await expect.poll(() => selected.locator("h2, h3").first().innerText()).toContain(name);
      const mob = (await yard()).pens.find((p) => p.name === name)!.contents[0];
      for (const check of mob.requirements.filter((r) => !r.isComplete)) {
        await newToast(page, `${check.name}: done.`, async () => {
          await selected.getByLabel(check.name).focus();
          await page.keyboard.press("Space");
        });
      }
      await expect.poll(async () =>
        (await yard()).pens.find((p) => p.name === name)!.contents[0].requirements.every((r) => r.isComplete)
      ).toBe(true);
      // done with this pen: Esc, from the check box where the focus is, clears the selection
      await page.keyboard.press("Escape");
      await expect.poll(() => selected.count(), { message: "Esc from the side panel clears the selection" })
        .toBe(0);
    }
  });

  step("a TV in the kill room shows today's sheep kill", async () => {
    tv = await chrome.person(server.origin, TV, { ...at, viewport: { width: 1920, height: 1080 } });
    await tv.page.goto(`${server.origin}/display/killagendareport/Sheep`);
    await expect.poll(() => tv.page.evaluate(() => document.documentElement.dataset.push)).toBe("connected");
    const groups = (await tv.page.locator("#tv-stage").getAttribute("data-groups"))!;
    expect(groups, "the TV watches the lot's site").toContain(`KillAgenda:${day.siteId}`);
    await tv.page.evaluate(() => ((window as unknown as { sameTv: boolean }).sameTv = true));
  });

  step(
    "the planner puts the lot first, by mouse then by keyboard; the order holds after a reload",
    async () => {
      await as(PLANNER);
      const page = office.page;
      const before = await agenda();
      const [a, b] = [
        ours(before).find((i) => i.stockMobId === day.mobA)!,
        ours(before).find((i) => i.stockMobId === day.mobB)!,
      ];
      expect(a && b, "both pens of the lot are on today's agenda").toBeTruthy();
      await page.goto(
        `${server.origin}/home/killagenda?date=${day.today}&species=${SHEEP}&site=${day.siteId}`,
      );
      await page.waitForSelector("[data-island=KillAgendaDay][data-hydrated]");
      await expectFits(page);
      const rows = () =>
        page.locator("[data-island=KillAgendaDay] tbody tr[data-item]").evaluateAll((trs) =>
          trs.map((tr) => Number(tr.getAttribute("data-item")))
        );
      expect(await rows()).toEqual(before.items.map((i) => i.id));
      const handle = (item: { id: number }) =>
        page.locator(`tr[data-item="${item.id}"]`).getByRole("button", { name: /^Move / });

      // by mouse: pen B's lot dragged above the first row
      const others = before.items.filter((i) => i.id !== b.id).map((i) => i.id);
      if (before.items[0].id !== b.id) {
        // the day's table from its top, so the first row and the lot are both on screen
        const firstRow = page.locator("[data-island=KillAgendaDay] tbody tr[data-item]").first();
        await firstRow.evaluate((tr) => tr.closest("table")!.scrollIntoView({ block: "start" }));
        const top = (await firstRow.boundingBox())!;
        await newToast(
          page,
          "Kill order saved.",
          () => mouseDrag(page, handle(b), { x: top.x + 20, y: top.y + 2 }),
        );
      }
      await expect.poll(rows).toEqual([b.id, ...others]);

      // by keyboard: pen A's lot lifted with Space, up to the top, dropped with Space
      const place = (await rows()).indexOf(a.id) + 1;
      await newToast(page, "Kill order saved.", async () => {
        await lift(page, handle(a), page.locator(`tr.is-dragging[data-item="${a.id}"]`));
        for (let p = place - 1; p >= 1; p--) {
          await page.keyboard.press("ArrowUp");
          await heard(page, `is over place ${p} of ${before.items.length}`);
        }
        await page.keyboard.press("Space");
      });
      const expected = [
        a.id,
        b.id,
        ...others.filter((id) => id !== a.id),
      ];
      expect(await rows()).toEqual(expected);
      await page.reload();
      await page.waitForSelector("[data-island=KillAgendaDay][data-hydrated]");
      expect(await rows()).toEqual(expected);
      expect((await agenda()).items.map((i) => i.id)).toEqual(expected);

      // the TV has the lot first now, redrawn in place
      const first = tv.page.locator("#tv-stage tbody tr[data-lot]").first();
      await expect.poll(() => first.innerText()).toMatch(new RegExp(`${SUPPLIER}\\s+60\\b`));
      expect(await tv.page.evaluate(() => (window as unknown as { sameTv?: boolean }).sameTv)).toBe(true);
    },
  );

  step("the planner sends the day to the plant; the plant's system reads it with its key", async () => {
    const page = office.page;
    await sendDay(page);
    await expect.poll(() => page.locator(".agenda-state").innerText()).toContain("Plant has it");

    const plant = await plantAgenda();
    expect(plant.integrationStatus).toBe("Sent");
    expect(plant.sentRevision, "the plant took this revision").toBe(plant.revision);
    day.sentRevision = plant.revision;
    expect(ours(plant).map((i) => [i.stockMobId, i.numberOfHead])).toEqual([[day.mobA, 60], [day.mobB, 59]]);
    expect(plant.items[0].stockMobId).toBe(day.mobA);
  });

  step(
    "the yard hand merges the two pens; the plant sees a new revision, and gets it when sent again",
    async () => {
      // the planner's day stays open in one window; the yard hand works in another
      const planner = office.page;
      await planner.evaluate(() => ((window as unknown as { sameDay: boolean }).sameDay = true));
      const page = await office.context.newPage();
      await page.goto(`${server.origin}/home/stockyard?yard=${day.yardId}`);
      await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
      await yardPen(page, day.penB).focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("m");
      await page.waitForSelector(".yard-status.is-picking");
      await landOn(page, day.penA);
      // a merge asks first: the two mobs cannot be told apart afterwards (the confirm is focused)
      const ask = page.getByRole("dialog", { name: "Merge mobs?" });
      await ask.waitFor();
      expect(await ask.innerText()).toMatch(/Merge .*59 head/);
      await newToast(page, `Merged 59 head into pen ${day.penA}.`, () => page.keyboard.press("Enter"));
      await expect.poll(() => yardPen(page, day.penB).getAttribute("data-status")).toBe("empty");
      const pen = (await yard()).pens.find((p) => p.name === day.penA)!;
      expect(pen.contents.map((m) => [m.stockMobId, m.head])).toEqual([[day.mobA, 119]]);
      await page.close();

      const changed = await plantAgenda();
      expect(changed.revision, "a change makes a new revision").toBeGreaterThan(day.sentRevision);
      expect(changed.sentRevision).toBe(day.sentRevision);
      expect(changed.changesSinceSent?.summary, "the plant is told what changed").toBe("1 merge");
      expect(ours(changed).map((i) => [i.stockMobId, i.numberOfHead])).toEqual([[day.mobA, 119]]);

      // the planner's day says so without a reload, and sends the new revision
      await expect.poll(() => planner.locator(".agenda-changed").count()).toBe(1);
      expect(await planner.locator(".agenda-changed").innerText()).toBe(
        `Changed since sent: 1 merge. The plant has revision ${day.sentRevision}; this is revision ${changed.revision}.`,
      );
      expect(await planner.evaluate(() => (window as unknown as { sameDay?: boolean }).sameDay)).toBe(true);
      await sendDay(planner);
      const resent = await plantAgenda();
      expect(resent.sentRevision, "the plant has the new revision").toBe(changed.revision);
      expect(resent.changesSinceSent, "nothing changed since this send").toBeNull();
      await expect.poll(() => planner.locator(".agenda-state").innerText()).toContain(
        `Plant has it (revision ${changed.revision})`,
      );

      // the TV shows the merged lot, without a reload
      const first = tv.page.locator("#tv-stage tbody tr[data-lot]").first();
      await expect.poll(() => first.innerText()).toMatch(new RegExp(`${SUPPLIER}\\s+119\\b`));
      expect(await tv.page.evaluate(() => (window as unknown as { sameTv?: boolean }).sameTv)).toBe(true);
    },
  );

  step("the yard hand sends the lot to the kill floor", async () => {
    await as(YARD_HAND);
    const page = office.page;
    await page.goto(`${server.origin}/home/stockyard?yard=${day.yardId}`);
    await page.waitForSelector("[data-island=YardBoard][data-hydrated]");
    await yardPen(page, day.penA).click();
    await page.getByRole("button", { name: "Send mob to kill floor" }).click();
    await toastWith(page, "sent to the kill floor");
    await expect.poll(() => yardPen(page, day.penA).getAttribute("data-status")).toBe("empty");
  });

  step("the plant's system posts the 119 carcasses with its key; the kill floor counts them", async () => {
    const order = (await db.select().from(livestockOrders).where(eq(livestockOrders.id, day.orderId)))[0];
    const group = await api<{ pricingGrids: { speciesCategoryId: number; cells: GridCells | null }[] }>(
      `/api/livestock/GetPricingGridGroup/${order.pricingGridGroupId}`,
    );
    day.cells = group.pricingGrids.find((g) => g.speciesCategoryId === order.speciesCategoryId)!.cells!;
    day.carcasses = carcassesOnGrid(day.cells, 119, 7001);
    const res = await server.request(K.postCarcasses, {
      method: "POST",
      token: day.key,
      json: {
        carcasses: day.carcasses.map((c) => ({
          productionDate: day.today,
          bodyNumber: c.bodyNumber,
          stockMobId: day.mobA,
          hscwKg: c.hscwKg,
          fatScore: c.fatScore,
          fatDepthMm: 4 * c.fatScore,
          dentition: 0,
          sex: c.bodyNumber % 2 ? "F" : "C",
          skinGrade: "1",
        })),
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const page = office.page;
    await page.goto(
      `${server.origin}/home/livestock/carcassdistribution?date=${day.today}&species=${SHEEP}&site=${day.siteId}`,
    );
    const row = page.locator("tbody tr", { hasText: SUPPLIER }).filter({
      has: page.locator(`a[href*="mob=${day.mobA}"]`),
    });
    expect(await row.innerText()).toMatch(/119\s+119/);
    expect(await row.innerText()).toContain("Complete");
    await expectFits(page);
  });

  step("the skins are counted", async () => {
    const page = office.page;
    await page.goto(`${server.origin}/home/skingrade?date=${day.today}`);
    await page.locator('[data-island="SkinCountSheet"][data-hydrated]').waitFor();
    const row = page.locator(".skin-sheet tbody tr", { hasText: SUPPLIER }).filter({ hasText: "/ 119" });
    await row.getByRole("button", { name: /count the rest of lot .* as grade 1/i }).click();
    await expect.poll(() => row.locator(".badge").innerText()).toBe("119 / 119");
    await newToast(page, "were saved", () => page.getByRole("button", { name: "Save counts" }).click());
  });

  let editor = "";
  step("the clerk invoices the lot: every priced line is right to the cent", async () => {
    await as(CLERK);
    const page = office.page;
    await page.goto(`${server.origin}/home/invoicemanager?speciesId=${SHEEP}`);
    await page.getByLabel(`Order ${day.orderId} of ${SUPPLIER}`).check();
    await newToast(
      page,
      "1 invoice created",
      () => page.getByRole("button", { name: /Create invoices \(1 mob\)/ }).click(),
    );
    await page.getByRole("link", { name: /Drafts/ }).click();
    await page.locator("tr", { hasText: SUPPLIER }).filter({ hasText: "119" }).first()
      .getByRole("link", { name: /Draft \d+/ }).click();
    await page.waitForURL(/\/edit\/\d+/);
    editor = page.url();
    await page.locator('[data-island="InvoiceEditor"][data-hydrated]').waitFor();
    await expectFits(page);

    const order = (await db.select().from(livestockOrders).where(eq(livestockOrders.id, day.orderId)))[0];
    day.totalCents = await expectInvoiceByHand(page, {
      cells: day.cells!,
      carcasses: day.carcasses,
      levies: await leviesInForce(db, order.speciesCategoryId!, day.today, day.siteId),
    });
  });

  step("the clerk publishes it, after a confirmation", async () => {
    const page = office.page;
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await newToast(
      page,
      "The invoice was published.",
      () => page.getByRole("button", { name: "Publish", exact: true }).click(),
    );
    expect(asked).toEqual([expect.stringContaining(`Publish this invoice to ${SUPPLIER}?`)]);
    await expect.poll(() => page.locator(".badge", { hasText: "Published" }).count()).toBe(1);
    expect(page.url()).toBe(editor);
  });

  /** The downloaded remittance is the day's lot: supplier, lot, grid cells, carcasses and total. */
  async function expectDaysRemittance(download: Download) {
    const [item] = ours(await agenda());
    expectRemittance(await pdfText(await Deno.readFile((await download.path())!)), {
      supplier: SUPPLIER,
      lot: item.agendaLotReference,
      suffix: item.agendaLotReferenceSuffix,
      cells: day.cells!,
      carcasses: day.carcasses,
      totalCents: day.totalCents,
    });
  }

  step(
    "the remittance PDF reads back: supplier, lot, head, total HSCW, total payable, no blank page",
    async () => {
      const page = office.page;
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "PDF", exact: true }).click(),
      ]);
      await expectDaysRemittance(download);
    },
  );

  // the farm (issue 44): its processor links the lot's supplier to Demo Farm; the producer reads the lot
  let farmLink = 0;
  step(
    "the farm sees the day's lot: its notices, feedback and charts; a republished remittance is told",
    async () => {
      const farmToken = await server.login(FARM);
      const { code } = await api<{ code: string }>("/api/producer/GetProducerCode", farmToken);
      const [{ supplierId }] = await db.select({ supplierId: livestockOrders.supplierId }).from(
        livestockOrders,
      )
        .where(eq(livestockOrders.id, day.orderId));
      const linked = await server.request("/api/producer/LinkProducerByCode", {
        method: "POST",
        token,
        json: {
          supplierIds: [supplierId],
          scopes: [...LINK_SCOPES],
          visibleFrom: day.today,
          producerCode: code,
        },
      });
      expect(linked.status, await linked.clone().text()).toBe(200);
      farmLink = (await linked.json()).id;
      await as(FARM);
      const page = office.page;
      await page.goto(`${server.origin}/producerportal`);
      const notices = page.getByRole("region", { name: "Notices" });
      expect(await notices.innerText()).toMatch(new RegExp(`remittance RCTI-\\d+ for lot ${day.orderId} `));
      await notices.getByRole("link", { name: new RegExp(`processed lot ${day.orderId} `) }).click();
      await page.waitForURL(/\/producerportal\/lots\//);
      expect(await page.getByRole("region", { name: "Compliance summary" }).innerText()).toContain(SUPPLIER);
      expect(await page.locator('section[aria-label="Charts"] svg').count()).toBeGreaterThan(1);
      expect(await page.locator('[aria-label="Carcasses, one row each"] tbody tr').count())
        .toBe(119);
      await expectFits(page);

      // the clerk corrects the remittance (unpublished, published again): the farm's open page is told
      await page.locator('[data-producer-notices][data-listening="true"]').waitFor({ state: "attached" });
      const invoiceId = Number(editor.match(/\/edit\/(\d+)/)![1]);
      const post = (path: string, json: unknown) => server.request(path, { method: "POST", token, json });
      expect((await post(INVOICES_API.unpublish, { ids: [invoiceId] })).status).toBe(200);
      const draft = await api<{ lastModified: string }>(
        INVOICES_API.invoice.replace("{id}", String(invoiceId)),
      );
      expect((await post(INVOICES_API.publish, { id: invoiceId, lastModified: draft.lastModified })).status)
        .toBe(200);
      const bar = page.locator("[data-producer-notices]");
      await expect.poll(() => bar.innerText()).toContain(
        `A remittance was published for lot ${day.orderId}.`,
      );
      expect(await bar.innerText()).toContain("(1 new notice)");
      await expectFits(page);
    },
  );

  step("the farm reads the remittance PDF back; the version before the correction is kept too", async () => {
    const page = office.page;
    await page.goto(`${server.origin}/producerportal/remittances?link=${farmLink}`);
    const row = page.locator("tbody tr", { hasText: `${day.orderId} · ` });
    expect(await row.getByRole("link", { name: /^Earlier/ }).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: "Current" }).click(),
    ]);
    await expectDaysRemittance(download);
    await expectFits(page);
  });
});
