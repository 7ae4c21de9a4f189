/**
 * api/ReciprocalInvoices over real HTTP and real db files: an invoice made from a demo sheep order's
 * killed mob (tests/helpers/invoices.ts readies it), priced on its grid, then edited, published,
 * unpublished and finalised.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { hubClient, nextEvent } from "../helpers/hub.ts";
import { pdfText } from "../helpers/pdf.ts";
import { invoiceableOrder } from "../helpers/invoices.ts";
import { auditLog, invoices, livestockOrders } from "../../db/tenant/schema.ts";
import { ORDER_STATUS } from "../../kernel/enums.ts";
import { addDays, todayIn } from "../../kernel/dates.ts";
import { DEMO_TIME_ZONE } from "../../server/demo.ts";
import { INVOICES_API as P, withId } from "../../server/areas/invoices/paths.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
let orderId = 0;
let mobId = 0;
let invoiceId = 0;
let invoiceNumber = "";
const SHEEP = 1;

const { get, post } = jsonCalls(() => t, tokens);
const view = async () => (await get(withId(P.invoice, invoiceId))).body;
const db = () => t.services.db.tenantDb(1);

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  tokens.super = await t.login("super@demo.processor");
  ({ orderId, mobId } = await invoiceableOrder(t, tokens.admin, SHEEP));
});
afterAll(() => t.close());

describe("who may", () => {
  test("a display user and another tenant are refused; a body is not read first", async () => {
    expect((await get(`${P.toBeCreated}?speciesId=${SHEEP}`, "display")).status).toBe(403);
    expect((await get(`${P.toBeCreated}?speciesId=${SHEEP}`, "farm")).status).toBe(403);
    expect((await post(P.createOrAdd, { nonsense: true }, "display")).status).toBe(403);
  });

  test("a species outside the user's invoicing setting is refused", async () => {
    const made = await post("/api/user/UpsertTenantUser", {
      email: "beef.only@demo.processor",
      firstName: "Beef",
      lastName: "Only",
      roleLevel: "user",
      allowedSpeciesIds: ["2"],
    }, "super"); // an admin's Add user sends an invitation instead (issue 35 §7)
    const token = await t.login("beef.only@demo.processor", made.body.temporaryPassword);
    await t.request("/api/user/ChangeTempPasswordIfAuthed", {
      method: "POST",
      token,
      json: { newPassword: "beef-only-password-1" },
    });
    const res = await t.request(`${P.toBeCreated}?speciesId=${SHEEP}`, { token });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/invoicing setting/);
  });
});

describe("the lifecycle", () => {
  test("bad input is a 400 and changes nothing", async () => {
    const before = (await (await db()).select().from(invoices)).length;
    const bad = await post(P.createOrAdd, {});
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ isValidation: true });
    expect((await post(P.createOrAdd, { stockMobIds: ["x"] })).status).toBe(400);
    expect(await (await db()).select().from(invoices)).toHaveLength(before);
  });

  test("create from a killed mob: a draft, priced on the grid, the mob leaves the list; again is 409", async () => {
    const conn = hubClient(t.origin, tokens.user);
    await conn.start();
    await conn.invoke("RegisterRefreshInterest", "Invoices");
    const created = nextEvent<{ invoiceIds: number[] }>(conn, "invoiceCreated");
    const res = await post(P.createOrAdd, { stockMobIds: [mobId] });
    expect(res.status).toBe(200);
    expect(res.body.stockMobIds).toEqual([mobId]);
    invoiceId = res.body.livestockInvoiceSummaryDtos[0].id;
    expect((await created).invoiceIds).toEqual([invoiceId]);
    await conn.stop();
    const left = (await get(`${P.toBeCreated}?speciesId=${SHEEP}`)).body;
    expect(left.some((o: { livestockOrderId: number }) => o.livestockOrderId === orderId)).toBe(false);
    const drafts = (await get(`${P.created}?speciesId=${SHEEP}`)).body;
    expect(drafts.map((d: { id: number }) => d.id)).toContain(invoiceId);
    expect((await post(P.createOrAdd, { stockMobIds: [mobId] })).status).toBe(409);
  });

  test("lines outside the grid stop publishing until an adjustment prices them", async () => {
    const v = await view();
    expect(v.status).toBe("Draft");
    const unpriced = v.document.computation.carcassLines.filter((l: { pricePerUnitCents: number | null }) =>
      l.pricePerUnitCents === null
    );
    if (unpriced.length) {
      expect(v.isPublishable).toBe(false);
      expect(v.unableToPublishReasons.join(" ")).toMatch(/outside the price grid/);
    }
    let current = v;
    for (const l of unpriced) {
      const res = await post(P.upsertAdjustment, {
        invoiceId,
        lastModified: current.lastModified,
        lineKey: l.key,
        adjustmentPerUnit: 6.5,
        reason: "Light lambs at $6.50/kg",
      });
      expect(res.status).toBe(200);
      current = res.body;
    }
    expect(current.unableToPublishReasons).toEqual([]);
    expect(current.isPublishable).toBe(true);
    expect(current.levyCents).toBeGreaterThan(0);
    expect(
      (await post(P.upsertAdjustment, {
        invoiceId,
        lineKey: "Nothing|-|-|kg",
        adjustmentPerUnit: 1,
        reason: "x",
      })).status,
    ).toBe(400);
  });

  test("additional line items: a missing price is a 400; add, change, delete, each recomputed", async () => {
    const before = await view();
    const missing = await post(P.upsertLineItem, { invoiceId, description: "Freight", quantity: 1 });
    expect(missing.status).toBe(400);
    const added = await post(P.upsertLineItem, {
      invoiceId,
      description: "Freight",
      quantity: 2,
      pricePerUnit: -125.5,
      isApplyGst: true,
    });
    expect(added.status).toBe(200);
    const line = added.body.document.computation.additionalLines[0];
    expect(line).toMatchObject({ description: "Freight", totalCents: -25100, gstCents: -2510 });
    expect(added.body.totalCents).toBe(before.totalCents - 25100 - 2510);
    const changed = await post(P.upsertLineItem, {
      invoiceId,
      reciprocalInvoiceLineItemId: line.id,
      description: "Freight (one truck)",
      quantity: 1,
      pricePerUnit: -125.5,
      isApplyGst: true,
    });
    expect(changed.body.document.computation.additionalLines[0].totalCents).toBe(-12550);
    const res = await t.request(`${P.deleteLineItem}?reciprocalInvoiceLineItemId=${line.id}`, {
      method: "DELETE",
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).totalCents).toBe(before.totalCents);
  });

  test("a stale edit is 409; the due date saves and is audited", async () => {
    const stale = await post(P.update, {
      id: invoiceId,
      lastModified: "2000-01-01T00:00:00.000Z",
      invoiceDueDate: "2030-01-01",
    });
    expect(stale.status).toBe(409);
    const v = await view();
    const res = await post(P.update, {
      id: invoiceId,
      lastModified: v.lastModified,
      invoiceDueDate: "2030-01-31",
    });
    expect(res.status).toBe(200);
    expect(res.body.invoiceDueDate).toBe("2030-01-31");
    const audit = await (await db()).select().from(auditLog)
      .where(and(eq(auditLog.entity, "ReciprocalInvoice"), eq(auditLog.entityId, String(invoiceId))));
    expect(audit.map((a) => a.action)).toContain("Edited");
  });

  test("publish: numbered, frozen, its PDF kept; publishing again is 409; only the reference and due date change", async () => {
    const res = await post(P.publish, { id: invoiceId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Published", publishedReportAvailable: true });
    expect(res.body.invoiceNumber).toMatch(/^RCTI-\d{6}$/);
    invoiceNumber = res.body.invoiceNumber;
    expect((await post(P.publish, { id: invoiceId })).status).toBe(409);
    expect((await post(P.update, { id: invoiceId, invoiceDueDate: "2030-02-01" })).status).toBe(409);
    const ref = await post(P.updatePublished, {
      id: invoiceId,
      supplierReference: "PO 4471",
      invoiceDueDate: "2030-02-01",
    });
    expect(ref.status).toBe(200);
    expect(ref.body.document.supplierReference).toBe("PO 4471");
    const pdf = await t.request(withId(P.remittancePdf, invoiceId), { token: tokens.admin });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(invoiceNumber);
    // the published list goes by when an invoice was published: a stamp of the real clock (the test app
    // pins only the plant's today), so the window is around that stamp's day
    const [row] = await (await db()).select().from(invoices).where(eq(invoices.id, invoiceId));
    const publishedDay = todayIn(DEMO_TIME_ZONE, new Date(row.publishedAt!));
    const period = `fromDate=${addDays(publishedDay, -30)}&toDate=${addDays(publishedDay, 1)}`;
    const published = (await get(`${P.published}?speciesId=${SHEEP}&${period}`)).body;
    expect(published.map((p: { id: number }) => p.id)).toContain(invoiceId);
  });

  test("unpublish returns it to the drafts keeping its number; finalise needs a published invoice", async () => {
    expect((await post(P.unpublish, { ids: [invoiceId] })).status).toBe(200);
    expect((await view()).status).toBe("Draft");
    expect((await post(P.finalise, { ids: [invoiceId] })).status).toBe(409);
    const again = await post(P.publish, { id: invoiceId });
    expect(again.body.invoiceNumber).toBe(invoiceNumber);
  });

  test("finalise: read-only from then, the order is Invoice finalised", async () => {
    expect((await post(P.finalise, { ids: [invoiceId] })).status).toBe(200);
    expect((await view()).status).toBe("Finalised");
    const [order] = await (await db()).select().from(livestockOrders).where(eq(livestockOrders.id, orderId));
    expect(order.orderStatus).toBe(ORDER_STATUS.InvoiceFinalised);
    expect((await post(P.unpublish, { ids: [invoiceId] })).status).toBe(409);
    expect((await post(P.finalise, { ids: [invoiceId] })).status).toBe(409);
    expect(
      (await post(P.updatePublished, { id: invoiceId, supplierReference: "x", invoiceDueDate: null })).status,
    )
      .toBe(409);
    expect(
      (await post(P.upsertLineItem, { invoiceId, description: "x", quantity: 1, pricePerUnit: 1 })).status,
    )
      .toBe(409);
  });

  test("an unknown invoice is 404", async () => {
    expect((await get(withId(P.invoice, 99999))).status).toBe(404);
  });
});

describe("UploadPublishedReport", () => {
  const upload = (id: number, bytes: Uint8Array, who = "admin") => {
    const form = new FormData();
    form.set("invoiceId", String(id));
    form.set("file", new File([bytes], "signed.pdf", { type: "application/pdf" }));
    return t.request("/api/storage/UploadPublishedReport", {
      method: "POST",
      token: tokens[who],
      body: form,
    });
  };
  const signed = new TextEncoder().encode("%PDF-1.4\n% signed by the plant manager\n%%EOF\n");

  test("keeps a signed PDF of a published invoice; downloads give it from then on", async () => {
    expect((await upload(invoiceId, signed, "display")).status).toBe(403);
    const notPdf = await upload(invoiceId, new TextEncoder().encode("hello"));
    expect(notPdf.status).toBe(415);
    expect((await notPdf.json()).message).toMatch(/not a PDF/);
    expect((await upload(invoiceId, new Uint8Array())).status).toBe(400);
    const draft = await (await db()).select().from(invoices).where(eq(invoices.status, "Draft")).get();
    expect((await upload(draft!.id, signed)).status).toBe(409);

    const ok = await upload(invoiceId, signed);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ invoiceId, bytes: signed.length });
    const pdf = await t.request(withId(P.remittancePdf, invoiceId), { token: tokens.admin });
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(signed);
  });

  test("takes the spec's names (Id, Subcategory, PublishDate) and keeps the publish date", async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      f.set("File", new File([signed], "signed.pdf", { type: "application/pdf" }));
      return t.request("/api/storage/UploadPublishedReport", {
        method: "POST",
        token: tokens.admin,
        body: f,
      });
    };
    const badDate = await form({ Id: String(invoiceId), PublishDate: "31/12/2026" });
    expect(badDate.status).toBe(400);
    expect((await badDate.json()).errors[0].field).toBe("PublishDate");
    const ok = await form({ Id: String(invoiceId), Subcategory: "invoices", PublishDate: "2026-11-20" });
    expect(ok.status).toBe(200);
    const [row] = await (await db()).select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row.publishedReportRef).toBe(`published/invoices/${invoiceId}-20261120.pdf`);
  });
});
