/**
 * The demo processor's payment file settings, so its Payments page makes files out of the box; and for the
 * demo's year of history (the start command's), the weekly bank files that paid it: a plant pays its
 * suppliers as their invoices fall due, so a year-old invoice is paid, not waiting on the Payments page.
 * The tests' month keeps every invoice to pay (their payment tests choose from them).
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { DemoTenant } from "../../area.ts";
import {
  invoices,
  paymentFileSettings,
  paymentRuns,
  stakeholders,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { addDays, weekdayIndex } from "../../../../kernel/dates.ts";
import { type AbaPayment, writeAbaFile } from "./aba.ts";
import { cannotPayReason } from "./queries.ts";
import { paymentTo, writeRun } from "./operations.ts";

const SETTINGS = {
  apcaUserId: "301500",
  bankAbbreviation: "CBA",
  userName: "DEMO PROCESSING",
  description: "LIVESTOCK",
  balancing: true,
};

export async function seedPaymentSettings(tenant: DemoTenant) {
  if (tenant.category !== "processor") return;
  await tenant.db.insert(paymentFileSettings).values({
    id: 1,
    ...SETTINGS,
    lastModified: new Date().toISOString(),
    modifiedBy: "Demo data",
  }).onConflictDoNothing();
  if (tenant.history === "year") await seedPaidHistory(tenant);
}

/** The Tuesday on or before a day: the demo plant's weekly payment run. */
const runDayOf = (due: string) => addDays(due, -((weekdayIndex(due) + 6) % 7));

/**
 * The year's published invoices (invoices/historySeed.ts and the month's, seed.ts), paid by one file a
 * week on the Tuesday before each falls due, for the runs already made (before today). A supplier
 * without bank details is paid another way (no file), as the Payments page says.
 */
async function seedPaidHistory({ db, today }: DemoTenant) {
  if ((await db.select({ id: paymentRuns.id }).from(paymentRuns).limit(1)).length) return;
  const [own] = await db.select().from(stakeholders).where(eq(stakeholders.isTenant, true)).limit(1);
  if (!own) return;
  const due = await db.select({
    id: invoices.id,
    invoiceNumber: invoices.invoiceNumber,
    totalCents: invoices.totalCents,
    dueDate: invoices.dueDate,
    bsb: suppliers.bsb,
    bankAccountNumber: suppliers.bankAccountNumber,
    bankAccountName: suppliers.bankAccountName,
    name: suppliers.name,
  }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId)).where(and(
    inArray(invoices.status, ["Published", "Finalised"]),
    gt(invoices.totalCents, 0),
  )).orderBy(asc(invoices.dueDate), asc(invoices.id));
  const byRun = new Map<string, { invoiceId: number; payment: AbaPayment }[]>();
  for (const i of due) {
    if (!i.dueDate || cannotPayReason(i)) continue;
    const day = runDayOf(i.dueDate);
    // a run not made yet (its Tuesday is today or later) leaves the invoice on the Payments page
    if (day >= today) continue;
    const payment = paymentTo(i.invoiceNumber ?? `Invoice ${i.id}`, i, i.totalCents);
    byRun.set(day, [...byRun.get(day) ?? [], { invoiceId: i.id, payment }]);
  }
  for (const [processingDate, lines] of byRun) {
    const file = writeAbaFile({
      header: { ...SETTINGS, processingDate },
      remitter: { name: own.name, bsb: own.bsb, accountNumber: own.bankAccountNumber },
      payments: lines.map((l) => l.payment),
      balancing: SETTINGS.balancing,
    });
    if (!file.ok) continue;
    await writeRun(db, {
      processingDate,
      description: SETTINGS.description,
      file,
      paid: lines.map((l) => ({ invoiceId: l.invoiceId, amountCents: l.payment.amountCents })),
      createdBy: "Demo data",
      at: `${addDays(processingDate, -1)}T05:00:00.000Z`,
    });
  }
}
