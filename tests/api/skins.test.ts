/**
 * Skin grading and skin/hide prices (spec 2 §7.2, §7.3 api/livestock/) over real HTTP and real db files:
 * prices added, copied, archived and restored; counts recorded for a day (all or nothing), paged incomplete
 * records stepping back a page, the completed report, an order's skins, drafts waiting for skins, stale
 * edits, published invoices, bad input and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { invoices, skinCounts, skinPrices } from "../../db/tenant/schema.ts";
import { SKIN_API as P } from "../../server/areas/skins/paths.ts";
import { INVOICES_API, withId } from "../../server/areas/invoices/paths.ts";
import { addDays } from "../../kernel/dates.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const LAMB = 11;
type Rec = {
  livestockOrderId: number;
  productionDate: string;
  totalToProcess: number;
  totalCounted: number;
  isComplete: boolean;
  counts: Record<string, number>;
  valueCents: number | null;
  invoiceStatus: string | null;
  lastModified: string | null;
};

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const today = () => plantDay(); // the test app's pinned day at the plant

describe("who may", () => {
  test("a display user and another tenant are refused before the body is read", async () => {
    for (const who of ["display", "farm"]) {
      expect((await get(P.incomplete, who)).status).toBe(403);
      expect((await get(P.prices, who)).status).toBe(403);
      expect((await post(P.upsertCounts, { nonsense: true }, who)).status).toBe(403);
      expect((await post(P.upsertPrice, { nonsense: true }, who)).status).toBe(403);
    }
  });

  test("a species that is not the caller's is refused; pigs have no skins; unknown dates are plain errors", async () => {
    expect((await get(`${P.incomplete}?speciesName=Unicorns`)).status).toBe(403);
    const pigs = await get(`${P.incomplete}?speciesName=Pig`);
    expect(pigs.status).toBe(400);
    expect((await get(`${P.completed}?fromDate=2026-02-30&toDate=2026-03-01`)).status).toBe(400);
    const backwards = await get(`${P.completed}?fromDate=2026-03-02&toDate=2026-03-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].message).toBe("The period ends before it starts.");
    expect((await get(`${P.completed}?fromDate=2024-01-01&toDate=2026-03-01`)).status).toBe(400);
  });
});

describe("skin and hide prices", () => {
  test("the demo prices read per species with which applies today", async () => {
    const { status, body } = await get(P.prices);
    expect(status).toBe(200);
    const sheep = body.find((p: { speciesId: number }) => p.speciesId === 1);
    expect(sheep).toMatchObject({ kind: "skin", speciesCategory: "Every category", timing: "current" });
    expect(sheep.grades[0]).toEqual({ grade: "1", centsPerPiece: 450 });
    const hides = body.find((p: { speciesId: number }) => p.speciesId === 2);
    expect(hides.kind).toBe("hide");
    expect((await get(withId(P.price, sheep.id))).body.id).toBe(sheep.id);
    expect((await get(withId(P.price, 99999))).status).toBe(404);
  });

  test("a lamb price from a date in dollars a piece, stored in cents; the older price is superseded for lambs only", async () => {
    const start = addDays(today(), -1);
    const saved = await post(P.upsertPrice, {
      speciesId: 1,
      speciesCategoryId: LAMB,
      name: "Lamb skins (spring)",
      startDate: start,
      grades: [{ grade: "1", price: 5.2 }, { grade: "2", price: 3.35 }, { grade: "reject", price: null }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      kind: "skin",
      speciesCategory: "Lamb",
      timing: "current",
      grades: [{ grade: "1", centsPerPiece: 520 }, { grade: "2", centsPerPiece: 335 }],
    });
    const all = (await get(`${P.prices}?speciesId=1`)).body as { id: number; timing: string }[];
    expect(all.every((p) => p.timing !== "superseded")).toBe(true); // the every-category price still applies to other categories
    const copy = await post(P.upsertPrice, {
      speciesId: 1,
      speciesCategoryId: LAMB,
      name: "Lamb skins (summer)",
      startDate: today(),
      grades: [{ grade: "1", price: 5 }],
    });
    const after = (await get(`${P.prices}?speciesId=1`)).body as { id: number; timing: string }[];
    expect(after.find((p) => p.id === saved.body.id)!.timing).toBe("superseded");
    expect(after.find((p) => p.id === copy.body.id)!.timing).toBe("current");
  });

  test("bad prices are refused with words beside the field and change nothing", async () => {
    const before = (await (await db()).select().from(skinPrices)).length;
    const noPrice = await post(P.upsertPrice, {
      speciesId: 1,
      name: "Nothing",
      startDate: "2026-01-01",
      grades: [{ grade: "1", price: null }],
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.errors[0]).toEqual({
      field: "grades.0",
      message: "Enter a price for at least one grade.",
    });
    const backwards = await post(P.upsertPrice, {
      speciesId: 1,
      name: "Backwards",
      startDate: "2026-05-01",
      archivedDate: "2026-04-01",
      grades: [{ grade: "1", price: 1 }],
    });
    expect(backwards.body.errors[0].field).toBe("archivedDate");
    const pigs = await post(P.upsertPrice, {
      speciesId: 3,
      name: "Pig",
      startDate: "2026-05-01",
      grades: [],
    });
    expect(pigs.status).toBe(400);
    const negative = await post(P.upsertPrice, {
      speciesId: 1,
      name: "Negative",
      startDate: "2026-05-01",
      grades: [{ grade: "1", price: -1 }],
    });
    expect(negative.status).toBe(400);
    const wrongCategory = await post(P.upsertPrice, {
      speciesId: 2,
      speciesCategoryId: LAMB,
      name: "Hides",
      startDate: "2026-05-01",
      grades: [{ grade: "1", price: 30 }],
    });
    expect(wrongCategory.body.errors[0].field).toBe("speciesCategoryId");
    expect((await (await db()).select().from(skinPrices)).length).toBe(before);
  });

  test("a stale edit is 409; archive stops a price from today and restore brings it back; drafts recompute", async () => {
    const hide = ((await get(`${P.prices}?speciesId=2`)).body as { id: number; lastModified: string }[])[0];
    const edited = await post(P.upsertPrice, {
      id: hide.id,
      lastModified: hide.lastModified,
      speciesId: 2,
      name: "Cattle hides",
      startDate: "2025-01-01",
      grades: [{ grade: "1", price: 3.1 }, { grade: "2", price: 2 }],
    });
    expect(edited.status).toBe(200);
    const stale = await post(P.upsertPrice, {
      id: hide.id,
      lastModified: hide.lastModified,
      speciesId: 2,
      name: "Cattle hides",
      startDate: "2025-01-01",
      grades: [{ grade: "1", price: 9 }],
    });
    expect(stale.status).toBe(409);
    const archived = await post(P.archivePrice, {
      id: hide.id,
      lastModified: edited.body.lastModified,
      isArchived: true,
    });
    expect(archived.body).toMatchObject({ archivedDate: today(), timing: "archived" });
    const restored = await post(P.archivePrice, {
      id: hide.id,
      lastModified: archived.body.lastModified,
      isArchived: false,
    });
    expect(restored.body).toMatchObject({ archivedDate: null, timing: "current" });
    const cattleDrafts = await (await db()).select().from(invoices)
      .where(and(eq(invoices.speciesId, 2), eq(invoices.status, "Draft")));
    for (const d of cattleDrafts) expect(d.computedAt).toBeNull();
  });
});

describe("skin counts", () => {
  /** A recent sheep kill not yet counted and not on a published invoice. */
  async function openRecord(): Promise<Rec> {
    const page = await get(`${P.incomplete}?speciesName=Sheep&pageSize=500`);
    expect(page.status).toBe(200);
    const rec = (page.body as Rec[]).find((r) => r.totalCounted === 0 && r.invoiceStatus !== "Published");
    expect(rec).toBeDefined();
    return rec!;
  }

  test("incomplete records are paged 50 by default, the total in X-Total-Count; a start past the end steps back a page", async () => {
    const page = async (query: string) => {
      const res = await t.request(`${P.incomplete}?${query}`, { token: tokens.admin });
      return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: await res.json() };
    };
    const first = await page("speciesName=Sheep");
    const total = first.total;
    expect(total).toBeGreaterThan(1);
    expect(first.rows).toHaveLength(Math.min(50, total));
    expect(first.rows.every((r: Rec) => !r.isComplete)).toBe(true);
    const all = await page("pageSize=1000");
    const past = await page(`pageSize=1&startIndex=${total}`);
    expect(past.rows).toEqual([all.rows[total - 1]]);
    const far = await page(`pageSize=2&startIndex=${total + 40}`);
    expect(far.rows[0]).toEqual(all.rows[Math.floor((total - 1) / 2) * 2]);
    expect((await page("pageSize=0")).status).toBe(400);
    expect((await page("pageSize=1001")).status).toBe(400);
  });

  test("recording a day's count completes the record, values it at the day's price and recomputes the draft", async () => {
    const rec = await openRecord();
    const day = await get(`${P.day}?productionDate=${rec.productionDate}`);
    expect(day.body.some((r: Rec) => r.livestockOrderId === rec.livestockOrderId)).toBe(true);
    const head = rec.totalToProcess;
    const saved = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [{ livestockOrderId: rec.livestockOrderId, counts: { "1": head - 1, reject: 1 } }],
    });
    expect(saved.status).toBe(200);
    const mine = (saved.body as Rec[]).find((r) => r.livestockOrderId === rec.livestockOrderId)!;
    expect(mine).toMatchObject({
      totalCounted: head,
      isComplete: true,
      counts: { "1": head - 1, reject: 1 },
    });
    expect(mine.valueCents).toBeGreaterThan(0);
    const report = await get(`${P.completed}?fromDate=${rec.productionDate}&toDate=${rec.productionDate}`);
    expect(report.body.some((r: Rec) => r.livestockOrderId === rec.livestockOrderId)).toBe(true);
    const byOrder = await get(withId(P.ofOrder.replace("{orderId}", "{id}"), rec.livestockOrderId));
    expect(byOrder.body.find((r: Rec) => r.productionDate === rec.productionDate).totalCounted).toBe(head);
    const still = await get(`${P.incomplete}?pageSize=500`);
    expect(
      still.body.some((r: Rec) =>
        r.livestockOrderId === rec.livestockOrderId && r.productionDate === rec.productionDate
      ),
    ).toBe(false);

    const stale = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [{
        livestockOrderId: rec.livestockOrderId,
        counts: { "1": 1 },
        lastModified: "2000-01-01",
      }],
    });
    expect(stale.status).toBe(409);
    const cleared = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [{ livestockOrderId: rec.livestockOrderId, counts: {}, lastModified: mine.lastModified }],
    });
    expect(cleared.status).toBe(200);
    const rows = await (await db()).select().from(skinCounts).where(and(
      eq(skinCounts.livestockOrderId, rec.livestockOrderId),
      eq(skinCounts.productionDate, rec.productionDate),
    ));
    expect(rows).toHaveLength(0);
  });

  test("more skins than head, an unknown grade or a day without a kill are refused and nothing is stored", async () => {
    const rec = await openRecord();
    const before = (await (await db()).select().from(skinCounts)).length;
    const tooMany = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [{ livestockOrderId: rec.livestockOrderId, counts: { "1": rec.totalToProcess + 1 } }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].field).toBe("countRecords.0.counts");
    expect(tooMany.body.errors[0].message).toContain(`${rec.totalToProcess + 1} skins counted but`);
    const grade = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [{ livestockOrderId: rec.livestockOrderId, counts: { "9": 1 } }],
    });
    expect(grade.status).toBe(400);
    const noKill = await post(P.upsertCounts, {
      productionDate: "2020-01-01",
      countRecords: [{ livestockOrderId: rec.livestockOrderId, counts: { "1": 1 } }],
    });
    expect(noKill.status).toBe(400);
    expect(noKill.body.errors[0].message).toContain("had no kill on");
    const twice = await post(P.upsertCounts, {
      productionDate: rec.productionDate,
      countRecords: [
        { livestockOrderId: rec.livestockOrderId, counts: { "1": 1 } },
        { livestockOrderId: rec.livestockOrderId, counts: { "1": 1 } },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await (await db()).select().from(skinCounts)).length).toBe(before);
  });

  test("a day on a published invoice cannot be recounted until it is unpublished", async () => {
    const [published] = await (await db()).select().from(invoices)
      .where(and(eq(invoices.status, "Published"), inArray(invoices.speciesId, [1])));
    expect(published).toBeDefined();
    const records = (await get(withId(P.ofOrder.replace("{orderId}", "{id}"), published.livestockOrderId)))
      .body as Rec[];
    const onIt = records.find((r) => r.invoiceStatus === "Published")!;
    const refused = await post(P.upsertCounts, {
      productionDate: onIt.productionDate,
      countRecords: [{ livestockOrderId: onIt.livestockOrderId, counts: { "1": 1 } }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("unpublish it");
  });

  test("a draft waiting for skins is listed with the reason, and leaves the list once they are counted", async () => {
    const rec = await openRecord();
    const created = await post(INVOICES_API.createOrAdd, { livestockOrderIds: [rec.livestockOrderId] });
    expect(created.status).toBe(200);
    const waiting = await get(`${P.incompleteInvoices}?speciesName=Sheep&pageSize=500`);
    const row = waiting.body.find((r: { livestockOrderId: number }) =>
      r.livestockOrderId === rec.livestockOrderId
    );
    expect(row.reason).toMatch(/^\d+ of \d+ skins counted$/);
    const days = (await get(withId(P.ofOrder.replace("{orderId}", "{id}"), rec.livestockOrderId)))
      .body as Rec[];
    for (const d of days) {
      if (d.isComplete) continue;
      const r = await post(P.upsertCounts, {
        productionDate: d.productionDate,
        countRecords: [{
          livestockOrderId: d.livestockOrderId,
          counts: { "1": d.totalToProcess },
          lastModified: d.lastModified,
        }],
      });
      expect(r.status).toBe(200);
    }
    const after = await get(`${P.incompleteInvoices}?speciesName=Sheep&pageSize=500`);
    expect(
      after.body.some((r: { livestockOrderId: number }) => r.livestockOrderId === rec.livestockOrderId),
    )
      .toBe(false);
    const invoice = await get(withId(INVOICES_API.invoice, row.invoiceId));
    expect(invoice.body.unableToPublishReasons.join(" ")).not.toMatch(/skin/i);
  });
});
