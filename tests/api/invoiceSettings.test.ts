/**
 * api/settings/… for Settings › Invoicing over real HTTP and real db files: levies (banded, copied to a
 * new rate, deleted), defect price rules (added, archived, restored), stale edits, bad input, who may, and
 * drafts recomputing with the new settings.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { defectDetails, invoices, levySettings } from "../../db/tenant/schema.ts";
import { INVOICE_SETTINGS_API as P } from "../../server/areas/invoiceSettings/paths.ts";
import { INVOICES_API, withId } from "../../server/areas/invoices/paths.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const LAMB = 11;
const HOGGET = 12;

const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const keyQuery = (
  l: { levyType: string; tenantSiteId: number; speciesCategoryId: number; startDate: string },
) =>
  `${P.levy}?levyType=${l.levyType}&tenantSiteId=${l.tenantSiteId}&speciesCategoryId=${l.speciesCategoryId}&startDate=${l.startDate}`;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

describe("who may", () => {
  test("a display user and another tenant are refused before the body is read", async () => {
    expect((await get(P.levies, "display")).status).toBe(403);
    expect((await get(P.levies, "farm")).status).toBe(403);
    expect((await post(P.upsertLevy, { nonsense: true }, "display")).status).toBe(403);
    expect((await post(P.upsertDefect, { nonsense: true }, "farm")).status).toBe(403);
  });
});

describe("levies", () => {
  test("the demo levies read with their rates in words and which applies today", async () => {
    const { status, body } = await get(P.levies);
    expect(status).toBe(200);
    const lamb = body.find((l: { levyType: string; speciesCategoryId: number }) =>
      l.levyType === "TransactionLevy" && l.speciesCategoryId === LAMB
    );
    expect(lamb).toMatchObject({ site: "All sites", speciesCategory: "Lamb", timing: "current" });
    expect(lamb.rate).toBe("2 % of the value from $5.00 (nothing below)");
    const cattle = body.find((l: { levyType: string; speciesCategoryId: number }) =>
      l.levyType === "TransactionLevy" && l.speciesCategoryId === 23
    );
    expect(cattle.rate).toBe("$5.00 a head");
    expect((await get(keyQuery(lamb))).body.id).toBe(lamb.id);
  });

  test("a new rate from a date: bands in dollars and percent, stored in cents and basis points", async () => {
    const saved = await post(P.upsertLevy, {
      levyType: "TransactionLevy",
      speciesCategoryId: HOGGET,
      startDate: "2026-07-01",
      bands: [{ perHead: 0, percent: 0 }, { fromValue: 5, percent: 2.5 }, null],
      maxPerHead: 10,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      bands: [
        { fromValueCents: 0, perHeadCents: 0, basisPoints: 0 },
        { fromValueCents: 500, perHeadCents: 0, basisPoints: 250 },
      ],
      maxPerHeadCents: 1000,
      rate: "2.5 % of the value from $5.00 (nothing below); at most $10.00 a head",
    });
    const again = await post(P.upsertLevy, {
      levyType: "TransactionLevy",
      speciesCategoryId: HOGGET,
      startDate: "2026-07-01",
      bands: [{ perHead: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ field: "startDate" });
    expect(again.body.errors[0].message).toMatch(/already set/);
  });

  test("bad input is a clear 400 and changes nothing", async () => {
    const before = (await (await db()).select().from(levySettings)).length;
    const cases = [
      {},
      { levyType: "Tithe", speciesCategoryId: LAMB, startDate: "2026-07-01", bands: [{ perHead: 1 }] },
      {
        levyType: "TransactionLevy",
        speciesCategoryId: LAMB,
        startDate: "2026-02-30",
        bands: [{ perHead: 1 }],
      },
      { levyType: "TransactionLevy", speciesCategoryId: LAMB, startDate: "2026-07-02", bands: [] },
      {
        levyType: "TransactionLevy",
        speciesCategoryId: LAMB,
        startDate: "2026-07-02",
        bands: [{ percent: 120 }],
      },
      {
        levyType: "ProcessorCharge",
        speciesCategoryId: LAMB,
        startDate: "2026-07-02",
        bands: [{ perHead: 1 }],
      },
      {
        levyType: "ServiceKillFee",
        speciesCategoryId: LAMB,
        startDate: "2026-07-02",
        bands: [{ percent: 1 }],
      },
      {
        levyType: "TransactionLevy",
        speciesCategoryId: 999,
        startDate: "2026-07-02",
        bands: [{ perHead: 1 }],
      },
      {
        levyType: "TransactionLevy",
        speciesCategoryId: LAMB,
        startDate: "2026-07-02",
        bands: [{ perHead: -1 }],
      },
    ];
    for (const body of cases) {
      const res = await post(P.upsertLevy, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.isValidation).toBe(true);
      expect(res.body.message).not.toMatch(/Bad Request|invalid_/);
    }
    expect(await (await db()).select().from(levySettings)).toHaveLength(before);
    expect(
      (await get(
        `${P.levy}?levyType=TransactionLevy&tenantSiteId=0&speciesCategoryId=${LAMB}&startDate=2001-01-01`,
      )).status,
    )
      .toBe(404);
  });

  test("an edit from a stale read is refused; a delete from the current read succeeds", async () => {
    const made = await post(P.upsertLevy, {
      levyType: "ProcessorCharge",
      description: "Tag replacement",
      speciesCategoryId: LAMB,
      startDate: "2026-01-01",
      bands: [{ perHead: 0.25 }],
    });
    expect(made.status).toBe(200);
    const changed = await post(P.upsertLevy, {
      ...{ levyType: "ProcessorCharge", description: "Tag replacement", speciesCategoryId: LAMB },
      id: made.body.id,
      lastModified: made.body.lastModified,
      startDate: "2026-01-01",
      bands: [{ perHead: 0.3 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.rate).toBe("$0.30 a head");
    const stale = await post(P.deleteLevy, { id: made.body.id, lastModified: made.body.lastModified });
    expect(stale.status).toBe(409);
    const gone = await post(P.deleteLevy, { id: made.body.id, lastModified: changed.body.lastModified });
    expect(gone.status).toBe(200);
    expect(await (await db()).select().from(levySettings).where(eq(levySettings.id, made.body.id)))
      .toHaveLength(0);
  });

  test("a levy change makes the drafts of that category recompute, and says so on the push hub", async () => {
    const tdb = await db();
    const draft = (await tdb.select().from(invoices).where(eq(invoices.status, "Draft")))
      .find((i) => i.levyCents > 0 && !i.leviesRemoved);
    expect(draft).toBeTruthy();
    const before = await get(withId(INVOICES_API.invoice, draft!.id));
    expect(before.status).toBe(200);
    const made = await post(P.upsertLevy, {
      levyType: "ProcessorCharge",
      description: "Test charge",
      speciesCategoryId: draft!.speciesCategoryId,
      startDate: "2020-01-01",
      bands: [{ perHead: 1 }],
    });
    expect(made.status).toBe(200);
    const row = await tdb.select().from(invoices).where(eq(invoices.id, draft!.id)).get();
    expect(row!.computedAt).toBeNull();
    const after = (await get(withId(INVOICES_API.invoice, draft!.id))).body;
    expect(JSON.stringify(after)).toMatch(/Test charge/);
    await post(P.deleteLevy, { id: made.body.id, lastModified: made.body.lastModified });
  });
});

describe("defect details", () => {
  test("add with the amount its rule takes, refuse a second live rule for the code, archive and restore", async () => {
    const made = await post(P.upsertDefect, {
      code: "abscess",
      name: "Abscess",
      speciesId: 1,
      priceRule: "CentsPerKgOff",
      centsPerKgOff: 40,
      percentOff: 99,
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ code: "ABSCESS", amount: 40, rule: "40c a kg off the grid price" });
    const twin = await post(P.upsertDefect, {
      code: "ABSCESS",
      name: "Abscess",
      speciesId: 1,
      priceRule: "NoPayment",
    });
    expect(twin.status).toBe(400);
    expect(twin.body.errors[0].field).toBe("code");
    const noAmount = await post(P.upsertDefect, { code: "X1", name: "X", priceRule: "FixedPerHead" });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.errors[0].field).toBe("perHead");

    const archived = await post(P.archiveDefect, {
      id: made.body.id,
      lastModified: made.body.lastModified,
      isArchived: true,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.isArchived).toBe(true);
    const stale = await post(P.archiveDefect, {
      id: made.body.id,
      lastModified: made.body.lastModified,
      isArchived: false,
    });
    expect(stale.status).toBe(409);
    const fixed = await post(P.upsertDefect, {
      id: made.body.id,
      lastModified: archived.body.lastModified,
      code: "ABSCESS",
      name: "Abscess",
      speciesId: 1,
      priceRule: "FixedPerHead",
      perHead: 12.5,
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ amount: 1250, rule: "$12.50 a head" });
    const listed = (await get(P.defects)).body;
    expect(listed.find((d: { id: number }) => d.id === made.body.id).isArchived).toBe(true);
    expect((await get(withId(P.defect, made.body.id))).body.code).toBe("ABSCESS");
    expect((await get(withId(P.defect, 99999))).status).toBe(404);
    const row = await (await db()).select().from(defectDetails).where(eq(defectDetails.id, made.body.id))
      .get();
    expect(row!.amount).toBe(1250);
  });
});
