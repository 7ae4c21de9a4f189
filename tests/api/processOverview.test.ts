/**
 * api/livestock processing overview (spec 3 §7) over the real app and the demo data of the pinned day:
 * a production day's orders with every head accounted for, totals per species and supplier, one order
 * across its days, and who may ask.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, count, eq, ne } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { carcasses, livestockOrders } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";
import { plantDay } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";
import { PROCESS_OVERVIEW_API as P } from "../../server/areas/livestock/processOverview/api.ts";
import { FIGURE_KEYS } from "../../server/areas/livestock/processOverview/rules.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const SHEEP = 1, BEEF = 2;
const TODAY = plantDay();
const byOrder = (id: number) => P.byOrder.replace("{id}", String(id));
const day = (q: string) => `${P.byDay}?${q}`;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display", "super"]) {
    tokens[who] = await t.login(`${who}@demo.processor`);
  }
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t?.close());

async function get(path: string, who = "user") {
  const res = await t.request(path, { token: tokens[who] });
  return { status: res.status, body: await res.json() as Json };
}
const tenantDb = () => t.services.db.tenantDb(1);

/** The demo's orders planned for a day (not cancelled), by species. */
async function plannedOrders(date: string, speciesId: number) {
  const rows = await (await tenantDb()).select({ id: livestockOrders.id }).from(livestockOrders).where(and(
    eq(livestockOrders.productionDate, date),
    eq(livestockOrders.speciesId, speciesId),
    ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
  ));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const sum = (rows: Json[], key: string) => rows.reduce((n, r) => n + r.figures[key], 0);

describe("a production day", () => {
  test("the pinned day's sheep: the demo's orders, every head accounted for, totals that add up", async () => {
    const { status, body } = await get(day(`speciesId=${SHEEP}&productionDate=${TODAY}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ productionDate: TODAY, speciesId: SHEEP, species: "Sheep" });
    const ids = body.orders.map((o: Json) => o.livestockOrderId).sort((a: number, b: number) => a - b);
    expect(ids).toEqual(await plannedOrders(TODAY, SHEEP));
    expect(ids.length).toBeGreaterThan(2);
    for (const o of body.orders) {
      const f = o.figures;
      expect(f.delivered, o.lot).toBe(f.doa + f.unloaded + f.toUnload);
      expect(f.unloaded, o.lot).toBe(f.inYard + f.unfit + f.sentToKillFloor + f.unaccounted);
      expect(f.unaccounted, o.lot).toBe(0);
      expect(o.mobs.reduce((n: number, m: Json) => n + (m.place === "yard" ? m.head : 0), 0)).toBe(f.inYard);
    }
    // the demo unloads some of the day's orders into pens (ready to process) and leaves others to come
    expect(body.total.inYard).toBeGreaterThan(0);
    expect(body.orders.some((o: Json) => o.figures.toDeliver > 0)).toBe(true);
    for (const key of FIGURE_KEYS) {
      expect(body.total[key], key).toBe(sum(body.orders, key));
      expect(sum(body.bySupplier, key), key).toBe(body.total[key]);
      expect(sum(body.bySpecies, key), key).toBe(body.total[key]);
    }
    expect(body.bySpecies).toHaveLength(1);
  });

  test("every species by default of the API; a load on a truck is still to unload", async () => {
    const { status, body } = await get(day(`productionDate=${TODAY}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ speciesId: null, species: "Every species" });
    expect(body.bySpecies.map((s: Json) => s.name).sort()).toEqual(["Beef", "Sheep"]);
    const beef = body.orders.filter((o: Json) => o.speciesId === BEEF).map((o: Json) => o.livestockOrderId);
    expect(beef.sort((a: number, b: number) => a - b)).toEqual(await plannedOrders(TODAY, BEEF));
    // the demo's beef load that arrived and waits on its truck
    const waiting = body.orders.find((o: Json) => o.speciesId === BEEF && o.figures.toUnload > 0);
    expect(waiting.mobs.some((m: Json) => m.place === "truck")).toBe(true);
    expect(waiting.progress).toMatch(/to unload/);
  });

  test("a past day: processed counts the kill floor's carcass records, condemned among them", async () => {
    const past = plantDay(-2);
    const { body } = await get(day(`speciesId=${SHEEP}&productionDate=${past}`));
    const [{ n }] = await (await tenantDb()).select({ n: count() }).from(carcasses)
      .where(and(eq(carcasses.productionDate, past), eq(carcasses.speciesId, SHEEP)));
    expect(n).toBeGreaterThan(0);
    expect(body.total.processed).toBe(n);
    expect(body.total.sentToKillFloor).toBeGreaterThanOrEqual(body.total.processed);
  });

  test("a day without orders names the nearest days with some, before and after", async () => {
    const week = Array.from({ length: 14 }, (_, i) => plantDay(i - 7));
    const empty: string[] = [];
    for (const d of week) if (!(await plannedOrders(d, SHEEP)).length) empty.push(d);
    expect(empty.length).toBeGreaterThan(0); // the demo kills on weekdays only
    const quiet = empty[0];
    const { body } = await get(day(`speciesId=${SHEEP}&productionDate=${quiet}`));
    expect(body.orders).toEqual([]);
    const { before, after } = body.nearestDays;
    expect(before < quiet && quiet < after).toBe(true);
    expect((await plannedOrders(before, SHEEP)).length).toBeGreaterThan(0);
    expect((await plannedOrders(after, SHEEP)).length).toBeGreaterThan(0);
    // nothing in between: they are the nearest
    for (let d = addDays(before, 1); d < after; d = addDays(d, 1)) {
      expect(await plannedOrders(d, SHEEP), d).toEqual([]);
    }
    // a day with orders names none
    expect((await get(day(`speciesId=${SHEEP}&productionDate=${TODAY}`))).body.nearestDays)
      .toEqual({ before: null, after: null });
  });

  test("the day defaults to the plant's today", async () => {
    const { body } = await get(day(`speciesId=${SHEEP}`));
    expect(body.productionDate).toBe(TODAY);
  });

  test("a bad date or species is a 400 in the catalogue's shape", async () => {
    for (const q of ["productionDate=2026-02-30", "productionDate=02/12/2026", "speciesId=abc"]) {
      const { status, body } = await get(day(q));
      expect(status, q).toBe(400);
      expect(body, q).toMatchObject({ isValidation: true });
      expect(body.errors.length, q).toBeGreaterThan(0);
    }
  });
});

describe("one order across its days", () => {
  test("its figures and each production day", async () => {
    const [id] = await plannedOrders(plantDay(-2), SHEEP);
    const { status, body } = await get(byOrder(id));
    expect(status).toBe(200);
    expect(body.order.livestockOrderId).toBe(id);
    expect(body.days.map((d: Json) => d.date)).toContain(plantDay(-2));
    expect(body.days.reduce((n: number, d: Json) => n + d.processed, 0)).toBe(body.order.figures.processed);
  });

  test("an order that does not exist, or of a species the caller does not have, is 404", async () => {
    expect((await get(byOrder(999_999))).status).toBe(404);
    const made = await t.request("/api/user/UpsertTenantUser", {
      method: "POST",
      token: tokens.super,
      json: {
        email: "sheep.only@demo.processor",
        firstName: "Sheep",
        lastName: "Only",
        roleLevel: "user",
        allowedSpeciesIds: [String(SHEEP)],
      },
    });
    const temp = (await made.json()).temporaryPassword;
    tokens.sheep = await t.login("sheep.only@demo.processor", temp);
    await t.request("/api/user/ChangeTempPasswordIfAuthed", {
      method: "POST",
      token: tokens.sheep,
      json: { newPassword: "sheep-only-password-1" },
    });
    const [beefOrder] = await plannedOrders(TODAY, BEEF);
    const refused = await get(byOrder(beefOrder), "sheep");
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("That order does not exist.");
    expect((await get(day(`speciesId=${BEEF}`), "sheep")).status).toBe(404);
    // every species of theirs: sheep only
    const mine = await get(day(`productionDate=${TODAY}`), "sheep");
    expect(mine.body.bySpecies.map((s: Json) => s.name)).toEqual(["Sheep"]);
  });
});

describe("who may", () => {
  test("another tenant, the display role: 403", async () => {
    const [id] = await plannedOrders(TODAY, SHEEP);
    for (const who of ["farm", "display"]) {
      expect((await get(day(`productionDate=${TODAY}`), who)).status, who).toBe(403);
      expect((await get(byOrder(id), who)).status, who).toBe(403);
    }
  });

  test("without the livestockReporting module: 403 (and the page is not offered)", async () => {
    await t.services.db.control.update(tenantModules).set({ isEnabled: false })
      .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "livestockReporting")));
    await t.services.callers.changed({ tenantIds: [1] });
    try {
      expect((await get(day(`productionDate=${TODAY}`))).status).toBe(403);
      const page = await t.request("/home/processoverview", {
        token: tokens.user,
        headers: { accept: "text/html" },
        redirect: "manual",
      });
      await page.body?.cancel();
      expect(page.status).not.toBe(200);
    } finally {
      await t.services.db.control.update(tenantModules).set({ isEnabled: true })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "livestockReporting")));
      await t.services.callers.changed({ tenantIds: [1] });
    }
  });
});
