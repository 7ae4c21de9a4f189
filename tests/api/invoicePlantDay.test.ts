/**
 * Issue 36 ("Plant day"), the invoice side, over real HTTP and real db files, PDFs read back with
 * pdftotext: the invoice's lot is its mobs' (as the kill floor and the NLIS file name it) on the RCTI, the
 * feedback sheet and the lists; the remittance's carcass total HSCW, its levy labelled with its basis and
 * no page blank but for the footer; the NLIS file's Plant PIC; feedback sheets open on the header's
 * species; a delivery load's truck and driver, and the deliveries list's arrival time.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { pdfText } from "../helpers/pdf.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { carcasses, invoices, livestockOrders, stockMobs } from "../../db/tenant/schema.ts";
import { INVOICES_API as P, withId } from "../../server/areas/invoices/paths.ts";
import { REPORTS_API as R } from "../../server/areas/invoices/reports/paths.ts";
import { KILL_FLOOR_API as K } from "../../server/areas/killFloor/paths.ts";
import { ORDERS_API } from "../../server/areas/livestock/orders/api.ts";
import { ORDER_PATHS } from "../../server/areas/livestock/orders/paths.ts";
import { DEMO_PLANT_PIC } from "../../server/areas/invoices/seed.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const LOT = "S2711/1-01";
let invoiceId = 0;
let remittance = "";
let remittancePages: string[] = [];

const pdfOf = async (path: string) => {
  const res = await t.request(path, { token: tokens.admin });
  expect(res.status).toBe(200);
  return await pdfText(new Uint8Array(await res.arrayBuffer()));
};

beforeAll(async () => {
  t = await serveTestApp();
  tokens.admin = await t.login("admin@demo.processor");
  const order = await invoiceableOrder(t, tokens.admin);
  // as the kill agenda leaves a delivered order: its lot is on its mob ("S2711/1-01"), the order's own
  // lot empty (the agenda numbers an order itself only while it has no mob)
  await (await db()).update(stockMobs).set({ agendaLotReference: LOT, agendaLotReferenceSuffix: "" })
    .where(eq(stockMobs.id, order.mobId));
  await (await db()).update(livestockOrders).set({ agendaLotReference: null })
    .where(eq(livestockOrders.id, order.orderId));
  const created = await post(P.createOrAdd, { stockMobIds: [order.mobId] });
  expect(created.status).toBe(200);
  invoiceId = created.body.livestockInvoiceSummaryDtos[0].id;
  remittance = await pdfOf(withId(P.remittancePdf, invoiceId));
  remittancePages = remittance.split("\f").filter((p, i, all) => i < all.length - 1 || p.trim());
});
afterAll(() => t.close());

describe("item 5: the invoice's lot and the remittance", () => {
  test("the RCTI, the feedback sheet and the drafts list print the mob's lot, not 'LOT —'", async () => {
    expect(remittance).toMatch(new RegExp(`^\\s*\\d+\\s+${LOT.replace("/", "\\/")}\\s`, "m"));
    const feedback = await pdfOf(`${R.feedbackPdf}?invoiceId=${invoiceId}`);
    expect(feedback).toContain(`feedback for lot ${LOT}`);
    expect(feedback).toMatch(new RegExp(`^${LOT.replace("/", "\\/")}\\s`, "m"));
    const drafts = await get(`${P.created}?speciesId=1`);
    expect(drafts.body.find((d: { id: number }) => d.id === invoiceId).lotReference).toBe(LOT);
  });

  test("the remittance totals the carcasses' HSCW", async () => {
    const inv = (await get(withId(P.invoice, invoiceId))).body;
    const lines = inv.document.computation.carcassLines as {
      count: number;
      unitType: string;
      totalWeightInKilograms: number;
    }[];
    const kg = lines.reduce((t, l) => t + (l.unitType === "kg" ? l.totalWeightInKilograms : 0), 0);
    const head = lines.reduce((n, l) => n + l.count, 0);
    const shown = (Math.round(kg * 10) / 10).toLocaleString("en-AU", { minimumFractionDigits: 1 });
    expect(remittance).toMatch(new RegExp(`^Total\\s+${head}\\s+${shown.replace(".", "\\.")}\\s+\\$`, "m"));
    // and the weight agrees with the kill floor's records of the invoice's carcasses
    const rows = await (await db()).select().from(carcasses)
      .where(eq(carcasses.livestockOrderId, inv.livestockOrderId));
    const paid = rows.filter((c) => c.condemned !== "whole").reduce((t, c) => t + c.hscwKg, 0);
    expect(Math.abs(paid - kg)).toBeLessThan(0.05 * rows.length + 0.1);
  });

  test("no page of the remittance is blank but for its footer", () => {
    expect(remittancePages.length).toBeGreaterThan(0);
    for (const page of remittancePages) {
      const lines = page.split("\n").filter((l) => l.trim());
      expect(lines.filter((l) => !/Page \d+ of \d+/.test(l)).length).toBeGreaterThan(0);
    }
  });
});

describe("item 8", () => {
  test("the transaction levy on lambs is labelled with its basis: 2% of the carcass value", async () => {
    const inv = (await get(withId(P.invoice, invoiceId))).body;
    const levy = inv.document.computation.levyLines.find((l: { levyType: string }) =>
      l.levyType === "TransactionLevy"
    );
    expect(levy.basisPoints).toBe(200);
    const value = (levy.valueCents / 100).toLocaleString("en-AU", { style: "currency", currency: "AUD" });
    expect(remittance).toContain(`Less Transaction levy (2% of ${value} carcass value)`);
    expect(remittance).not.toMatch(/Transaction levy \(\d+ head\)/);
  });

  test("the NLIS kill file names the plant by its PIC on every row", async () => {
    const [row] = await (await db()).select({ date: invoices.productionDate }).from(invoices)
      .where(eq(invoices.id, invoiceId));
    const res = await t.request(`${K.nlisFile}?date=${row.date}&speciesId=1`, { token: tokens.admin });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0].split(",").at(-1)).toBe("Plant PIC");
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines.slice(1)) expect(l.split(",").at(-1)).toBe(DEMO_PLANT_PIC);
  });

  test("feedback sheets open on the species chosen in the header", async () => {
    const token = await t.login("user@demo.processor");
    const me = await (await t.request("/login/usermodel", { token })).json();
    for (const species of [1, 2]) {
      if (!me.species.some((s: { id: number }) => s.id === species)) continue;
      const saved = await t.request("/api/user/UpdateUserSettingsOnly", {
        method: "POST",
        token,
        json: { settings: [{ settingType: "speciesId", value: { speciesId: species } }] },
      });
      expect(saved.status).toBe(204);
      const html = await (await t.request("/home/feedBackSheets", { token })).text();
      const select = html.match(/<select[^>]*name="speciesId"[\s\S]*?<\/select>/)![0];
      expect(select).toMatch(new RegExp(`<option value="${species}" selected`));
      const sheets = await (await t.request(`${R.feedbackSheets}?fromDate=2026-01-01&toDate=2026-12-31`, {
        token,
      })).json();
      const categories = sheets.map((s: { speciesCategory: string }) => s.speciesCategory);
      if (species === 1) {
        expect(categories.every((c: string) => /Lamb|Mutton|Ewe|Wether|Ram|Hogget/.test(c))).toBe(true);
      } else expect(categories.every((c: string) => !/Lamb/.test(c))).toBe(true);
    }
  });

  test("a delivery load keeps the truck's rego and driver; the list shows when it arrived", async () => {
    const html = await (await t.request(ORDER_PATHS.deliveries, { token: tokens.admin })).text();
    expect(html).toContain("Truck registration");
    expect(html).toContain("Driver");
    const open = await (await db()).select().from(livestockOrders)
      .where(eq(livestockOrders.totalDelivered, 0));
    const week = await get(ORDERS_API.GetDeliveries);
    const order =
      week.body.orders.find((o: { id: number; deliveryTime: string | null; orderStatus: number }) =>
        open.some((x) => x.id === o.id) && o.deliveryTime
      ) ?? null;
    expect(order).not.toBeNull();
    // the list is of the header's species and site: the order's
    const header = await t.request("/api/user/UpdateUserSettingsOnly", {
      method: "POST",
      token: tokens.admin,
      json: {
        settings: [
          { settingType: "speciesId", value: { speciesId: order.speciesId } },
          { settingType: "tenantSite", value: { defaultTenantSiteId: order.tenantSiteId } },
        ],
      },
    });
    expect(header.status).toBe(204);
    const arrived = order.deliveryTime === "05:17" ? "05:18" : "05:17";
    const res = await post(ORDERS_API.AddDeliveryLoad, {
      livestockOrderId: order.id,
      head: 10,
      deliveryDate: order.deliveryDate,
      deliveryTime: arrived,
      truckRego: " xqg 123 ",
      driverName: "Kev Marsh",
      confirmOverDelivery: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.deliveryLoad).toMatchObject({ truckRego: "XQG 123", driverName: "Kev Marsh" });
    const long = await post(ORDERS_API.AddDeliveryLoad, {
      livestockOrderId: order.id,
      head: 1,
      deliveryTime: arrived,
      truckRego: "X".repeat(13),
    });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toEqual({
      field: "truckRego",
      message: "A registration has at most 12 characters",
    });
    const after =
      await (await t.request(ORDER_PATHS.deliveriesFrom(order.deliveryDate), { token: tokens.admin }))
        .text();
    const row = after.split("<tr").find((r) => r.includes(`href="${ORDER_PATHS.order(order.id)}"`))!;
    expect(row).toContain(`arrived ${arrived}`);
    expect(row).not.toContain(`booked`);
  });
});
