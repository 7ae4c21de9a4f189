/**
 * Paying suppliers by bank file (ABA), over real HTTP on the demo data and the pinned clock: the invoices
 * to pay, a run's file lines matching its invoices, one live run per invoice (409), cancelling frees them,
 * bad input answered 400 in words, and callers without the page refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveTestApp } from "../helpers/app.ts";
import { PLANT_DAY } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";
import { suppliers } from "../../db/tenant/schema.ts";
import { eq } from "drizzle-orm";
import { PAYMENTS_API as P } from "../../server/areas/invoices/payments/paths.ts";
import { INVOICES_API } from "../../server/areas/invoices/paths.ts";
import { givePlantAnAccount } from "../helpers/plantAccount.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const call = async (path: string, init: { method?: string; json?: unknown }, who: string) => {
  const res = await t.request(path, { ...init, token: tokens[who] });
  return { status: res.status, body: await res.json() };
};
const get = (path: string, who = "admin") => call(path, {}, who);
const post = (path: string, json: unknown, who = "admin") => call(path, { method: "POST", json }, who);

interface ToPay {
  invoiceId: number;
  invoiceNumber: string;
  totalCents: number;
  bsb: string;
  accountNumber: string;
  cannotPayReason: string;
  status: string;
}
const FAR = addDays(PLANT_DAY, 60);
const toPay = async (): Promise<ToPay[]> => (await get(`${P.toPay}?dueBy=${FAR}`)).body.invoices;

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "user", "display"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
  await givePlantAnAccount(t);
});
afterAll(() => t.close());

describe("payment files", () => {
  test("without settings the list says what to set up; settings save and read back", async () => {
    const bad = await post(P.saveSettings, {
      apcaUserId: "12",
      bankAbbreviation: "C",
      userName: "",
      description: "",
      balancing: true,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/6 digits/);
    const saved = await post(P.saveSettings, {
      apcaUserId: "301500",
      bankAbbreviation: "cba",
      userName: "DEMO PROCESSING",
      description: "LIVESTOCK",
      balancing: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ bankAbbreviation: "CBA", ownBsb: "082001", balancing: true });
    const list = await get(`${P.toPay}?dueBy=${FAR}`);
    expect(list.status).toBe(200);
    expect(list.body.setupProblems).toEqual([]);
    expect(list.body.invoices.length).toBeGreaterThan(1);
    // by default, invoices due within a week of the plant's day
    const week = await get(P.toPay);
    expect(week.body.dueBy).toBe(addDays(PLANT_DAY, 7));
  });

  test("a supplier without bank details is listed with the reason and cannot be paid by file", async () => {
    const [first] = (await toPay()).filter((i) => !i.cannotPayReason);
    const db = await t.services.db.tenantDb(1);
    const before = await t.request(`${P.toPay}?dueBy=${FAR}`, { token: tokens.admin });
    expect(before.status).toBe(200);
    const { supplierName } = (await before.json()).invoices.find((i: ToPay) =>
      i.invoiceId === first.invoiceId
    );
    const [supplier] = await db.select().from(suppliers).where(eq(suppliers.name, supplierName));
    await db.update(suppliers).set({ bsb: "", bankAccountNumber: "" }).where(eq(suppliers.id, supplier.id));
    try {
      const listed = (await toPay()).find((i) => i.invoiceId === first.invoiceId)!;
      expect(listed.cannotPayReason).toBe("No bank details — pay another way.");
      const refused = await post(P.createRun, { invoiceIds: [first.invoiceId], processingDate: PLANT_DAY });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/No bank details/);
    } finally {
      await db.update(suppliers).set({ bsb: supplier.bsb, bankAccountNumber: supplier.bankAccountNumber })
        .where(eq(suppliers.id, supplier.id));
    }
  });

  test("a run's file has a credit line per invoice, a balancing debit and the totals", async () => {
    const payable = (await toPay()).filter((i) => !i.cannotPayReason).slice(0, 2);
    const run = await post(P.createRun, {
      invoiceIds: payable.map((i) => i.invoiceId),
      processingDate: addDays(PLANT_DAY, 1),
    });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ status: "created", invoiceCount: 2 });
    const total = payable.reduce((s, i) => s + i.totalCents, 0);
    expect(run.body.totalCents).toBe(total);

    const res = await t.request(P.runFile.replace("{id}", String(run.body.id)), { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("content-disposition")).toContain(
      `payments-${addDays(PLANT_DAY, 1)}-${run.body.id}.aba`,
    );
    const text = await res.text();
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.every((l) => l.length === 120)).toBe(true);
    expect(lines[0].slice(0, 1)).toBe("0");
    expect(lines[0].slice(74, 80)).toBe(addDays(PLANT_DAY, 1).slice(8, 10) + "1226");
    const credits = lines.filter((l) => l.startsWith("1") && l.slice(18, 20) === "50");
    expect(credits.map((l) => [l.slice(62, 80).trim(), Number(l.slice(20, 30))])).toEqual(
      payable.map((i) => [i.invoiceNumber, i.totalCents]),
    );
    const digits = (s: string) => s.replace(/\D/g, "");
    expect(credits.map((l) => digits(l.slice(1, 8)) + "/" + l.slice(8, 17).trim())).toEqual(
      payable.map((i) => `${i.bsb}/${i.accountNumber}`),
    );
    const debit = lines.find((l) => l.slice(18, 20) === "13")!;
    expect(Number(debit.slice(20, 30))).toBe(total);
    expect(lines.at(-1)!.slice(0, 8)).toBe("7999-999");
    expect(lines.at(-1)!.slice(74, 80)).toBe("000003");

    // in the list of runs, and no longer to pay
    const runs = await get(P.runs);
    expect(runs.body[0]).toMatchObject({ id: run.body.id, invoiceCount: 2 });
    const left = (await toPay()).map((i) => i.invoiceId);
    for (const i of payable) expect(left).not.toContain(i.invoiceId);

    // each invoice names the file paying it, in the editor's read and in the invoice manager's list
    const invoicePath = (id: number) => INVOICES_API.invoice.replace("{id}", String(id));
    const fileOf = async (id: number) => (await get(invoicePath(id))).body.paymentFile;
    for (const i of payable) {
      expect(await fileOf(i.invoiceId)).toEqual({
        id: run.body.id,
        processingDate: addDays(PLANT_DAY, 1),
        createdAt: run.body.createdAt,
        createdBy: "Admin Demo",
        amountCents: i.totalCents,
      });
    }
    const first = (await get(invoicePath(payable[0].invoiceId))).body;
    const listed = await get(
      `${INVOICES_API.published}?speciesId=${first.speciesId}&fromDate=${
        addDays(PLANT_DAY, -365)
      }&toDate=${PLANT_DAY}`,
    );
    expect(listed.status).toBe(200);
    const row = listed.body.find((r: { id: number }) => r.id === first.id);
    expect(row?.paymentFile?.id).toBe(run.body.id);
    expect(listed.body.filter((r: { paymentFile: unknown }) => r.paymentFile === null).length)
      .toBeGreaterThan(0);

    // an invoice is in one live run at most
    const again = await post(P.createRun, { invoiceIds: [payable[0].invoiceId], processingDate: PLANT_DAY });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`${payable[0].invoiceNumber} (payment file ${run.body.id})`);

    // a paid invoice cannot go back to a draft while its file stands
    const published = payable.find((i) => i.status === "Published");
    expect(published).toBeDefined();
    if (published) {
      const unpublish = await post(INVOICES_API.unpublish, { ids: [published.invoiceId] });
      expect(unpublish.status).toBe(409);
      expect(unpublish.body.message).toContain(`payment file ${run.body.id}`);
    }

    // cancelling frees them; a second cancel is refused; a stale one too
    const stale = await post(P.cancelRun, { id: run.body.id, lastModified: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
    const cancelled = await post(P.cancelRun, { id: run.body.id, lastModified: run.body.lastModified });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await post(P.cancelRun, { id: run.body.id })).status).toBe(409);
    const back = (await toPay()).map((i) => i.invoiceId);
    for (const i of payable) expect(back).toContain(i.invoiceId);
    for (const i of payable) expect(await fileOf(i.invoiceId)).toBeNull();
    const remade = await post(P.createRun, { invoiceIds: [payable[0].invoiceId], processingDate: PLANT_DAY });
    expect(remade.status).toBe(200);
    expect((await post(P.cancelRun, { id: remade.body.id })).status).toBe(200);
  });

  test("bad ids and dates are answered 400 in words; unknown ones 404", async () => {
    const [one] = (await toPay()).filter((i) => !i.cannotPayReason);
    for (
      const body of [
        { invoiceIds: [], processingDate: PLANT_DAY },
        { invoiceIds: ["x"], processingDate: PLANT_DAY },
        { invoiceIds: [one.invoiceId], processingDate: "2026-02-30" },
        { invoiceIds: [one.invoiceId] },
        { invoiceIds: [one.invoiceId], processingDate: addDays(PLANT_DAY, -1) },
      ]
    ) {
      const res = await post(P.createRun, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await post(P.createRun, { invoiceIds: [999999], processingDate: PLANT_DAY })).status).toBe(404);
    expect((await get(`${P.toPay}?dueBy=tomorrow`)).status).toBe(400);
    expect((await t.request(P.runFile.replace("{id}", "999999"), { token: tokens.admin })).status).toBe(404);
    expect((await t.request(P.runFile.replace("{id}", "abc"), { token: tokens.admin })).status).toBe(400);
    expect((await post(P.cancelRun, { id: 999999 })).status).toBe(404);
  });

  test("a display user and another tenant are refused", async () => {
    const [one] = (await toPay()).filter((i) => !i.cannotPayReason);
    expect((await get(P.toPay, "display")).status).toBe(403);
    const cross = await post(P.createRun, { invoiceIds: [one.invoiceId], processingDate: PLANT_DAY }, "farm");
    expect([403, 404]).toContain(cross.status);
    const runs = await get(P.runs, "farm");
    expect([403, 404]).toContain(runs.status);
  });
});
