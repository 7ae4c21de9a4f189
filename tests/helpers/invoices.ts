/**
 * A demo sheep order ready to invoice: a completely killed order with one mob, not yet on an invoice,
 * with what publishing needs written straight into the tenant database (a skin price, its skins counted,
 * a transaction levy), so invoice tests do not lean on the settings' and skins' demo seeds.
 */
import { eq } from "drizzle-orm";
import {
  carcasses,
  invoices,
  levySettings,
  livestockOrders,
  skinCounts,
  skinPrices,
  suppliers,
} from "../../db/tenant/schema.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import type { serveTestApp, TestApp as AnyTestApp } from "./app.ts";
import { expect } from "vitest";
import { plantNoon } from "./clock.ts";

type TestApp = Awaited<ReturnType<typeof serveTestApp>>;

export async function invoiceableOrder(t: TestApp, token: string, speciesId = 1) {
  const res = await t.request(`${INVOICES_API.toBeCreated}?speciesId=${speciesId}`, { token });
  const list: {
    livestockOrderId: number;
    supplierName: string;
    isCarcassDataComplete: boolean;
    stockMobs: { id: number }[];
  }[] = await res.json();
  const db = await t.services.db.tenantDb(1);
  // a supplier registered for GST, so the document is a Recipient Created Tax Invoice whatever the day
  const exempt = new Set(
    (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.isGstExempt, true))).map((s) =>
      s.id
    ),
  );
  const orderSuppliers = new Map(
    (await db.select({ id: livestockOrders.id, supplierId: livestockOrders.supplierId }).from(
      livestockOrders,
    ))
      .map((o) => [o.id, o.supplierId]),
  );
  const order = list.find((o) =>
    o.isCarcassDataComplete && o.stockMobs.length === 1 &&
    !exempt.has(orderSuppliers.get(o.livestockOrderId)!)
  );
  if (!order) throw new Error("no demo order to invoice");
  const rows = await db.select().from(carcasses).where(
    eq(carcasses.livestockOrderId, order.livestockOrderId),
  );
  const counts: Record<string, number> = {};
  for (const c of rows) counts[c.skinGrade ?? "1"] = (counts[c.skinGrade ?? "1"] ?? 0) + 1;
  const now = plantNoon().toISOString();
  const [o] = await db.select().from(livestockOrders).where(eq(livestockOrders.id, order.livestockOrderId));
  await db.insert(skinPrices).values({
    kind: speciesId === 2 ? "hide" : "skin",
    speciesId,
    name: "Test prices",
    startDate: "2020-01-01",
    grades: Object.keys(counts).map((grade, i) => ({ grade, centsPerPiece: 400 - i * 100 })),
    createdAt: now,
    lastModified: now,
  });
  await db.delete(skinCounts).where(eq(skinCounts.livestockOrderId, order.livestockOrderId));
  await db.insert(skinCounts).values({
    livestockOrderId: order.livestockOrderId,
    productionDate: rows[0].productionDate,
    counts,
    total: rows.length,
    recordedBy: "test",
    createdAt: now,
    lastModified: now,
  });
  await db.insert(levySettings).values({
    levyType: "TransactionLevy",
    tenantSiteId: 0,
    speciesCategoryId: o.speciesCategoryId!,
    startDate: "2020-01-02",
    bands: [{ fromValueCents: 0, perHeadCents: 0, basisPoints: 200 }],
    createdAt: now,
    lastModified: now,
  }).onConflictDoNothing();
  return { orderId: order.livestockOrderId, mobId: order.stockMobs[0].id, supplierName: order.supplierName };
}

/** Turns the organisation's setting on and publishes a draft of a supplier now reachable at `email`. */
export async function publishWithMailSetting(t: AnyTestApp, token: string, email: string): Promise<number> {
  const setting = await t.request("/api/settings/UpsertTenantSetting", {
    method: "POST",
    token,
    json: { settingType: "emailRemittancesOnPublish", value: { isEnabled: true } },
  });
  expect(setting.status).toBe(200);
  const drafts = await (await t.request(`${INVOICES_API.created}?speciesId=1`, { token })).json() as {
    id: number;
    isPublishable: boolean;
    lastModified: string;
  }[];
  const draft = drafts.find((d) => d.isPublishable)!;
  expect(draft).toBeDefined();
  const db = await t.services.db.tenantDb(1);
  const [row] = await db.select({ supplierId: invoices.supplierId }).from(invoices)
    .where(eq(invoices.id, draft.id));
  await db.update(suppliers).set({ contactEmail: email }).where(eq(suppliers.id, row.supplierId));
  const published = await t.request(INVOICES_API.publish, {
    method: "POST",
    token,
    json: { id: draft.id, lastModified: draft.lastModified },
  });
  expect(published.status).toBe(200);
  return draft.id;
}
