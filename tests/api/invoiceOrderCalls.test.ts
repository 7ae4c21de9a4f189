/**
 * The invoice calls by order (spec 2 §7.1, issue 39 item 7) over real HTTP and real db files: to be
 * invoiced by order id, get or create the invoice of an order (twice: the same invoice), the invoice with
 * its orders, the mobs' carcass counts by species, bad input, and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, notInArray } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { carcasses, invoices, livestockOrders } from "../../db/tenant/schema.ts";
import { tenantModules } from "../../db/control/schema.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { INVOICE_ORDER_API as P } from "../../server/areas/invoices/orderCallsApi.ts";
import { withId } from "../../server/areas/invoices/paths.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const SHEEP = 1;
let pending: Json;
let invoiceId = 0;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  const list = (await get(`${INVOICES_API.toBeCreated}?speciesId=${SHEEP}`)).body as Json[];
  pending = list[0];
});
afterAll(() => t.close());

const toBeInvoiced = (id: number, who = "admin") =>
  get(`${P.toBeInvoicedByOrder}?livestockOrderId=${id}`, who);

describe("an order's invoice", () => {
  test("to be invoiced by order id: the order's row of the to-be-created list", async () => {
    const res = await toBeInvoiced(pending.livestockOrderId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(pending);
  });

  test("get or create: its killed mobs go onto a draft; asked again, the same invoice and nothing left", async () => {
    const made = await post(P.getOrCreate, { livestockOrderId: pending.livestockOrderId });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ livestockOrderId: pending.livestockOrderId, status: "Draft" });
    expect([...made.body.stockMobIds].sort()).toEqual(pending.stockMobs.map((m: Json) => m.id).sort());
    invoiceId = made.body.id;
    expect((await toBeInvoiced(pending.livestockOrderId)).body).toBeNull();
    const again = await post(P.getOrCreate, { livestockOrderId: pending.livestockOrderId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(invoiceId);
    const db = await t.services.db.tenantDb(1);
    expect(await db.select().from(invoices).where(eq(invoices.livestockOrderId, pending.livestockOrderId)))
      .toHaveLength(1);
  });

  test("the invoice with its orders", async () => {
    const res = await get(withId(P.invoiceAndOrders, invoiceId));
    expect(res.status).toBe(200);
    expect(res.body.invoice.id).toBe(invoiceId);
    expect(res.body.orders.map((o: Json) => o.id)).toEqual([pending.livestockOrderId]);
    expect(res.body.orders[0]).toMatchObject({ supplierName: pending.supplierName, speciesId: SHEEP });
    expect(typeof res.body.orders[0].orderStatusName).toBe("string");
  });

  test("the mobs' carcass counts by species: head, carcasses and the invoice each is on", async () => {
    const day = pending.productionDate;
    const res = await get(`${P.mobCarcassCounts}?speciesId=${SHEEP}&fromDate=${day}&toDate=${day}`);
    expect(res.status).toBe(200);
    for (const m of pending.stockMobs) {
      const row = res.body.find((r: Json) => r.stockMobId === m.id);
      expect(row).toMatchObject({ carcasses: m.carcasses, head: m.head, invoiceId });
    }
    expect(res.body.every((r: Json) => r.productionDate === day)).toBe(true);
  });

  test("an order with nothing killed, a bad id, a long period: 400 in plain words; an unknown order 404", async () => {
    const db = await t.services.db.tenantDb(1);
    const killed = db.select({ id: carcasses.livestockOrderId }).from(carcasses);
    const [unkilled] = await db.select().from(livestockOrders)
      .where(and(eq(livestockOrders.speciesId, SHEEP), notInArray(livestockOrders.id, killed))).limit(1);
    const none = await post(P.getOrCreate, { livestockOrderId: unkilled.id });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ isValidation: true });
    expect(none.body.message).toMatch(/nothing to invoice/);
    expect((await toBeInvoiced(unkilled.id)).body).toBeNull();
    const bad = await post(P.getOrCreate, { livestockOrderId: "x" });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.title).toBe("string");
    const long = await get(`${P.mobCarcassCounts}?speciesId=${SHEEP}&fromDate=2026-01-01&toDate=2026-11-01`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 92 days/);
    expect((await toBeInvoiced(99_999_999)).status).toBe(404);
    expect((await get(withId(P.invoiceAndOrders, 99_999_999))).status).toBe(404);
  });
});

describe("who may", () => {
  test("another tenant and the display role: 403, a body unread", async () => {
    for (const who of ["farm", "display"]) {
      expect((await toBeInvoiced(pending.livestockOrderId, who)).status, who).toBe(403);
      expect((await get(withId(P.invoiceAndOrders, invoiceId), who)).status, who).toBe(403);
      expect((await post(P.getOrCreate, { nonsense: true }, who)).status, who).toBe(403);
      expect((await get(`${P.mobCarcassCounts}?speciesId=${SHEEP}`, who)).status, who).toBe(403);
    }
  });

  test("without the invoices module: 403", async () => {
    const set = async (isEnabled: boolean) => {
      await t.services.db.control.update(tenantModules).set({ isEnabled })
        .where(and(eq(tenantModules.tenantId, 1), eq(tenantModules.module, "invoices")));
      await t.services.callers.changed({ tenantIds: [1] });
    };
    await set(false);
    try {
      expect((await toBeInvoiced(pending.livestockOrderId)).status).toBe(403);
      expect((await post(P.getOrCreate, { livestockOrderId: pending.livestockOrderId })).status).toBe(403);
    } finally {
      await set(true);
    }
  });
});
