/**
 * The invoice reports over real HTTP and real db files: feedback sheets (list, PDF read back with
 * pdftotext, CSV), the levy report checked against the published invoices' own figures, the invoice report
 * (FilterLivestockInvoiceData) and its CSV, bad periods and who may.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { plantDay } from "../helpers/clock.ts";
import { pdfText } from "../helpers/pdf.ts";
import { invoices } from "../../db/tenant/schema.ts";
import { REPORTS_API as P } from "../../server/areas/invoices/reports/paths.ts";
import { addDays } from "../../kernel/dates.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const db = () => t.services.db.tenantDb(1);
const today = plantDay(); // the test app's pinned day at the plant
const from = addDays(today, -30);
const period = `fromDate=${from}&toDate=${today}`;
const raw = async (path: string, who = "admin") => await t.request(path, { token: tokens[who] });

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

describe("who may", () => {
  test("a display user and another tenant are refused every report before the body is read", async () => {
    for (const who of ["display", "farm"]) {
      expect((await get(`${P.feedbackSheets}?${period}`, who)).status).toBe(403);
      expect((await raw(`${P.feedbackPdf}?${period}`, who)).status).toBe(403);
      expect((await get(`${P.levyReport}?${period}`, who)).status).toBe(403);
      expect((await post(P.filter, { nonsense: true }, who)).status).toBe(403);
    }
  });

  test("bad periods and species are plain errors", async () => {
    const backwards = await get(`${P.levyReport}?fromDate=${today}&toDate=${from}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].message).toBe("The period ends before it starts.");
    expect((await get(`${P.levyReport}?fromDate=2024-01-01&toDate=${today}`)).status).toBe(400);
    expect((await get(`${P.feedbackSheets}?${period}&speciesId=99`)).status).toBe(403);
    expect((await raw(P.feedbackCsv)).status).toBe(400);
    expect((await raw(`${P.filterCsv}?${period}&statuses=Paid`)).status).toBe(400);
  });
});

describe("feedback sheets", () => {
  test("a beef lot's sheet lists every carcass as graded and paid, as PDF and CSV", async () => {
    const list = await get(`${P.feedbackSheets}?${period}&speciesId=2`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    const lot = list.body[0];
    expect(lot.speciesCategory).toMatch(/Steer|Heifer|Cow|Bull|Ox|Vealer|Yearling/);

    const pdf = await raw(`${P.feedbackPdf}?invoiceId=${lot.invoiceId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(`Carcass feedback: ${lot.supplierName}`);
    expect(text).toContain("P8 mm");
    expect(text).toContain(lot.lotReference);

    const csv = await raw(`${P.feedbackCsv}?${period}&speciesId=2`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename=".*\.csv"/);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(
      /^Invoice,Lot,Supplier,PIC,Killed,Category,Body,Sex,Teeth,HSCW kg,P8 mm,Fat,MSA/,
    );
    const carcasses = list.body.reduce((n: number, l: { carcassCount: number }) => n + l.carcassCount, 0);
    expect(lines.length - 1).toBe(carcasses);
  });
});

describe("levy report", () => {
  test("adds up what the period's published and finalised invoices deducted", async () => {
    const { status, body } = await get(`${P.levyReport}?${period}`);
    expect(status).toBe(200);
    const sent = await (await db()).select({ levyCents: invoices.levyCents }).from(invoices).where(and(
      inArray(invoices.status, ["Published", "Finalised"]),
      gte(invoices.productionDate, from),
      lte(invoices.productionDate, today),
    ));
    const expected = sent.reduce((n, r) => n + r.levyCents, 0);
    expect(expected).toBeGreaterThan(0);
    expect(body.totalCents).toBe(expected);
    expect(body.totals.reduce((n: number, x: { cents: number }) => n + x.cents, 0)).toBe(expected);
    expect(body.rows[0]).toMatchObject({ species: expect.any(String), levy: expect.any(String) });
    const csv = await raw(`${P.levyCsv}?${period}`);
    expect((await csv.text()).split("\r\n")[0]).toBe(
      "From,To,Species,Category,Levy,Invoices,Head,Amount ($)",
    );
  });
});

describe("invoice report", () => {
  test("filters by status and supplier, with totals of what it lists, and as CSV", async () => {
    const all = await post(P.filter, { fromDate: from, toDate: today });
    expect(all.status).toBe(200);
    expect(all.body.rows.length).toBeGreaterThan(1);
    const published = await post(P.filter, { fromDate: from, toDate: today, statuses: ["Published"] });
    expect(published.body.rows.every((r: { status: string }) => r.status === "Published")).toBe(true);
    const sum = published.body.rows.reduce((n: number, r: { totalCents: number }) => n + r.totalCents, 0);
    expect(published.body.totals.totalCents).toBe(sum);

    const supplier = all.body.rows[0].supplierName as string;
    const one = await post(P.filter, { fromDate: from, toDate: today, supplier: supplier.slice(0, 6) });
    expect(
      one.body.rows.every((r: { supplierName: string }) => r.supplierName.startsWith(supplier.slice(0, 6))),
    )
      .toBe(true);

    const byPublish = await post(P.filter, { fromDate: from, toDate: today, dateField: "published" });
    expect(byPublish.body.rows.every((r: { publishedDate: string | null }) => r.publishedDate !== null)).toBe(
      true,
    );

    const csv = await raw(`${P.filterCsv}?${period}&statuses=Published,Finalised`);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Invoice,Status,Species/);
    expect(lines.slice(1).every((l) => /,(Published|Finalised),/.test(l))).toBe(true);

    expect((await post(P.filter, { fromDate: from, toDate: today, statuses: ["Paid"] })).status).toBe(400);
  });
});

describe("published dates are the plant's days", () => {
  test("an invoice published at 6 am Sydney is that Sydney day's, in the filter and in its row", async () => {
    // 19:00 UTC on the day before `today` is 5 or 6 am on `today` in Sydney
    const [one] = await (await db()).select({ id: invoices.id }).from(invoices)
      .where(inArray(invoices.status, ["Published", "Finalised"])).limit(1);
    const morning = `${addDays(today, -1)}T19:00:00.000Z`;
    await (await db()).update(invoices).set({ publishedAt: morning }).where(eq(invoices.id, one.id));
    const on = async (day: string) =>
      (await post(P.filter, { fromDate: day, toDate: day, dateField: "published" })).body.rows as {
        id: number;
        publishedDate: string;
      }[];
    const row = (await on(today)).find((r) => r.id === one.id);
    expect(row?.publishedDate).toBe(today);
    expect((await on(addDays(today, -1))).some((r) => r.id === one.id)).toBe(false);
  });
});
