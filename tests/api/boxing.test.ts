/**
 * api/livestock boxing (issue 39 item 4): the boxing read, UpdateBoxingForLivestockOrder and
 * BoxOrderIntoDeliveredOrder over real HTTP and real db files; then a boxed lot killed (carcass records
 * written as the kill floor would, all against the host's mob), both orders on the to-be-invoiced list
 * and both suppliers' invoices sharing the lot's carcasses exactly.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { plantDay, plantNoon } from "../helpers/clock.ts";
import { auditLog, carcasses, invoices, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { loadSources } from "../../server/areas/invoices/inputs.ts";
import { BOXING_API } from "../../server/areas/livestock/boxing/api.ts";
import { liveHead, shareCounts } from "../../server/areas/livestock/boxing/rules.ts";
import { KILL_AGENDA_API } from "../../server/areas/killAgenda/paths.ts";
import { STOCKYARD_API } from "../../server/areas/stockyard/api.ts";
import { addDays } from "../../kernel/dates.ts";
import { formatDate } from "../../kernel/format.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const TODAY = plantDay();
const YESTERDAY = plantDay(-1);
const SHEEP = 1;
const headers = { "x-local-date": TODAY };

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const db = () => t.services.db.tenantDb(1);
const get = async (path: string, who = "admin") => {
  const res = await t.request(path, { token: tokens[who], headers });
  return { status: res.status, body: await res.json() };
};
const post = async (path: string, json: unknown, who = "admin") => {
  const res = await t.request(path, { method: "POST", token: tokens[who], json, headers });
  return { status: res.status, body: await res.json() };
};
const boxing = (date: string, who = "admin") =>
  get(`${BOXING_API.read}?date=${date}&speciesId=${SHEEP}`, who);
const order = async (id: number) =>
  (await (await db()).select().from(livestockOrders).where(eq(livestockOrders.id, id)))[0];
const stamped = async (ids: number[]) =>
  await Promise.all(
    ids.map(async (id) => ({ livestockOrderId: id, lastModified: (await order(id)).lastModified })),
  );
const expectPlain = (res: { status: number; body: Record<string, unknown> }, status: number) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ title: expect.any(String), message: expect.any(String) });
  expect(res.body.isValidation).toBe(status === 400);
};

describe("boxing two orders before the kill", () => {
  let ids: number[] = [];

  test("the demo holds a boxed beef lot of two orders", async () => {
    const days = Array.from({ length: 15 }, (_, i) => plantDay(-i));
    const lots = (await Promise.all(days.map((d) => get(`${BOXING_API.read}?date=${d}&speciesId=2`))))
      .flatMap((r) => r.body.lots as { boxedLotRef: string; orders: unknown[] }[])
      .filter((lot, i, all) => all.findIndex((l) => l.boxedLotRef === lot.boxedLotRef) === i);
    expect(lots.length).toBe(1);
    expect(lots[0].boxedLotRef).toMatch(/^BOX-\d+$/);
    expect(lots[0].orders.length).toBe(2);
  });

  test("the read lists the day's delivered sheep orders that may be boxed", async () => {
    const res = await boxing(TODAY);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: TODAY, speciesId: SHEEP, species: "Sheep", lots: [] });
    expect(res.body.candidates.length).toBeGreaterThanOrEqual(2);
    for (const c of res.body.candidates) {
      expect(c).toMatchObject({ deliveryDate: TODAY, boxedLotRef: null, carcasses: 0 });
      expect(c.liveHead).toBe(c.totalDelivered - c.totalDoa);
    }
    ids = res.body.candidates.slice(0, 2).map((c: { livestockOrderId: number }) => c.livestockOrderId);
  });

  test("a user boxes them: one lot on the lower order, audited, shown with each order's share", async () => {
    const res = await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) }, "user");
    expect(res.status).toBe(200);
    const host = Math.min(...ids);
    expect(res.body).toEqual({ boxedLotRef: `BOX-${host}`, livestockOrderIds: ids });
    for (const id of ids) {
      expect(await order(id)).toMatchObject({ boxedLotRef: `BOX-${host}`, boxedOrderCollectionId: host });
      // the order API answers the lot too (spec 1 §3 order fields)
      expect((await get(`/api/livestock/GetLivestockOrder/${id}`)).body).toMatchObject({
        boxedLotRef: `BOX-${host}`,
        boxedOrderCollectionId: host,
      });
    }
    const audits = await (await db()).select().from(auditLog)
      .where(and(eq(auditLog.entity, "livestockOrder"), inArray(auditLog.entityId, ids.map(String))));
    expect(audits.filter((a) => a.action === `Boxed into lot BOX-${host}`).length).toBe(2);
    const read = (await boxing(TODAY)).body;
    expect(read.candidates.map((c: { livestockOrderId: number }) => c.livestockOrderId)).not.toContain(
      ids[0],
    );
    expect(read.lots).toHaveLength(1);
    const lot = read.lots[0];
    expect(lot).toMatchObject({ boxedLotRef: `BOX-${host}`, boxedOrderCollectionId: host, isKilled: false });
    expect(lot.orders.map((o: { shareHead: number }) => o.shareHead))
      .toEqual(lot.orders.map((o: { liveHead: number }) => o.liveHead));
  });

  test("an order changed since it was read is refused (409) and nothing changes", async () => {
    const res = await post(BOXING_API.update, {
      boxed: false,
      orders: [{ livestockOrderId: ids[0], lastModified: "2020-01-01T00:00:00.000Z" }],
    });
    expectPlain(res, 409);
    expect((await order(ids[0])).boxedLotRef).not.toBeNull();
  });

  test("boxing an order already in a lot again is refused (409)", async () => {
    const res = await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) });
    expectPlain(res, 409);
    expect(res.body.message).toMatch(/already in lot/);
  });

  test("taking one of two out dissolves the lot (a lot of one is no lot)", async () => {
    const res = await post(BOXING_API.update, { boxed: false, orders: await stamped([ids[1]]) });
    expect(res.status).toBe(200);
    expect(res.body.livestockOrderIds.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await order(id)).toMatchObject({ boxedLotRef: null, boxedOrderCollectionId: null });
    }
    expect((await boxing(TODAY)).body.lots).toEqual([]);
  });

  test("BoxOrderIntoDeliveredOrder: the order joins the delivered order, which holds the lot", async () => {
    const [mine] = await stamped([ids[1]]);
    const res = await post(BOXING_API.boxInto, { ...mine, deliveredOrderId: ids[0] });
    expect(res.status).toBe(200);
    expect(res.body.boxedLotRef).toBe(`BOX-${ids[0]}`);
    expect(await order(ids[1])).toMatchObject({ boxedOrderCollectionId: ids[0] });
    // unboxed again for the rest of the file
    expect((await post(BOXING_API.update, { boxed: false, orders: await stamped(ids) })).status).toBe(200);
  });
});

describe("refusals", () => {
  test("400 in words: one order, orders of different days, a bad day; nothing changes", async () => {
    const today = (await boxing(TODAY)).body.candidates;
    const yesterday = (await boxing(YESTERDAY)).body.candidates;
    const one = await post(BOXING_API.update, {
      boxed: true,
      orders: await stamped([today[0].livestockOrderId]),
    });
    expectPlain(one, 400);
    expect(one.body.message).toMatch(/two or more/);
    const days = await post(BOXING_API.update, {
      boxed: true,
      orders: await stamped([today[0].livestockOrderId, yesterday[0].livestockOrderId]),
    });
    expectPlain(days, 400);
    expect(days.body.message).toMatch(/same day/);
    expectPlain(await post(BOXING_API.update, { boxed: "yes", orders: [] }), 400);
    expectPlain(await post(BOXING_API.boxInto, { livestockOrderId: 5, deliveredOrderId: 5 }), 400);
    expectPlain(await get(`${BOXING_API.read}?date=2026-02-30`), 400);
    expect((await order(today[0].livestockOrderId)).boxedLotRef).toBeNull();
  });

  test("the display role is refused (403); another tenant cannot reach the page's calls (403)", async () => {
    const ids = (await boxing(TODAY)).body.candidates.slice(0, 2).map((c: { livestockOrderId: number }) =>
      c.livestockOrderId
    );
    for (const who of ["display", "farm"]) {
      expect((await boxing(TODAY, who)).status, who).toBe(403);
      expect((await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) }, who)).status, who)
        .toBe(403);
      expect(
        (await post(BOXING_API.boxInto, { livestockOrderId: ids[0], deliveredOrderId: ids[1] }, who)).status,
      )
        .toBe(403);
    }
    expect((await order(ids[0])).boxedLotRef).toBeNull();
  });

  test("without the livestockBoxing module: 403", async () => {
    const set = async (isEnabled: boolean) => {
      await t.services.db.control.update(tenantModules).set({ isEnabled })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "livestockBoxing")));
      await t.services.callers.changed({ tenantIds: [1] });
    };
    await set(false);
    try {
      expect((await boxing(TODAY)).status).toBe(403);
      expect((await post(BOXING_API.update, { boxed: false, orders: [{ livestockOrderId: 1 }] })).status)
        .toBe(403);
    } finally {
      await set(true);
    }
    expect((await boxing(TODAY)).status).toBe(200);
  });
});

describe("a boxed lot killed and invoiced", () => {
  let ids: number[] = [];
  let host = 0;

  test("two of yesterday's orders boxed, then killed: every carcass recorded against the host's mob", async () => {
    ids = (await boxing(YESTERDAY)).body.candidates.slice(0, 2).map((c: { livestockOrderId: number }) =>
      c.livestockOrderId
    );
    expect((await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) })).status).toBe(200);
    host = Math.min(...ids);
    const tdb = await db();
    const orders = await Promise.all(ids.map(order));
    const lotHead = orders.reduce((n, o) => n + liveHead(o), 0);
    const mobs = await tdb.select().from(stockMobs).where(inArray(stockMobs.livestockOrderId, ids));
    const first = ids.map((id) => mobs.find((m) => m.livestockOrderId === id)!);
    // the chain killed the lot as one and named the host's mob only: the other order's mob has no records
    const now = plantNoon().toISOString(); // the pinned plant day, as the app's clock reads it
    const rows = Array.from({ length: lotHead }, (_, i) => {
      const mob = first[0];
      return {
        productionDate: YESTERDAY,
        tenantSiteId: mob.tenantSiteId ?? 0,
        speciesId: SHEEP,
        bodyNumber: 9000 + i,
        killSequence: 9000 + i,
        stockMobId: mob.id,
        livestockOrderId: mob.livestockOrderId,
        supplierId: mob.supplierId,
        hscwKg: i % 50 === 7 ? 0 : 18 + (i % 13),
        condemned: i % 50 === 7 ? "whole" : "none",
        importId: 0,
        receivedAt: now,
        lastModified: now,
      };
    });
    for (let i = 0; i < rows.length; i += 200) await tdb.insert(carcasses).values(rows.slice(i, i + 200));
    const read = (await boxing(YESTERDAY)).body.lots[0];
    expect(read).toMatchObject({ boxedLotRef: `BOX-${host}`, isKilled: true, carcasses: lotHead });
  });

  test("once killed, unboxing and boxing more into it are refused (409)", async () => {
    const res = await post(BOXING_API.update, { boxed: false, orders: await stamped(ids) });
    expectPlain(res, 409);
    expect(res.body.message).toMatch(/carcass records/);
    expect((await order(ids[0])).boxedOrderCollectionId).toBe(host);
    const other = (await boxing(YESTERDAY)).body.candidates[0];
    const into = await post(BOXING_API.boxInto, {
      ...(await stamped([other.livestockOrderId]))[0],
      deliveredOrderId: host,
    });
    expectPlain(into, 409);
  });

  test("both orders are to be invoiced: the one whose own mob has no records with its share", async () => {
    const list = (await get(`${INVOICES_API.toBeCreated}?speciesId=${SHEEP}`)).body as {
      livestockOrderId: number;
      carcassCount: number;
    }[];
    const orders = [...await Promise.all(ids.map(order))].sort((a, b) => a.id - b.id);
    const expected = shareCounts(orders.map(liveHead), orders.reduce((n, o) => n + liveHead(o), 0));
    const other = orders.findIndex((o) => o.id !== host);
    expect(list.find((r) => r.livestockOrderId === host)).toBeDefined();
    expect(list.find((r) => r.livestockOrderId === orders[other].id)?.carcassCount).toBe(expected[other]);
  });

  test("each supplier's invoice holds its share by live head; together exactly the lot's carcasses", async () => {
    const made = await post(INVOICES_API.createOrAdd, { livestockOrderIds: ids });
    expect(made.status).toBe(200);
    const tdb = await db();
    const orders = await Promise.all(ids.map(order));
    const lot = await tdb.select().from(carcasses).where(inArray(carcasses.livestockOrderId, ids));
    const expected = shareCounts([...orders].sort((a, b) => a.id - b.id).map(liveHead), lot.length);
    const seen: number[] = [];
    for (const [i, o] of [...orders].sort((a, b) => a.id - b.id).entries()) {
      const [invoice] = await tdb.select().from(invoices).where(eq(invoices.livestockOrderId, o.id));
      const sources = await loadSources(tdb, invoice);
      expect(sources.carcasses.length, `order ${o.id}`).toBe(expected[i]);
      expect(sources.inputs.headCounts.processed).toBe(expected[i]);
      seen.push(...sources.carcasses.map((c) => c.id));
    }
    expect(seen.length).toBe(lot.length);
    expect(new Set(seen).size).toBe(lot.length);
  });
});

describe("a boxed lot on the kill agenda and in the yard: one lot, moved whole", () => {
  type Item = { id: number; livestockOrderId: number; boxedLotRef: string | null; numberOfHead: number };
  let ids: number[] = [];
  let where = "";
  const agenda = async (who = "admin") => await get(`${KILL_AGENDA_API.getKillAgenda}?${where}`, who);
  const orderOf = (items: Item[]) => items.map((i) => i.livestockOrderId);

  test("boxing two orders of a day brings their items together, read as one lot", async () => {
    // two of today's delivered sheep orders whose mobs are killed on one day, another order between them
    const candidates = (await boxing(TODAY)).body.candidates as { livestockOrderId: number }[];
    const mobs = await (await db()).select().from(stockMobs)
      .where(inArray(stockMobs.livestockOrderId, candidates.map((c) => c.livestockOrderId)));
    const mob = mobs.find((m) => m.applicableProductionDate)!;
    where = `date=${mob.applicableProductionDate}&speciesId=${SHEEP}&tenantSiteId=${mob.tenantSiteId}`;
    const before = (await agenda()).body;
    const onDay = [...new Set(orderOf(before.items))].filter((id) =>
      candidates.some((c) => c.livestockOrderId === id)
    );
    expect(onDay.length).toBeGreaterThanOrEqual(2);
    ids = [onDay[0], onDay[1]];
    // apart first: the first order's items lead the day and the second's close it
    const items = before.items as Item[];
    const apart = [
      ...items.filter((i) => i.livestockOrderId === ids[0]),
      ...items.filter((i) => !ids.includes(i.livestockOrderId)),
      ...items.filter((i) => i.livestockOrderId === ids[1]),
    ];
    const reordered = await post(KILL_AGENDA_API.reorder, {
      killAgendaId: before.id,
      lastModified: before.lastModified,
      itemIds: apart.map((i) => i.id),
    });
    expect(reordered.status).toBe(200);
    expect((await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) })).status).toBe(200);
    const ref = `BOX-${Math.min(...ids)}`;
    const after = (await agenda()).body;
    const lotItems = (after.items as Item[]).filter((i) => i.boxedLotRef === ref);
    expect(orderOf(lotItems).every((id) => ids.includes(id))).toBe(true);
    const first = (after.items as Item[]).findIndex((i) => i.boxedLotRef === ref);
    // consecutive, at the first one's place (the day's start)
    expect(first).toBe(0);
    expect((after.items as Item[]).slice(0, lotItems.length).every((i) => i.boxedLotRef === ref)).toBe(true);
    expect(after.boxedLots).toEqual([{
      boxedLotRef: ref,
      livestockOrderIds: [...ids].sort((a, b) => a - b),
      suppliers: expect.any(Array),
      head: lotItems.reduce((n, i) => n + i.numberOfHead, 0),
      missing: [],
    }]);
    expect(after.boxedLots[0].suppliers.length).toBeGreaterThanOrEqual(1);
    // the yard marks each mob of the lot with it and its suppliers
    const lotMob = mobs.find((m) => m.livestockOrderId === ids[1])!;
    const inYard = await get(`${STOCKYARD_API.getMobHistory}/${lotMob.id}`);
    expect(inYard.body.mob).toMatchObject({
      boxedLotRef: ref,
      boxedLotSuppliers: after.boxedLots[0].suppliers,
    });
  });

  test("the boxing read and page say where the lot stands: its kill day and place in the day's kill order", async () => {
    const a = (await agenda()).body;
    // the day's cards: an item alone, or a boxed lot's items together
    const cards =
      (a.items as Item[]).filter((item, i, all) =>
        !item.boxedLotRef || all[i - 1]?.boxedLotRef !== item.boxedLotRef
      ).length;
    const ref = `BOX-${Math.min(...ids)}`;
    const lot = ((await boxing(TODAY)).body.lots as { boxedLotRef: string }[]).find((l) =>
      l.boxedLotRef === ref
    );
    expect(lot).toMatchObject({
      agendaPlace: {
        date: a.productionDate,
        speciesId: SHEEP,
        tenantSiteId: a.tenantSiteId,
        position: 1,
        lotsOnDay: cards,
      },
    });
    const html = await (await t.request(`/home/livestock/livestockBoxing?date=${TODAY}&species=${SHEEP}`, {
      token: tokens.admin,
      headers,
    })).text();
    const site = a.tenantSiteId ? `&amp;site=${a.tenantSiteId}` : "";
    expect(html).toContain(`href="/home/killagenda?date=${a.productionDate}&amp;species=${SHEEP}${site}"`);
    expect(html).toMatch(
      new RegExp(`Kill agenda: <a [^>]+>${formatDate(a.productionDate, false)}</a>, lot 1 of ${cards}`),
    );
  });

  test("a kill order that cuts the lot in two is refused (400 in words), a stale one 409; nothing changes", async () => {
    const a = (await agenda()).body;
    const items = a.items as Item[];
    const n = items.filter((i) => i.boxedLotRef).length;
    const cut = [items[0], ...items.slice(n), ...items.slice(1, n)].map((i) => i.id);
    const res = await post(KILL_AGENDA_API.reorder, {
      killAgendaId: a.id,
      lastModified: a.lastModified,
      itemIds: cut,
    });
    expectPlain(res, 400);
    expect(res.body.message).toMatch(/BOX-\d+ is a boxed lot killed as one/);
    const stale = await post(KILL_AGENDA_API.reorder, {
      killAgendaId: a.id,
      lastModified: "2020-01-01T00:00:00.000Z",
      itemIds: items.map((i) => i.id),
    });
    expectPlain(stale, 409);
    const now = (await agenda()).body;
    expect(now.lastModified).toBe(a.lastModified);
    expect(now.items.map((i: Item) => i.id)).toEqual(items.map((i) => i.id));
  });

  test("a drop of any of the lot's items moves the whole lot; a change of day moves all of it or none", async () => {
    const a = (await agenda()).body;
    const items = a.items as Item[];
    const n = items.filter((i) => i.boxedLotRef).length;
    const lot = items.slice(0, n).map((i) => i.id);
    const moved = await post(KILL_AGENDA_API.planReorder, {
      itemId: lot[n - 1],
      fromLastModified: a.lastModified,
      toDate: a.productionDate,
      toIndex: items.length,
    });
    expect(moved.status).toBe(200);
    const after = (await agenda()).body.items as Item[];
    expect(after.slice(-n).map((i) => i.id)).toEqual(lot);
    // to another day: the whole lot goes (or, when the drop rule refuses one of its mobs, none of it)
    const day = (await agenda()).body;
    const next = addDays(day.productionDate, 1);
    const other = await post(KILL_AGENDA_API.planReorder, {
      itemId: lot[0],
      fromLastModified: day.lastModified,
      toDate: next,
      toIndex: 0,
    });
    const left = ((await agenda()).body.items as Item[]).filter((i) => lot.includes(i.id));
    const nextDay =
      (await get(`${KILL_AGENDA_API.getKillAgenda}?${where.replace(/date=[^&]+/, `date=${next}`)}`))
        .body.items as Item[];
    if (other.status === 200) {
      expect(left).toEqual([]);
      expect(nextDay.slice(0, n).map((i) => i.livestockOrderId).every((id) => ids.includes(id))).toBe(true);
    } else {
      expectPlain(other, 400);
      expect(left.map((i) => i.id)).toEqual(lot);
    }
  });

  test("another tenant and the producer reach neither the lot's agenda nor its moves (403)", async () => {
    const a = (await agenda()).body;
    expect((await agenda("farm")).status).toBe(403);
    const res = await post(KILL_AGENDA_API.planReorder, {
      itemId: a.items[0].id,
      fromLastModified: a.lastModified,
      toDate: a.productionDate,
      toIndex: 0,
    }, "farm");
    expect(res.status).toBe(403);
    expect((await agenda()).body.lastModified).toBe(a.lastModified);
  });
});

describe("a boxed lot not on a kill agenda yet", () => {
  test("its mobs have no kill day: the read answers no place and the page says so", async () => {
    // the first day back with two orders still to box
    let day = "";
    let ids: number[] = [];
    for (let back = 0; back < 10 && ids.length < 2; back++) {
      day = plantDay(-back);
      const candidates = (await boxing(day)).body.candidates as { livestockOrderId: number }[];
      ids = candidates.slice(0, 2).map((c) => c.livestockOrderId);
    }
    expect(ids).toHaveLength(2);
    // as mobs put in the paddock with no day planned (the agenda takes a mob by its production day)
    await (await db()).update(stockMobs).set({ applicableProductionDate: null })
      .where(inArray(stockMobs.livestockOrderId, ids));
    expect((await post(BOXING_API.update, { boxed: true, orders: await stamped(ids) })).status).toBe(200);
    const ref = `BOX-${Math.min(...ids)}`;
    const lot = ((await boxing(day)).body.lots as { boxedLotRef: string }[]).find((l) =>
      l.boxedLotRef === ref
    );
    expect(lot).toMatchObject({ boxedLotRef: ref, agendaPlace: null });
    const html = await (await t.request(`/home/livestock/livestockBoxing?date=${day}&species=${SHEEP}`, {
      token: tokens.admin,
      headers,
    })).text();
    expect(html).toContain("Not on a kill agenda yet.");
  });
});
