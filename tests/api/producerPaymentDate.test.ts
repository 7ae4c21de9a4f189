/**
 * A producer's remittances say when the processor's bank is to pay them, once the processor has put the
 * invoice in a bank payment file (Invoice Manager › Payments), and no longer once that file is cancelled;
 * never the processor's account or the file. Over real HTTP on the demo data and the pinned clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { serveTestApp } from "../helpers/app.ts";
import { PLANT_DAY } from "../helpers/clock.ts";
import { addDays } from "../../kernel/dates.ts";
import { formatDate } from "../../kernel/format.ts";
import { invoices, suppliers } from "../../db/tenant/schema.ts";
import { PAYMENTS_API as P } from "../../server/areas/invoices/payments/paths.ts";
import { PORTAL_PATHS } from "../../server/areas/producer/portal/paths.ts";
import { givePlantAnAccount, PLANT_ACCOUNT } from "../helpers/plantAccount.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await serveTestApp();
  tokens.admin = await t.login("admin@demo.processor");
  tokens.farm = await t.login("producer@demo.farm");
  await givePlantAnAccount(t);
});
afterAll(() => t.close());

const page = async (path: string, who: string) => {
  const res = await t.request(path, { token: tokens[who] });
  expect(res.status).toBe(200);
  // the text as read: without the markers React puts between adjacent pieces of text
  return (await res.text()).replaceAll("<!-- -->", "");
};

describe("a remittance in a payment file", () => {
  test("shows the bank payment day to its producer, and not once the file is cancelled", async () => {
    const links = await t.request("/api/producer/GetProcessorLinks", { token: tokens.farm });
    const [link] = (await links.json()) as { id: number }[];
    expect(link).toBeDefined();
    const remittances = PORTAL_PATHS.remittances(link.id);
    expect(await page(remittances, "farm")).not.toContain("bank payment");

    // the processor pays one of the farm's published invoices by file, with bank details on its supplier
    const db = await t.services.db.tenantDb(1);
    const html = await page(remittances, "farm");
    const number = /RCTI-\d{6}/.exec(html)?.[0];
    expect(number).toBeDefined();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.invoiceNumber, number!));
    await db.update(suppliers).set({ bsb: "062000", bankAccountNumber: "12345678", bankAccountName: "Farm" })
      .where(eq(suppliers.id, invoice.supplierId));
    const day = addDays(PLANT_DAY, 2);
    const run = await t.request(P.createRun, {
      method: "POST",
      token: tokens.admin,
      json: { invoiceIds: [invoice.id], processingDate: day },
    });
    expect(run.status).toBe(200);
    const made = await run.json();

    const paid = await page(remittances, "farm");
    expect(paid).toContain(`bank payment ${formatDate(day)}`);
    // the processor's own account and the file are not the producer's to see
    expect(paid).not.toContain(PLANT_ACCOUNT.bankAccountNumber);
    expect(paid).not.toContain("payment file");

    const cancelled = await t.request(P.cancelRun, {
      method: "POST",
      token: tokens.admin,
      json: { id: made.id, lastModified: made.lastModified },
    });
    expect(cancelled.status).toBe(200);
    expect(await page(remittances, "farm")).not.toContain("bank payment");
  });
});
