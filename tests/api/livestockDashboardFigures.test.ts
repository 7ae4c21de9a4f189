/**
 * Every livestock dashboard figure against a small data set worked out by hand: two weeks of March 2019
 * (no demo data reaches that far back), two suppliers in two states, three orders (one cancelled), loads
 * with DOA, seven carcasses (one condemned whole, one in part) priced on a grid of four cells, and three
 * invoices (published, finalised, draft). The figures are summed in SQL, so they are tested on a real
 * tenant database; the sums below are written out in the comments.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { contextOf } from "../helpers/areaContext.ts";
import type { AreaContext } from "../../server/areas/context.ts";
import {
  carcasses,
  deliveryLoads,
  invoiceMobs,
  invoices,
  killVolumeTargets,
  livestockOrderGroups,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  stockMobs,
  suppliers,
} from "../../db/tenant/schema.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../kernel/enums.ts";
import {
  costPanel,
  lossPanel,
  supplierPanel,
  viewOf,
  volumePanel,
} from "../../server/areas/livestock/dashboard/operations.ts";
import { regionalPanel } from "../../server/areas/livestock/dashboard/regional.ts";

const SHEEP = 1, LAMB = 11;
const stamps = { createdAt: "2019-03-01T00:00:00Z", lastModified: "2019-03-01T00:00:00Z" };
let t: TestApp;
let ctx: AreaContext;
const ids = { alpha: 0, beta: 0 };

beforeAll(async () => {
  t = await startTestApp();
  ctx = await contextOf(t, "admin@demo.processor");
  const db = await t.services.db.tenantDb(1);
  const [alpha] = await db.insert(suppliers).values({
    name: "Figure Alpha",
    city: "Hay",
    state: "NSW",
    ...stamps,
  })
    .returning();
  const [beta] = await db.insert(suppliers).values({
    name: "Figure Beta",
    city: "Bordertown",
    state: "SA",
    ...stamps,
  })
    .returning();
  ids.alpha = alpha.id, ids.beta = beta.id;
  const [group] = await db.insert(pricingGridGroups).values({
    name: "Figure grid 2019",
    speciesId: SHEEP,
    startDate: "2019-01-01",
    endDate: "2019-12-31",
    ...stamps,
  }).returning();
  // 18–22 kg and 22.1–26 kg by fat 2 and 3: three cells priced, 22.1–26 at fat 3 blank
  await db.insert(pricingGrids).values({
    pricingGridGroupId: group.id,
    speciesCategoryId: LAMB,
    reference: "FIG",
    priority: 1,
    cells: {
      weightBands: [{ fromKg: 18, toKg: 22 }, { fromKg: 22.1, toKg: 26 }],
      fatScores: [2, 3],
      prices: [[500, 510], [520, null]],
    },
    ...stamps,
  });
  // a whole-plant sheep target of 500 a week, Monday to Friday (100 a day)
  await db.insert(killVolumeTargets).values({
    speciesId: SHEEP,
    tenantSiteId: null,
    daysOperatingPerWeek: 5,
    weeklyTarget: 500,
    startDate: "2019-01-01",
    endDate: "2019-12-31",
    weekDaysSelected: [true, true, true, true, true, false, false],
    ...stamps,
  });
  const order = async (supplierId: number, values: Partial<typeof livestockOrders.$inferInsert>) => {
    const [g] = await db.insert(livestockOrderGroups).values({ speciesId: SHEEP, supplierId, ...stamps })
      .returning();
    const [o] = await db.insert(livestockOrders).values({
      livestockOrderGroupId: g.id,
      supplierId,
      speciesId: SHEEP,
      speciesCategoryId: LAMB,
      quantityOrdered: 0,
      deliveryDate: "2019-03-05",
      orderStatus: ORDER_STATUS.Delivered,
      ...values,
      ...stamps,
    }).returning();
    return o;
  };
  // week of 4 March: 100 bought, 100 delivered, 98 processed; week of 11 March: 50, 48, 0; a cancelled 30
  const o1 = await order(alpha.id, {
    quantityOrdered: 100,
    totalDelivered: 100,
    totalProcessed: 98,
    deliveryDate: "2019-03-05",
    orderStatus: ORDER_STATUS.Processed,
    pricingGridGroupId: group.id,
  });
  const o2 = await order(beta.id, { quantityOrdered: 50, totalDelivered: 48, deliveryDate: "2019-03-12" });
  await order(alpha.id, {
    quantityOrdered: 30,
    deliveryDate: "2019-03-13",
    orderStatus: ORDER_STATUS.Cancelled,
  });
  const load = (livestockOrderId: number, head: number, doa: number, deliveryDate: string) =>
    db.insert(deliveryLoads).values({
      livestockOrderId,
      head,
      doa,
      deliveryDate,
      deliveryTime: "07:00",
      createdAt: stamps.createdAt,
      createdBy: "test",
    });
  // DOA: Alpha 2 of 100, Beta 2 of 48
  await load(o1.id, 60, 1, "2019-03-05");
  await load(o1.id, 40, 1, "2019-03-05");
  await load(o2.id, 48, 2, "2019-03-12");
  const mob = async (o: typeof o1, head: number) =>
    (await db.insert(stockMobs).values({
      livestockOrderId: o.id,
      supplierId: o.supplierId,
      speciesId: SHEEP,
      speciesCategoryId: LAMB,
      head,
      mobStatus: MOB_STATUS.AtKillFloor,
      ...stamps,
    }).returning())[0];
  const m1 = await mob(o1, 98), m2 = await mob(o2, 46);
  let body = 9000;
  const carcass = (
    m: typeof m1,
    date: string,
    hscwKg: number,
    more: Partial<typeof carcasses.$inferInsert> = {},
  ) =>
    db.insert(carcasses).values({
      productionDate: date,
      tenantSiteId: 0,
      speciesId: SHEEP,
      bodyNumber: ++body,
      killSequence: body,
      stockMobId: m.id,
      livestockOrderId: m.livestockOrderId,
      supplierId: m.supplierId,
      hscwKg,
      importId: 0,
      receivedAt: stamps.createdAt,
      lastModified: stamps.lastModified,
      ...more,
    });
  // Alpha: 20.0/fat 2 in a cell; 24.5/fat 3 in the blank cell; 30.0 over the grid; condemned whole (0 kg, fat
  // 2); 22.05/fat 2 part condemned, which reads as 22.0 and stays in the first band
  await carcass(m1, "2019-03-06", 20, { fatScore: 2 });
  await carcass(m1, "2019-03-06", 24.5, { fatScore: 3 });
  await carcass(m1, "2019-03-06", 30, { fatScore: 2 });
  await carcass(m1, "2019-03-06", 0, { fatScore: 2, condemned: "whole" });
  await carcass(m1, "2019-03-06", 22.05, { fatScore: 2, condemned: "part" });
  // Beta (no grid): 18.0 with a fat depth only, 19.0 at fat 3
  await carcass(m2, "2019-03-13", 18, { fatDepthMm: 7.5 });
  await carcass(m2, "2019-03-13", 19, { fatScore: 3 });
  const invoice = async (
    o: typeof o1,
    status: string,
    carcassCount: number,
    subTotalCents: number,
    mobId?: number,
  ) => {
    const [i] = await db.insert(invoices).values({
      livestockOrderId: o.id,
      supplierId: o.supplierId,
      speciesId: SHEEP,
      speciesCategoryId: LAMB,
      productionDate: o.id === o1.id ? "2019-03-06" : "2019-03-13",
      status,
      carcassCount,
      subTotalCents,
      createdBy: "test",
      ...stamps,
    }).returning();
    if (mobId) await db.insert(invoiceMobs).values({ stockMobId: mobId, invoiceId: i.id });
  };
  await invoice(o1, "Published", 5, 50_000, m1.id);
  await invoice(o2, "Finalised", 2, 20_000, m2.id);
  await invoice(o2, "Draft", 2, 99_999);
});
afterAll(() => t?.close());

const period = { fromDate: "2019-03-04", toDate: "2019-03-17" };
const view = () => viewOf(ctx, { ...period, speciesId: SHEEP });

describe("the dashboard's figures on a hand-worked data set", () => {
  test("head bought, delivered and processed by delivery week against the week's target", async () => {
    const [sheep] = await volumePanel(ctx, view());
    expect(sheep.weeks).toEqual([
      { week: "2019-03-04", bought: 100, delivered: 100, processed: 98, target: 500 },
      { week: "2019-03-11", bought: 50, delivered: 48, processed: 0, target: 500 },
    ]);
    expect(sheep.total).toEqual({ bought: 150, delivered: 148, processed: 98, target: 1000 });
    // a period that ends on a Wednesday counts that week's Monday to Wednesday only
    const [part] = await volumePanel(
      ctx,
      viewOf(ctx, { fromDate: "2019-03-04", toDate: "2019-03-13", speciesId: 1 }),
    );
    expect(part.weeks[1].target).toBe(300);
    // one site of a plant that sets its target for the whole plant: held to the plant's, and it says so
    expect(sheep.targetOfWholePlant).toBe(false);
    const [atSite] = await volumePanel(
      ctx,
      viewOf(ctx, { ...period, speciesId: SHEEP, tenantSiteId: ctx.scope.sites[0].id }),
    );
    expect(atSite).toMatchObject({ total: { target: 1000 }, targetOfWholePlant: true });
  });

  test("cost per head and per kg HSCW from published and finalised invoices, the draft left out", async () => {
    const cost = await costPanel(ctx, view());
    // 70,000 c for 7 head = 10,000 c a head; kg 96.55 (Alpha's mob: 0 + 20 + 24.5 + 30 + 22.05) + 37 = 133.55;
    // 70,000 / 133.55 = 524.1 c/kg
    expect(cost.rows).toEqual([{
      speciesId: SHEEP,
      species: "Sheep",
      speciesCategoryId: LAMB,
      category: "Lamb",
      invoices: 2,
      head: 7,
      hscwKg: 133.6,
      costCents: 70_000,
      centsPerHead: 10_000,
      centsPerKg: 524.1,
    }]);
    expect(cost.bySpecies[0]).toMatchObject({ category: "Every category", head: 7, costCents: 70_000 });
  });

  test("by supplier: average HSCW and fat, grade-cell compliance, DOA and condemned", async () => {
    const rows = await supplierPanel(ctx, view());
    const alpha = rows.find((r) => r.supplierId === ids.alpha)!;
    const beta = rows.find((r) => r.supplierId === ids.beta)!;
    // Alpha: 4 weighed carcasses 96.55 kg → 24.1; fat 11 / 5 → 2.2; 2 of 5 in a priced cell → 40 %;
    // DOA 2 of 100; 1 of 5 condemned whole
    expect(alpha).toMatchObject({
      supplierName: "Figure Alpha",
      state: "NSW",
      killed: 5,
      averageHscwKg: 24.1,
      averageFatScore: 2.2,
      graded: 5,
      compliant: 2,
      compliancePercent: 40,
      delivered: 100,
      doa: 2,
      doaPercent: 2,
      condemned: 1,
      condemnedPercent: 20,
    });
    // Beta: no grid, so no compliance; 37 kg / 2 → 18.5; one fat score (3); DOA 2 of 48 → 4.2 %
    expect(beta).toMatchObject({
      state: "SA",
      killed: 2,
      averageHscwKg: 18.5,
      averageFatScore: 3,
      graded: 0,
      compliancePercent: null,
      doaPercent: 4.2,
      condemnedPercent: 0,
    });
  });

  test("DOA and condemned rates by species", async () => {
    expect(await lossPanel(ctx, view())).toEqual([{
      speciesId: SHEEP,
      species: "Sheep",
      delivered: 148,
      doa: 4,
      doaPercent: 2.7,
      killed: 7,
      condemnedWhole: 1,
      condemnedPart: 1,
      condemnedPercent: 14.3,
      partCondemnedPercent: 14.3,
    }]);
  });

  test("regional: head and cost by supplier state and town, with state totals and suppliers", async () => {
    const r = await regionalPanel(ctx, view());
    expect(r.regions).toEqual([
      {
        state: "NSW",
        region: "Hay",
        suppliers: 1,
        orders: 1,
        bought: 100,
        processed: 98,
        invoicedHead: 5,
        costCents: 50_000,
        hscwKg: 96.6,
        centsPerHead: 10_000,
        centsPerKg: 517.9,
      },
      {
        state: "SA",
        region: "Bordertown",
        suppliers: 1,
        orders: 1,
        bought: 50,
        processed: 0,
        invoicedHead: 2,
        costCents: 20_000,
        hscwKg: 37,
        centsPerHead: 10_000,
        centsPerKg: 540.5,
      },
    ]);
    expect(r.states.map((s) => [s.state, s.region, s.bought])).toEqual([["NSW", "All", 100], [
      "SA",
      "All",
      50,
    ]]);
    expect(r.suppliers.map((s) => [s.supplierName, s.region, s.bought])).toEqual([
      ["Figure Alpha", "Hay", 100],
      ["Figure Beta", "Bordertown", 50],
    ]);
  });

  test("a period the wrong way round or over a year is refused in words", () => {
    expect(() => viewOf(ctx, { fromDate: "2019-03-10", toDate: "2019-03-01" })).toThrow(
      /ends before it starts/,
    );
    expect(() => viewOf(ctx, { fromDate: "2017-01-01", toDate: "2019-03-01" })).toThrow(/at most a year/);
  });
});
