/**
 * Reprocessing a processor's kill days (super): processed head counted afresh from the carcass records,
 * draft invoices of those orders recomputed, published ones untouched; bounded, super only, audited.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, count, eq, isNotNull, max, min } from "drizzle-orm";
import { superAudit, tenants } from "../../db/control/schema.ts";
import { carcasses, invoices, livestockOrders } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../../db/client.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { SUPER_REPROCESS_API } from "../../server/areas/super/reprocess/api.ts";
import { addDays } from "../../kernel/dates.ts";

let t: TestApp;
let superToken: string;
let processorId: number;
let db: TenantDb;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login("super@demo.processor");
  processorId =
    (await t.services.db.control.query.tenants.findFirst({ where: eq(tenants.name, "Demo Processing") }))!.id;
  db = await t.services.db.tenantDb(processorId);
});
afterAll(() => t.close());

const reprocess = async (json: unknown, token = superToken) => {
  const res = await t.request(SUPER_REPROCESS_API.reprocess, { method: "POST", token, json });
  return { status: res.status, body: await res.json() };
};

describe("reprocessing kill data", () => {
  test("counts each order's processed head again and recomputes its drafts, never a published invoice", async () => {
    const [span] = await db.select({ from: min(carcasses.productionDate), to: max(carcasses.productionDate) })
      .from(carcasses);
    expect(span.from).toBeTruthy(); // the demo has kill data
    const fromDate = span.to! < addDays(span.from!, 30) ? span.from! : addDays(span.to!, -30);
    const [one] = await db.select({ orderId: carcasses.livestockOrderId, n: count() }).from(carcasses)
      .where(eq(carcasses.productionDate, span.to!)).groupBy(carcasses.livestockOrderId).limit(1);
    // a fault elsewhere left the order's count wrong, and its draft's figures computed from it
    await db.update(livestockOrders).set({ totalProcessed: 0 }).where(eq(livestockOrders.id, one.orderId));
    const published = await db.select({ id: invoices.id, computedAt: invoices.computedAt }).from(invoices)
      .where(and(eq(invoices.status, "Published"), isNotNull(invoices.computedAt)));

    const done = await reprocess({ tenantId: processorId, fromDate, toDate: span.to });
    expect(done.status).toBe(200);
    expect(done.body.carcasses).toBeGreaterThan(0);
    expect(done.body.orders).toBeGreaterThan(0);
    expect(done.body.summary).toMatch(/carcasses? of \d+ orders? counted again/);
    const [order] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, one.orderId));
    expect(order.totalProcessed).toBeGreaterThanOrEqual(one.n);
    for (const p of published) {
      const [after] = await db.select({ computedAt: invoices.computedAt }).from(invoices).where(
        eq(invoices.id, p.id),
      );
      expect(after.computedAt).toBe(p.computedAt);
    }
    const [audit] = await t.services.db.control.select().from(superAudit)
      .where(eq(superAudit.action, "ReprocessKillData"));
    expect(audit).toMatchObject({ tenantId: processorId });
    expect(audit.detail).toMatchObject({ carcasses: done.body.carcasses, orders: done.body.orders });
  });

  test("bounded, processors only, super only; refusals say why and change nothing", async () => {
    const days = await reprocess({ tenantId: processorId, fromDate: "2026-01-01", toDate: "2026-03-01" });
    expect(days.status).toBe(400);
    expect(days.body.errors[0]).toMatchObject({
      field: "fromDate",
      message: "Choose a period of at most 30 days.",
    });
    const back = await reprocess({ tenantId: processorId, fromDate: "2026-03-02", toDate: "2026-03-01" });
    expect(back.body.errors[0].field).toBe("toDate");
    const farm = await t.services.db.control.query.tenants.findFirst({
      where: eq(tenants.category, "producer"),
    });
    const refused = await reprocess({ tenantId: farm!.id, fromDate: "2026-03-01", toDate: "2026-03-02" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe("Only a processor has kill data to reprocess.");
    expect((await reprocess({ tenantId: 9999, fromDate: "2026-03-01", toDate: "2026-03-01" })).status).toBe(
      404,
    );
    const admin = await t.login("admin@demo.processor");
    expect(
      (await reprocess({ tenantId: processorId, fromDate: "2026-03-01", toDate: "2026-03-01" }, admin))
        .status,
    )
      .toBe(403);
    const empty = await reprocess({ tenantId: processorId, fromDate: "2020-03-01", toDate: "2020-03-01" });
    expect(empty.body).toMatchObject({
      carcasses: 0,
      orders: 0,
      summary: "No carcass was recorded on those days: nothing to reprocess.",
    });
  });
});
