/** api/livestock orders, groups, deliveries and head-count corrections over real HTTP and db files. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plantNoon } from "../helpers/clock.ts";
import { serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { pricingGridGroups, pricingGrids } from "../../db/tenant/schema.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let supplierId: number;
let buyerId: number;
const DAY = "2026-12-01";

// the plant's today is 2026-12-03 (a Thursday) whatever the real day: the dates below are around it
const TODAY = "2026-12-03";

beforeAll(async () => {
  t = await serveTestApp({}, { day: TODAY });
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  supplierId = (await (await t.request("/api/livestock/GetSuppliers", { token: tokens.user })).json())[0].id;
  buyerId = (await (await t.request("/api/livestock/GetBuyers", { token: tokens.user })).json())[0].id;
});
afterAll(() => t.close());

const headers = { "x-local-date": "2026-12-03" };
const call = async (path: string, json?: unknown, who = "user") => {
  const res = await t.request(path, {
    method: json === undefined ? "GET" : "POST",
    token: tokens[who],
    json,
    headers,
  });
  return { status: res.status, body: await res.json(), total: res.headers.get("X-Total-Count") };
};
const group = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  speciesId: 1,
  supplierId,
  buyerId,
  deliveryDate: DAY,
  ...over,
});
const order = (over: Record<string, unknown> = {}) => ({
  quantityOrdered: 300,
  deliveryDate: DAY,
  deliveryTime: "06:30",
  speciesCategoryId: 11,
  ...over,
});
async function createGroup(o: Record<string, unknown> = {}, g: Record<string, unknown> = {}) {
  const res = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
    livestockOrderGroupDto: group(g),
    livestockOrderDto: order(o),
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe("order groups and orders", () => {
  test("a group with its first order, then a second order; the order date follows the buyer", async () => {
    const created = await createGroup();
    expect(created).toMatchObject({ supplierId, buyerId, orderDate: "2026-12-03", species: "Sheep" });
    expect(created.livestockOrders).toHaveLength(1);
    const first = created.livestockOrders[0];
    expect(first).toMatchObject({
      quantityOrdered: 300,
      orderStatusName: "Ordered",
      speciesCategory: "Lamb",
      liveDelivered: 0,
      remainderToUnload: 0,
      isUnloaded: false,
    });
    expect(first.pic).toMatch(/^[A-Z0-9]{8}$/); // from the supplier
    const second = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: { ...group(), id: created.id, lastModified: created.lastModified },
      livestockOrderDto: order({ quantityOrdered: 150, deliveryDate: "2026-12-02", orderConfirmed: true }),
    });
    expect(
      second.body.livestockOrders.map((
        o: { quantityOrdered: number; orderStatusName: string },
      ) => [o.quantityOrdered, o.orderStatusName]),
    )
      .toEqual([[300, "Ordered"], [150, "Confirmed"]]);
    // no buyer, no order date (spec 1 §5)
    const noBuyer = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: {
        ...group({ buyerId: null, orderDate: "2026-11-30" }),
        id: created.id,
        lastModified: second.body.lastModified,
      },
    });
    expect(noBuyer.body.orderDate).toBeNull();
    const read = await call(`/api/livestock/GetLivestockOrderGroup/${created.id}`);
    expect(read.body.livestockOrders).toHaveLength(2);
    const byDate = await call(`/api/livestock/GetLivestockOrdersByDeliveryDate?deliveryDate=2026-12-02`);
    expect(byDate.body.map((o: { quantityOrdered: number }) => o.quantityOrdered)).toContain(150);
    const range = await call(`/api/livestock/GetLivestockOrderGroups?fromDate=2026-12-01&toDate=2026-12-02`);
    expect(range.body.map((g: { id: number }) => g.id)).toContain(created.id);
  });

  test("bad input is a validation 400 per field and changes nothing", async () => {
    const before = (await call(
      `/api/livestock/GetLivestockOrders?fromDate=2026-11-01&toDate=2027-01-31&includeCancelled=true`,
    )).total;
    const bad = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: group({ speciesId: 4, supplierId: 99999 }),
      livestockOrderDto: order({ quantityOrdered: 0, deliveryDate: "1/12/2026", offGridPrice: 5 }),
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual([
      "livestockOrderDto.deliveryDate",
      "livestockOrderDto.offGridPricePer",
      "livestockOrderDto.quantityOrdered",
    ]);
    const refs = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: group({ speciesId: 4, supplierId: 99999 }),
      livestockOrderDto: order(),
    });
    expect(refs.status).toBe(400);
    expect(refs.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "livestockOrderGroupDto.speciesId",
      "livestockOrderGroupDto.supplierId",
    ]);
    const after = (await call(
      `/api/livestock/GetLivestockOrders?fromDate=2026-11-01&toDate=2027-01-31&includeCancelled=true`,
    )).total;
    expect(after).toBe(before);
  });

  test("order lists are bounded: at most 92 days, a page of at most 1,000, the total in a header", async () => {
    const long = await call(`/api/livestock/GetLivestockOrders?fromDate=2026-01-01&toDate=2026-12-31`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: "fromDate", message: "Choose a period of at most 92 days." }]);
    const backwards = await call(
      `/api/livestock/GetLivestockOrderGroups?fromDate=2026-12-31&toDate=2026-12-01`,
    );
    expect(backwards.body.errors).toEqual([{
      field: "toDate",
      message: "The period ends before it starts.",
    }]);
    expect(
      (await call(`/api/livestock/GetCancelledLivestockOrders?fromDate=2026-01-01&toDate=2026-12-31`)).status,
    )
      .toBe(400);
    expect(
      (await call(`/api/livestock/GetLivestockOrders?fromDate=2026-12-01&toDate=2026-12-31&pageSize=1001`))
        .status,
    ).toBe(400);

    await createGroup();
    await createGroup();
    const window = "fromDate=2026-11-01&toDate=2027-01-31&includeCancelled=true";
    const all = await call(`/api/livestock/GetLivestockOrders?${window}`);
    expect(Number(all.total)).toBe(all.body.length);
    expect(all.body.length).toBeGreaterThanOrEqual(2);
    const second = await call(`/api/livestock/GetLivestockOrders?${window}&startIndex=1&pageSize=1`);
    expect(second.body.map((o: { id: number }) => o.id)).toEqual([all.body[1].id]);
    expect(second.total).toBe(all.total);
    const groups = await call(
      `/api/livestock/GetLivestockOrderGroups?fromDate=2026-11-01&toDate=2027-01-31&pageSize=1`,
    );
    expect(groups.body).toHaveLength(1);
    expect(Number(groups.total)).toBeGreaterThanOrEqual(2);
  });

  test("the order groups page lists what the API answers, for the header's species and site, summed", async () => {
    const from = "2026-11-01", to = "2027-01-31";
    const me = await (await t.request("/login/usermodel", { token: tokens.admin })).json();
    const site = me.defaultTenantSiteId;
    const sheep = 1; // the header's species when none was chosen: the user's first
    type Row = { id: number; speciesId: number; livestockOrders: Api[] };
    type Api = {
      orderStatus: number;
      quantityOrdered: number;
      totalDelivered: number;
      tenantSiteId: number | null;
    };
    const api: Row[] = await (await t.request(
      `/api/livestock/GetLivestockOrderGroups?fromDate=${from}&toDate=${to}`,
      { token: tokens.admin },
    )).json();
    const expected = api.filter((g) =>
      g.speciesId === sheep &&
      (!g.livestockOrders.length ||
        g.livestockOrders.some((o) => o.tenantSiteId === null || o.tenantSiteId === site))
    ).slice(0, 50).map((g) => {
      const live = g.livestockOrders.filter((o) => o.orderStatus !== 0);
      const sum = (k: "quantityOrdered" | "totalDelivered") => live.reduce((n, o) => n + o[k], 0);
      return `${g.id}:${sum("quantityOrdered").toLocaleString("en-AU")} / ${
        sum("totalDelivered").toLocaleString("en-AU")
      }`;
    });
    const html = await (await t.request(`/home/livestock?tab=orders&from=${from}&to=${to}`, {
      headers: { cookie: `session=${tokens.admin}` },
    })).text();
    const rows = [
      ...html.matchAll(/ordergroups\/(\d+)".*?<td[^>]*>\d+<\/td><td[^>]*>([\d,]+ \/ [\d,]+)<\/td>/g),
    ]
      .map((m) => `${m[1]}:${m[2]}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
  });

  test("a stale edit of the order or the group is 409", async () => {
    const g = await createGroup();
    const o = g.livestockOrders[0];
    const edit = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: { ...group(), id: g.id, lastModified: g.lastModified },
      livestockOrderDto: { ...order({ quantityOrdered: 280 }), id: o.id, lastModified: o.lastModified },
    });
    expect(edit.status).toBe(200);
    const stale = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: { ...group(), id: g.id, lastModified: g.lastModified },
      livestockOrderDto: { ...order({ quantityOrdered: 270 }), id: o.id, lastModified: o.lastModified },
    });
    expect(stale.status).toBe(409);
    const staleGroup = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: {
        ...group({ quantityRequired: 5 }),
        id: g.id,
        lastModified: "2020-01-01T00:00:00.000Z",
      },
    });
    expect(staleGroup.status).toBe(409);
  });

  test("cancel with a reason, listed apart, reinstated to where it was; both only once", async () => {
    const g = await createGroup({ orderConfirmed: true });
    const id = g.livestockOrders[0].id;
    expect((await call("/api/livestock/CancelLivestockOrder", { livestockOrderId: id, reason: "" })).status)
      .toBe(400);
    const cancelled = await call("/api/livestock/CancelLivestockOrder", {
      livestockOrderId: id,
      reason: "Supplier sold elsewhere",
    });
    expect(cancelled.body).toMatchObject({
      orderStatusName: "Cancelled",
      cancelReason: "Supplier sold elsewhere",
    });
    expect(
      (await call("/api/livestock/CancelLivestockOrder", { livestockOrderId: id, reason: "again" })).status,
    ).toBe(409);
    const listed = (await call(`/api/livestock/GetLivestockOrders?fromDate=${DAY}&toDate=${DAY}`)).body.map((
      o: { id: number },
    ) => o.id);
    expect(listed).not.toContain(id);
    const apart = (await call(`/api/livestock/GetCancelledLivestockOrders?fromDate=${DAY}&toDate=${DAY}`))
      .body.map((o: { id: number }) => o.id);
    expect(apart).toContain(id);
    const back = await call("/api/livestock/ReinstateCancelledLivestockOrder", { livestockOrderId: id });
    expect(back.body.orderStatusName).toBe("Confirmed");
    expect((await call("/api/livestock/ReinstateCancelledLivestockOrder", { livestockOrderId: id })).status)
      .toBe(409);
    const history = (await call(`/api/livestock/GetLivestockOrderHistory/${id}`)).body;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["reinstate", "cancel", "create"]);
    expect(history[1]).toMatchObject({ userName: "User Demo", reason: "Supplier sold elsewhere" });
  });

  test("split moves undelivered head into a new order of the group", async () => {
    const g = await createGroup({ quantityOrdered: 400 });
    const o = g.livestockOrders[0];
    expect(
      (await call("/api/livestock/SplitLivestockOrder", { livestockOrderId: o.id, quantity: 400 })).status,
    ).toBe(400);
    const split = await call("/api/livestock/SplitLivestockOrder", {
      livestockOrderId: o.id,
      quantity: 150,
      deliveryDate: "2026-12-04",
      lastModified: o.lastModified,
    });
    expect(split.status).toBe(200);
    const after = (await call(`/api/livestock/GetLivestockOrderGroup/${g.id}`)).body.livestockOrders;
    expect(
      after.map((
        x: { quantityOrdered: number; deliveryDate: string },
      ) => [x.quantityOrdered, x.deliveryDate]),
    )
      .toEqual([[250, DAY], [150, "2026-12-04"]]);
    expect(
      (await call("/api/livestock/SplitLivestockOrder", {
        livestockOrderId: o.id,
        quantity: 10,
        lastModified: o.lastModified,
      })).status,
    ).toBe(409);
  });

  test("a recurring order creates its future orders; cancel future ones ends the series", async () => {
    const g = await createGroup({
      recurrenceFrequency: "Weekly",
      recurrenceEndDate: "2026-12-29",
      quantityOrdered: 200,
    });
    const dates = g.livestockOrders.map((o: { deliveryDate: string }) => o.deliveryDate);
    expect(dates).toEqual([DAY, "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29"]);
    const second = g.livestockOrders[1];
    const ended = await call("/api/livestock/CancelFutureRecurringLivestockOrders", {
      livestockOrderId: second.id,
      reason: "Contract ends",
    });
    expect(ended.body.cancelledOrderIds).toHaveLength(3);
    const now = (await call(`/api/livestock/GetLivestockOrderGroup/${g.id}`)).body.livestockOrders;
    expect(now.map((o: { orderStatusName: string }) => o.orderStatusName)).toEqual([
      "Ordered",
      "Ordered",
      "Cancelled",
      "Cancelled",
      "Cancelled",
    ]);
    expect(now.every((o: { recurrenceEndDate: string }) => o.recurrenceEndDate === "2026-12-08")).toBe(true);
    expect(
      (await call("/api/livestock/CancelFutureRecurringLivestockOrders", {
        livestockOrderId: second.id,
        reason: "again",
      })).status,
    ).toBe(409);
    const noEnd = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: group(),
      livestockOrderDto: order({ recurrenceFrequency: "Weekly" }),
    });
    expect(noEnd.body.errors[0].field).toBe("livestockOrderDto.recurrenceEndDate");
  });
});

describe("pricing on an order (spec 2 §5)", () => {
  test("a grid group applies when it covers the dates and has a grid for the category", async () => {
    const db = await t.services.db.tenantDb(1);
    const stamp = plantNoon().toISOString();
    const [lambs] = await db.insert(pricingGridGroups).values({
      name: "December lambs",
      speciesId: 1,
      startDate: "2026-11-30",
      endDate: "2026-12-13",
      createdAt: stamp,
      lastModified: stamp,
    }).returning();
    await db.insert(pricingGrids).values({
      pricingGridGroupId: lambs.id,
      speciesCategoryId: 11,
      reference: "L-DEC",
      bestPrice: 9.1,
      priority: 1,
      createdAt: stamp,
      lastModified: stamp,
    });
    const priced = await createGroup({ pricingGridGroupId: lambs.id });
    expect(priced.livestockOrders[0].pricingGridGroupId).toBe(lambs.id);
    const wrongCategory = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: group(),
      livestockOrderDto: order({ speciesCategoryId: 13, pricingGridGroupId: lambs.id }),
    });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.errors[0]).toMatchObject({
      field: "livestockOrderDto.pricingGridGroupId",
      message: expect.stringMatching(/no grid/),
    });
    const outside = await call("/api/livestock/UpsertLivestockOrderAndGroup", {
      livestockOrderGroupDto: group(),
      livestockOrderDto: order({ deliveryDate: "2027-01-10", pricingGridGroupId: lambs.id }),
    });
    expect(outside.body.errors[0].message).toMatch(/does not cover/);
    // the production date alone may bring it in
    const byProduction = await createGroup({
      deliveryDate: "2026-11-29",
      productionDate: "2026-11-30",
      pricingGridGroupId: lambs.id,
    });
    expect(byProduction.livestockOrders[0].pricingGridGroupId).toBe(lambs.id);
  });
});

describe("deliveries and head counts", () => {
  test("a load record creates the mob of its live head and moves the counts and status; push told", async () => {
    const conn = hubClient(t.origin, tokens.admin);
    await conn.start();
    try {
      await conn.invoke("RegisterRefreshInterest", "Deliveries");
      const g = await createGroup({ quantityOrdered: 200, deliveryDate: "2026-12-03" }, {
        deliveryDate: "2026-12-03",
      });
      const id = g.livestockOrders[0].id;
      const told = nextEvent<{ livestockOrderIds: number[] }>(conn, "deliveryStatusUpdated");
      const first = await call("/api/livestock/AddDeliveryLoad", {
        livestockOrderId: id,
        head: 120,
        doa: 2,
        nvdNumber: "NVD-5521",
        deliveryTime: "05:40",
        stockMobTempId: -1764739200000,
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        stockMobTempId: -1764739200000,
        deliveryLoad: {
          head: 120,
          doa: 2,
          deliveryDate: "2026-12-03",
          deliveryTime: "05:40",
          createdBy: "User Demo",
        },
        livestockOrder: {
          totalDelivered: 120,
          totalDoa: 2,
          liveDelivered: 118,
          remainderToUnload: 118,
          orderStatusName: "PartiallyDelivered",
          isPartiallyDelivered: true,
          nvd: "NVD-5521",
        },
      });
      expect(first.body.stockMobId).toBeGreaterThan(0);
      expect((await told).livestockOrderIds).toEqual([id]);
      const second = await call("/api/livestock/AddDeliveryLoad", {
        livestockOrderId: id,
        head: 80,
        doa: 0,
        deliveryTime: "07:15",
      });
      expect(second.body.livestockOrder).toMatchObject({
        totalDelivered: 200,
        liveDelivered: 198,
        orderStatusName: "Delivered",
      });
      const detail = (await call(`/api/livestock/GetLivestockOrder/${id}`)).body;
      expect(detail.deliveryLoads).toHaveLength(2);
      expect(
        detail.deliveredMobs.map((m: { head: number; mobStatusName: string }) => [m.head, m.mobStatusName]),
      ).toEqual([[118, "InYard"], [80, "InYard"]]);
      // nothing delivered → not deletable, not cancellable
      expect(
        (await call("/api/livestock/CancelLivestockOrder", { livestockOrderId: id, reason: "too late" }))
          .status,
      ).toBe(409);
      expect((await call("/api/livestock/DeleteLivestockOrder", { livestockOrderId: id })).status).toBe(409);
      const deliveries = (await call("/api/livestock/GetDeliveries?fromDate=2026-12-03&days=1")).body;
      expect(deliveries.orders.find((o: { id: number }) => o.id === id).deliveryLoads).toHaveLength(2);
    } finally {
      await conn.stop();
    }
  });

  test("a load with more DOA than head, or on a cancelled order, is refused", async () => {
    const g = await createGroup();
    const id = g.livestockOrders[0].id;
    const bad = await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 5,
      doa: 6,
      deliveryTime: "25:00",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["deliveryTime", "doa"]);
    await call("/api/livestock/CancelLivestockOrder", { livestockOrderId: id, reason: "no longer needed" });
    expect(
      (await call("/api/livestock/AddDeliveryLoad", { livestockOrderId: id, head: 5, deliveryTime: "06:00" }))
        .status,
    ).toBe(409);
    // a cancelled order with nothing delivered may be deleted
    const del = await call("/api/livestock/DeleteLivestockOrder", { livestockOrderId: id });
    expect(del.body).toEqual({ livestockOrderId: id, livestockOrderGroupId: g.id });
    expect((await call(`/api/livestock/GetLivestockOrder/${id}`)).status).toBe(404);
  });

  test("a load far past the head ordered needs the user's confirmation; within 10 % it does not", async () => {
    const g = await createGroup({ quantityOrdered: 150 });
    const id = g.livestockOrders[0].id;
    const typo = await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 9999,
      deliveryTime: "06:00",
    });
    expect(typo.status).toBe(400);
    expect(typo.body.errors[0].field).toBe("head");
    expect(typo.body.errors[0].message).toContain("9,999 head delivered on an order of 150");
    expect((await call(`/api/livestock/GetLivestockOrder/${id}`)).body.totalDelivered).toBe(0);
    const near = await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 165,
      deliveryTime: "06:00",
    });
    expect(near.status).toBe(200); // 10 % over: a full truck
    const more = await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 40,
      deliveryTime: "07:00",
      confirmOverDelivery: true,
    });
    expect(more.status).toBe(200);
    expect((await call(`/api/livestock/GetLivestockOrder/${id}`)).body.totalDelivered).toBe(205);
  });

  test("a head-count correction changes the mob and the order, with an audit of who, when, before, after, why", async () => {
    const g = await createGroup({ quantityOrdered: 100 });
    const id = g.livestockOrders[0].id;
    const load = (await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 100,
      deliveryTime: "06:00",
    })).body;
    const fixed = await call("/api/livestock/CorrectNumberOfHeadInMobAndOrder", {
      stockMobId: load.stockMobId,
      correctedHead: 97,
      reason: "Recount at the race",
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ totalDelivered: 97, orderStatusName: "PartiallyDelivered" });
    expect(fixed.body.deliveredMobs[0].head).toBe(97);
    expect(fixed.body.history[0]).toMatchObject({
      action: "head count corrected",
      userName: "User Demo",
      reason: "Recount at the race",
      before: { head: 100, totalDelivered: 100 },
      after: { head: 97, totalDelivered: 97 },
    });
    expect(
      (await call("/api/livestock/CorrectNumberOfHeadInMobAndOrder", {
        stockMobId: load.stockMobId,
        correctedHead: 97,
        reason: "again",
      })).status,
    ).toBe(409);
    expect(
      (await call("/api/livestock/CorrectNumberOfHeadInMobAndOrder", {
        stockMobId: load.stockMobId,
        correctedHead: 90,
        reason: "",
      })).status,
    ).toBe(400);
  });

  test("balancing moves head between an order's mobs and keeps the total", async () => {
    const g = await createGroup({ quantityOrdered: 100 });
    const id = g.livestockOrders[0].id;
    const a = (await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 60,
      deliveryTime: "06:00",
    })).body.stockMobId;
    const b = (await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: id,
      head: 40,
      deliveryTime: "07:00",
    })).body.stockMobId;
    const wrong = await call("/api/livestock/BalanceNumberOfHeadInMobs", {
      livestockOrderId: id,
      mobs: [{ stockMobId: a, head: 50 }, { stockMobId: b, head: 40 }],
      reason: "Drafted",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].message).toMatch(/100 head in total/);
    const ok = await call("/api/livestock/BalanceNumberOfHeadInMobs", {
      livestockOrderId: id,
      mobs: [{ stockMobId: a, head: 55 }, { stockMobId: b, head: 45 }],
      reason: "Drafted",
    });
    expect(ok.body.deliveredMobs.map((m: { head: number }) => m.head)).toEqual([55, 45]);
    expect(ok.body.totalDelivered).toBe(100);
  });

  test("undelivered orders: due by the caller's date and not fully delivered", async () => {
    const g = await createGroup({ deliveryDate: "2026-12-02", quantityOrdered: 50 });
    const list = (await call("/api/livestock/GetUndeliveredOrders")).body.map((o: { id: number }) => o.id);
    expect(list).toContain(g.livestockOrders[0].id);
    await call("/api/livestock/AddDeliveryLoad", {
      livestockOrderId: g.livestockOrders[0].id,
      head: 50,
      deliveryTime: "06:00",
    });
    const after = (await call("/api/livestock/GetUndeliveredOrders")).body.map((o: { id: number }) => o.id);
    expect(after).not.toContain(g.livestockOrders[0].id);
  });
});

describe("who may", () => {
  test("display role, a producer tenant and a missing order are refused", async () => {
    expect(
      (await call(`/api/livestock/GetLivestockOrders?fromDate=${DAY}&toDate=${DAY}`, undefined, "display"))
        .status,
    ).toBe(403);
    const farm = await call(
      `/api/livestock/GetLivestockOrders?fromDate=${DAY}&toDate=${DAY}`,
      undefined,
      "farm",
    );
    expect(farm.status).toBe(403);
    expect(farm.body.message).toMatch(/processor/);
    expect(
      (await call("/api/livestock/UpsertLivestockOrderAndGroup", { livestockOrderGroupDto: group() }, "farm"))
        .status,
    ).toBe(403);
    expect((await call("/api/livestock/GetLivestockOrder/999999")).status).toBe(404);
    expect(
      (await call("/api/livestock/CancelLivestockOrder", { livestockOrderId: 999999, reason: "nope" }))
        .status,
    ).toBe(404);
  });
});
