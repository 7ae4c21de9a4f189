/**
 * What paying by bank file reads: the file settings, the plant's own account (its party record marked as
 * the tenant), the invoices still to pay and the runs made.
 */
import { and, desc, eq, gt, inArray, lte, ne, notInArray } from "drizzle-orm";
import {
  invoices,
  paymentFileSettings,
  paymentRunInvoices,
  paymentRuns,
  stakeholders,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { invoicingSpecies } from "../queries/species.ts";
import { abaAccountNumber, abaBsb, paymentProblems } from "./aba.ts";

type Db = AreaContext["db"] | TenantTx;

export const NO_BANK_DETAILS = "No bank details — pay another way.";
export const DEFAULT_DESCRIPTION = "LIVESTOCK";
export const DUE_DAYS_AHEAD = 7;

export async function fileSettingsOf(db: Db) {
  const [row] = await db.select().from(paymentFileSettings).where(eq(paymentFileSettings.id, 1));
  return row ?? null;
}

/** The plant's own party (a stakeholder, else a supplier, marked as the tenant), as documentOf finds it. */
export async function ownAccountOf(ctx: AreaContext, db: Db = ctx.db) {
  const [own] = await db.select().from(stakeholders).where(eq(stakeholders.isTenant, true)).limit(1);
  const [ownSupplier] = own ? [own] : await db.select().from(suppliers).where(eq(suppliers.isTenant, true))
    .limit(1);
  const p = own ?? ownSupplier;
  return {
    name: p?.name || ctx.caller.tenant.name,
    bsb: p?.bsb ?? "",
    accountNumber: p?.bankAccountNumber ?? "",
  };
}

/** The file header and remitter as the settings and the own party give them, or what is missing. */
export async function fileSetup(ctx: AreaContext, db: Db = ctx.db) {
  const settings = await fileSettingsOf(db);
  const own = await ownAccountOf(ctx, db);
  const problems: string[] = [];
  if (!settings?.apcaUserId || !settings.bankAbbreviation) {
    problems.push("Enter your bank and APCA user id in the payment file settings.");
  }
  if (!abaBsb(own.bsb) || !abaAccountNumber(own.accountNumber)) {
    problems.push(
      "Your own BSB and account number are missing: add them to your business's party record (the one marked as you).",
    );
  }
  return {
    problems,
    header: {
      bankAbbreviation: settings?.bankAbbreviation ?? "",
      apcaUserId: settings?.apcaUserId ?? "",
      userName: settings?.userName || own.name,
      description: settings?.description || DEFAULT_DESCRIPTION,
    },
    balancing: settings?.balancing ?? false,
    remitter: own,
  };
}

/** Ids of invoices in a run not cancelled. */
export function inLiveRun(db: Db) {
  return db.select({ id: paymentRunInvoices.invoiceId }).from(paymentRunInvoices)
    .innerJoin(paymentRuns, eq(paymentRuns.id, paymentRunInvoices.paymentRunId))
    .where(ne(paymentRuns.status, "cancelled"));
}

/** Why the file cannot pay a supplier's account ("" when it can). */
export function cannotPayReason(s: { bsb: string; bankAccountNumber: string; bankAccountName: string }) {
  if (!s.bsb.trim() || !s.bankAccountNumber.trim()) return NO_BANK_DETAILS;
  const problems = paymentProblems({
    label: "",
    bsb: s.bsb,
    accountNumber: s.bankAccountNumber,
    accountName: s.bankAccountName || "x",
    amountCents: 1,
    lodgementReference: "",
  });
  return problems.length ? `The bank details look wrong:${problems[0].slice(1)} Pay another way.` : "";
}

/** Published and finalised invoices with something to pay, due by the day, not in a live run. */
export async function toPay(ctx: AreaContext, q: { dueBy?: string }, db: Db = ctx.db) {
  const dueBy = q.dueBy ?? addDays(ctx.today, DUE_DAYS_AHEAD);
  const species = invoicingSpecies(ctx).map((s) => s.id);
  const rows = await db.select({
    invoiceId: invoices.id,
    invoiceNumber: invoices.invoiceNumber,
    dueDate: invoices.dueDate,
    totalCents: invoices.totalCents,
    status: invoices.status,
    supplierName: suppliers.name,
    bsb: suppliers.bsb,
    bankAccountNumber: suppliers.bankAccountNumber,
    bankAccountName: suppliers.bankAccountName,
  }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
    .where(and(
      inArray(invoices.status, ["Published", "Finalised"]),
      inArray(invoices.speciesId, species),
      gt(invoices.totalCents, 0),
      lte(invoices.dueDate, dueBy),
      notInLive(db),
    ))
    .orderBy(invoices.dueDate, invoices.invoiceNumber);
  const setup = await fileSetup(ctx, db);
  return {
    dueBy,
    setupProblems: setup.problems,
    invoices: rows.map((r) => ({
      invoiceId: r.invoiceId,
      invoiceNumber: r.invoiceNumber ?? `Invoice ${r.invoiceId}`,
      supplierName: r.supplierName,
      dueDate: r.dueDate,
      totalCents: r.totalCents,
      status: r.status,
      bsb: r.bsb,
      accountNumber: r.bankAccountNumber,
      accountName: r.bankAccountName || r.supplierName,
      cannotPayReason: cannotPayReason(r),
    })),
  };
}

function notInLive(db: Db) {
  return notInArray(invoices.id, inLiveRun(db));
}

type RunRow = typeof paymentRuns.$inferSelect;

export async function runView(db: Db, run: RunRow) {
  const lines = await db.select({
    invoiceId: paymentRunInvoices.invoiceId,
    invoiceNumber: invoices.invoiceNumber,
    amountCents: paymentRunInvoices.amountCents,
  }).from(paymentRunInvoices).innerJoin(invoices, eq(invoices.id, paymentRunInvoices.invoiceId))
    .where(eq(paymentRunInvoices.paymentRunId, run.id));
  const { fileText: _file, ...rest } = run;
  return {
    ...rest,
    status: run.status as "created" | "cancelled",
    invoices: lines.map((l) => ({ ...l, invoiceNumber: l.invoiceNumber ?? `Invoice ${l.invoiceId}` })),
  };
}

/** The latest runs, newest first. */
export async function listRuns(ctx: AreaContext) {
  const runs = await ctx.db.select().from(paymentRuns).orderBy(desc(paymentRuns.id)).limit(50);
  return Promise.all(runs.map((r) => runView(ctx.db, r)));
}

// which live file pays an invoice: read by the invoice screens and, through this public face, the
// producer portal's remittances
export { liveRunsOf, type PaymentFileRef } from "./liveRuns.ts";
