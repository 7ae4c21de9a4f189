/**
 * api/livestock order report: the page, totals, CSV and PDF of the demo's orders, the filters narrowing
 * them, the saved filters in the reportFavourites user setting, and who may not. Real app, real database
 * files, the pinned plant day; expected figures are summed here straight from the tenant database.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { startTestApp } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";
import { plantDay } from "../helpers/clock.ts";
import { carcasses, invoices, livestockOrderGroups, livestockOrders } from "../../db/tenant/schema.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";
import { formatDayNumbers } from "../../kernel/format.ts";

let t: Awaited<ReturnType<typeof startTestApp>>;
const tokens: Record<string, string> = {};
const FROM = plantDay(-60);
const TO = plantDay(30);
const PERIOD = `fromDate=${FROM}&toDate=${TO}`;
const headers = { "x-local-date": plantDay() };

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const call = (path: string, who = "admin", init: RequestInit & { json?: unknown } = {}) =>
  t.request(path, { token: tokens[who], headers, ...init });
const get = async (path: string, who = "admin") => {
  const res = await call(path, who);
  return { status: res.status, body: await res.json(), total: res.headers.get("X-Total-Count") };
};
const db = () => t.services.db.tenantDb(1);

/** The period's orders as the database has them (the demo user sees every species and site). */
async function ordersInPeriod(extra?: ReturnType<typeof eq>) {
  return (await db()).select().from(livestockOrders).where(and(
    gte(livestockOrders.deliveryDate, FROM),
    lte(livestockOrders.deliveryDate, TO),
    extra,
  ));
}

describe("the report", () => {
  test("a page of the demo's orders with the total count, by delivery date then order number", async () => {
    const orders = await ordersInPeriod();
    expect(orders.length).toBeGreaterThan(10);
    const res = await get(`/api/livestock/GetOrderReport?${PERIOD}&pageSize=5`);
    expect(res.status).toBe(200);
    expect(res.total).toBe(String(orders.length));
    expect(res.body).toHaveLength(5);
    const sorted = [...orders].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual(sorted.slice(0, 5).map((o) => o.id));
    const first = res.body[0];
    expect(first).toMatchObject({
      id: sorted[0].id,
      quantityOrdered: sorted[0].quantityOrdered,
      deliveryDate: sorted[0].deliveryDate,
    });
    expect(typeof first.supplierName).toBe("string");
    expect(first.status).not.toMatch(/^[A-Z][a-z]+[A-Z]/); // plain words, not an enum name
    const next = await get(`/api/livestock/GetOrderReport?${PERIOD}&pageSize=5&startIndex=5`);
    expect(next.body.map((r: { id: number }) => r.id)).toEqual(sorted.slice(5, 10).map((o) => o.id));
  });

  test("the totals add up what the database holds: head, HSCW of the carcasses, published invoices", async () => {
    const orders = await ordersInPeriod();
    const ids = orders.map((o) => o.id);
    const [weights] = await (await db()).select({
      n: sql<number>`count(*)`,
      kg: sql<number>`coalesce(sum(${carcasses.hscwKg}), 0)`,
    }).from(carcasses).where(inArray(carcasses.livestockOrderId, ids));
    const [bills] = await (await db()).select({
      cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`,
    })
      .from(invoices).where(and(
        inArray(invoices.livestockOrderId, ids),
        inArray(invoices.status, ["Published", "Finalised"]),
      ));
    const res = await get(`/api/livestock/GetOrderReportTotals?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fromDate: FROM,
      toDate: TO,
      dateField: "delivery",
      orders: orders.length,
      quantityOrdered: orders.reduce((n, o) => n + o.quantityOrdered, 0),
      totalDelivered: orders.reduce((n, o) => n + o.totalDelivered, 0),
      totalProcessed: orders.reduce((n, o) => n + o.totalProcessed, 0),
      carcassCount: weights.n,
      invoiceTotalCents: bills.cents,
    });
    expect(res.body.hscwTotalKg).toBeCloseTo(weights.kg, 0);
    expect(weights.n).toBeGreaterThan(0); // the demo has processed orders in the period
  });

  test("a processed order shows its HSCW total and average", async () => {
    const [row] = await (await db()).select({
      id: carcasses.livestockOrderId,
      n: sql<number>`count(*)`,
      kg: sql<number>`sum(${carcasses.hscwKg})`,
    }).from(carcasses).innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
      .where(and(gte(livestockOrders.deliveryDate, FROM), lte(livestockOrders.deliveryDate, TO)))
      .groupBy(carcasses.livestockOrderId).limit(1);
    const all = await get(`/api/livestock/GetOrderReport?${PERIOD}`);
    const found = all.body.find((r: { id: number }) => r.id === row.id);
    expect(found.carcassCount).toBe(row.n);
    expect(found.hscwTotalKg).toBeCloseTo(row.kg, 0);
    expect(found.hscwAverageKg).toBeGreaterThan(0);
  });

  test("filters narrow: species, supplier, status, production date", async () => {
    const orders = await ordersInPeriod();
    const beef = orders.filter((o) => o.speciesId === 2);
    expect((await get(`/api/livestock/GetOrderReport?${PERIOD}&speciesId=2`)).total).toBe(
      String(beef.length),
    );
    const supplierId = orders[0].supplierId;
    const bySupplier = await get(`/api/livestock/GetOrderReport?${PERIOD}&supplierId=${supplierId}`);
    expect(bySupplier.body.length).toBe(orders.filter((o) => o.supplierId === supplierId).length);
    expect(new Set(bySupplier.body.map((r: { supplierName: string }) => r.supplierName)).size).toBe(1);
    const confirmed = orders.filter((o) =>
      o.orderStatus === ORDER_STATUS.Confirmed || o.orderStatus === ORDER_STATUS.Ordered
    );
    const byStatus = await get(`/api/livestock/GetOrderReport?${PERIOD}&statuses=Ordered,Confirmed`);
    expect(byStatus.total).toBe(String(confirmed.length));
    const production = (await ordersInPeriod()).filter((o) =>
      o.productionDate && o.productionDate >= FROM && o.productionDate <= TO
    );
    const byProduction = await get(`/api/livestock/GetOrderReport?${PERIOD}&dateField=production`);
    expect(byProduction.total).toBe(String(production.length));
  });

  test("the buyer filter reads the order's group", async () => {
    const [group] = await (await db()).select({ buyerId: livestockOrderGroups.buyerId })
      .from(livestockOrderGroups).innerJoin(
        livestockOrders,
        eq(livestockOrders.livestockOrderGroupId, livestockOrderGroups.id),
      ).where(and(
        gte(livestockOrders.deliveryDate, FROM),
        lte(livestockOrders.deliveryDate, TO),
        sql`${livestockOrderGroups.buyerId} is not null`,
      )).limit(1);
    const res = await get(`/api/livestock/GetOrderReport?${PERIOD}&buyerId=${group.buyerId}`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(Number(res.total)).toBeLessThan((await ordersInPeriod()).length);
  });

  test("a bad filter is a 400 in the catalogue's shape", async () => {
    const backwards = await get(`/api/livestock/GetOrderReport?fromDate=${TO}&toDate=${FROM}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.isValidation).toBe(true);
    expect(backwards.body.errors[0].field).toBe("toDate");
    const column = await get(`/api/livestock/ExportOrderReportCsv?${PERIOD}&columns=orderNo,nonsense`);
    expect(column.status).toBe(400);
    expect(column.body.errors[0].field).toMatch(/^columns/);
    const status = await get(`/api/livestock/GetOrderReport?${PERIOD}&statuses=Lost`);
    expect(status.status).toBe(400);
    const species = await get(`/api/livestock/GetOrderReport?${PERIOD}&speciesId=99`);
    expect(species.status).toBe(400);
    expect(species.body.errors[0]).toMatchObject({ field: "speciesId" });
    const long = await get(`/api/livestock/GetOrderReport?fromDate=2024-01-01&toDate=${TO}`);
    expect(long.status).toBe(400);
  });
});

describe("files", () => {
  test("the CSV: the chosen columns (in the report's order), a plain header, en-AU dates, every order and a totals line", async () => {
    const res = await call(
      `/api/livestock/ExportOrderReportCsv?${PERIOD}&columns=orderNo,deliveryDate,ordered,status`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(`order-report-${FROM}-to-${TO}.csv`);
    const lines = (await res.text()).trimEnd().split("\r\n");
    const orders = await ordersInPeriod();
    expect(lines[0]).toBe("Order no.,Head ordered,Delivery date,Status");
    expect(lines).toHaveLength(orders.length + 2);
    const sorted = [...orders].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || a.id - b.id);
    expect(lines[1].split(",").slice(0, 3)).toEqual([
      String(sorted[0].id),
      String(sorted[0].quantityOrdered),
      formatDayNumbers(sorted[0].deliveryDate),
    ]);
    expect(lines.at(-1)).toBe(
      `Total (${orders.length} orders),${orders.reduce((n, o) => n + o.quantityOrdered, 0)},,`,
    );
  });

  test("the PDF reads back: filters on top, the chosen columns, the totals", async () => {
    const res = await call(
      `/api/livestock/ExportOrderReportPdf?${PERIOD}&speciesId=1&columns=orderNo,supplier,ordered`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Order report");
    expect(text).toContain(`Delivery date ${formatDayNumbers(FROM)} to ${formatDayNumbers(TO)}`);
    expect(text).toContain("Species: Sheep");
    expect(text).toMatch(/Order no\.\s+Supplier\s+Head ordered/);
    expect(text).not.toContain("Head delivered");
    const sheep = (await ordersInPeriod()).filter((o) => o.speciesId === 1);
    expect(text).toContain(`Totals of ${sheep.length} orders.`);
    expect(text).toContain(String(sheep[0].id));
  });
});

describe("saved filters", () => {
  const filter = {
    name: "Beef confirmed",
    speciesId: 2,
    statuses: ["Confirmed"],
    columns: ["orderNo", "buyer"],
  };

  test("a user saves their own, reads them back, and the other favourites stay", async () => {
    expect((await get("/api/livestock/GetOrderReportFilters", "user")).body).toEqual({ filters: [] });
    const saved = await call("/api/livestock/SaveOrderReportFilters", "user", {
      method: "POST",
      json: { filters: [filter] },
    });
    expect(saved.status).toBe(200);
    expect((await get("/api/livestock/GetOrderReportFilters", "user")).body).toEqual({ filters: [filter] });
    // another user's are their own
    expect((await get("/api/livestock/GetOrderReportFilters", "admin")).body).toEqual({ filters: [] });
    // the setting keeps its spec shape beside the filters
    const settings = await t.services.db.control.query.userSettings.findFirst({
      where: (s, { eq }) => eq(s.settingType, "reportFavourites"),
    });
    expect(settings?.value).toEqual({ favourites: [], orderReportFilters: [filter] });
    // deleting is saving the list without it
    await call("/api/livestock/SaveOrderReportFilters", "user", { method: "POST", json: { filters: [] } });
    expect((await get("/api/livestock/GetOrderReportFilters", "user")).body).toEqual({ filters: [] });
  });

  test("bad saved filters are 400: no name, a twin name, a species not yours", async () => {
    const save = (filters: unknown[]) =>
      call("/api/livestock/SaveOrderReportFilters", "user", { method: "POST", json: { filters } });
    const noName = await save([{ ...filter, name: " " }]);
    expect(noName.status).toBe(400);
    expect((await noName.json()).isValidation).toBe(true);
    expect((await save([filter, { ...filter, name: "beef CONFIRMED" }])).status).toBe(400);
    const species = await save([{ ...filter, speciesId: 99 }]);
    expect(species.status).toBe(400);
    expect((await species.json()).errors[0].field).toBe("filters.0.speciesId");
  });
});

describe("who may", () => {
  test("the display role, another organisation without the module and a tenant with it off are refused", async () => {
    expect((await get(`/api/livestock/GetOrderReport?${PERIOD}`, "display")).status).toBe(403);
    expect((await get(`/api/livestock/GetOrderReport?${PERIOD}`, "farm")).status).toBe(403);
    expect((await call(`/api/livestock/ExportOrderReportCsv?${PERIOD}`, "farm")).status).toBe(403);
    expect(
      (await call("/api/livestock/SaveOrderReportFilters", "display", {
        method: "POST",
        json: { filters: [] },
      }))
        .status,
    ).toBe(403);
    const { setTenantModules } = await import("../../server/tenants.ts");
    await setTenantModules(t.services, 1, { orderReporting: false });
    try {
      expect((await get(`/api/livestock/GetOrderReport?${PERIOD}`)).status).toBe(403);
      expect((await call(`/api/livestock/ExportOrderReportPdf?${PERIOD}`)).status).toBe(403);
      expect((await get("/api/livestock/GetOrderReportFilters")).status).toBe(403);
    } finally {
      await setTenantModules(t.services, 1, { orderReporting: true });
    }
  });
});
