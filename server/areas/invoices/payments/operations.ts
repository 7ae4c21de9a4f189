/**
 * Payment runs: make one (the ABA file of the ticked invoices, written and kept in one unit, so an invoice
 * cannot land in two live runs), cancel one whose file was not sent (its invoices become payable again),
 * answer its file, and save the file settings.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  paymentFileSettings,
  paymentRunInvoices,
  paymentRuns,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../../context.ts";
import type { FileOut, In } from "../../areaApi.ts";
import { invoiceOf, who } from "../queries/species.ts";
import { type AbaPayment, writeAbaFile } from "./aba.ts";
import { cannotPayReason, fileSettingsOf, fileSetup, ownAccountOf, runView } from "./queries.ts";
import type { CancelRunBody, CreateRunBody, PaymentFileSettings } from "./schemas.ts";

const RUN_ENTITY = "PaymentRun";
/** How far ahead a bank takes a processing date. */
const LATEST_DAYS_AHEAD = 60;

/** An invoice's line of the file: to its supplier's account, the invoice number on their statement. */
export function paymentTo(
  label: string,
  supplier: { bsb: string; bankAccountNumber: string; bankAccountName: string; name: string },
  amountCents: number,
): AbaPayment {
  return {
    label,
    bsb: supplier.bsb,
    accountNumber: supplier.bankAccountNumber,
    accountName: supplier.bankAccountName || supplier.name,
    amountCents,
    lodgementReference: label,
  };
}

/** A written file kept as a run with the invoices it pays (the caller has checked them). */
export async function writeRun(
  db: TenantTx | AreaContext["db"],
  run: {
    processingDate: string;
    description: string;
    file: { text: string; creditCents: number };
    paid: { invoiceId: number; amountCents: number }[];
    createdBy: string;
    at: string;
  },
) {
  const [row] = await db.insert(paymentRuns).values({
    processingDate: run.processingDate,
    description: run.description,
    totalCents: run.file.creditCents,
    invoiceCount: run.paid.length,
    status: "created",
    fileText: run.file.text,
    createdBy: run.createdBy,
    createdAt: run.at,
    lastModified: run.at,
  }).returning();
  await db.insert(paymentRunInvoices).values(run.paid.map((p) => ({ paymentRunId: row.id, ...p })));
  return row;
}

export async function createRun(ctx: AreaContext, input: In<typeof CreateRunBody>) {
  if (input.processingDate < ctx.today) {
    throw ApiError.badRequest("The processing date has passed: choose today or a later day.");
  }
  if (input.processingDate > addDays(ctx.today, LATEST_DAYS_AHEAD)) {
    throw ApiError.badRequest(`The processing date is more than ${LATEST_DAYS_AHEAD} days away.`);
  }
  const ids = [...new Set(input.invoiceIds)];
  const now = new Date().toISOString();
  const run = await ctx.write(async (tx, unit) => {
    const setup = await fileSetup(ctx, tx);
    if (setup.problems.length) throw ApiError.conflict(setup.problems.join(" "));
    const payments: AbaPayment[] = [];
    for (const id of ids) {
      const row = await invoiceOf(ctx, id, tx);
      const label = row.invoiceNumber ?? `Invoice ${id}`;
      if (row.status !== "Published" && row.status !== "Finalised") {
        throw ApiError.conflict(`${label} is a draft: publish it before paying it.`);
      }
      if (row.totalCents <= 0) throw ApiError.conflict(`${label} has nothing to pay.`);
      const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, row.supplierId));
      const reason = supplier ? cannotPayReason(supplier) : "Its supplier is gone.";
      if (reason) throw ApiError.conflict(`${label}: ${reason}`);
      payments.push(paymentTo(label, supplier, row.totalCents));
    }
    const taken = await tx.select({ invoiceId: paymentRunInvoices.invoiceId, runId: paymentRuns.id })
      .from(paymentRunInvoices).innerJoin(paymentRuns, eq(paymentRuns.id, paymentRunInvoices.paymentRunId))
      .where(and(inArray(paymentRunInvoices.invoiceId, ids), ne(paymentRuns.status, "cancelled")));
    if (taken.length) {
      const labels = taken.map((t) =>
        `${payments[ids.indexOf(t.invoiceId)].label} (payment file ${t.runId})`
      );
      throw ApiError.conflict(
        `Already in a payment file: ${labels.join(", ")}. Cancel that file first, or untick ${
          taken.length === 1 ? "it" : "them"
        }.`,
      );
    }
    const file = writeAbaFile({
      header: { ...setup.header, processingDate: input.processingDate },
      remitter: setup.remitter,
      payments,
      balancing: setup.balancing,
    });
    if (!file.ok) throw ApiError.conflict(file.errors.join(" "));
    const run = await writeRun(tx, {
      processingDate: input.processingDate,
      description: setup.header.description,
      file,
      paid: ids.map((invoiceId, i) => ({ invoiceId, amountCents: payments[i].amountCents })),
      createdBy: who(ctx),
      at: now,
    });
    await unit.audit({
      entity: RUN_ENTITY,
      entityId: run.id,
      action: "Payment file created",
      after: {
        processingDate: run.processingDate,
        totalCents: run.totalCents,
        invoices: payments.map((p) => p.label),
      },
    });
    unit.announce("invoiceUpdated", { invoiceIds: ids });
    return run;
  });
  return runView(ctx.db, run);
}

export async function cancelRun(ctx: AreaContext, input: In<typeof CancelRunBody>) {
  const now = new Date().toISOString();
  const run = await ctx.write(async (tx, unit) => {
    const run = await runOf(ctx, input.id, tx);
    assertUnchanged(run, input.lastModified, "payment file");
    if (run.status === "cancelled") throw ApiError.conflict(`Payment file ${run.id} is already cancelled.`);
    const [changed] = await tx.update(paymentRuns)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: who(ctx), lastModified: now })
      .where(eq(paymentRuns.id, run.id)).returning();
    const invoiceIds = (await tx.select({ id: paymentRunInvoices.invoiceId }).from(paymentRunInvoices)
      .where(eq(paymentRunInvoices.paymentRunId, run.id))).map((r) => r.id);
    await unit.audit({ entity: RUN_ENTITY, entityId: run.id, action: "Payment file cancelled" });
    if (invoiceIds.length) unit.announce("invoiceUpdated", { invoiceIds });
    return changed;
  });
  return runView(ctx.db, run);
}

async function runOf(ctx: AreaContext, id: number, db: AreaContext["db"] | TenantTx = ctx.db) {
  const [run] = await db.select().from(paymentRuns).where(eq(paymentRuns.id, id));
  if (!run) throw ApiError.notFound("That payment file does not exist.");
  return run;
}

/** The run's .aba file, as written when it was made. */
export async function runFile(ctx: AreaContext, id: number): Promise<FileOut> {
  const run = await runOf(ctx, id);
  return { body: run.fileText, name: `payments-${run.processingDate}-${run.id}` };
}

export async function readSettings(ctx: AreaContext) {
  const row = await fileSettingsOf(ctx.db);
  const own = await ownAccountOf(ctx);
  return {
    apcaUserId: row?.apcaUserId ?? "",
    bankAbbreviation: row?.bankAbbreviation ?? "",
    userName: row?.userName || own.name.slice(0, 26),
    description: row?.description || "LIVESTOCK",
    balancing: row?.balancing ?? false,
    lastModified: row?.lastModified ?? null,
    ownBsb: own.bsb,
    ownAccountNumber: own.accountNumber,
    ownName: own.name,
  };
}

export async function saveSettings(ctx: AreaContext, input: In<typeof PaymentFileSettings>) {
  const now = new Date().toISOString();
  await ctx.write(async (tx, unit) => {
    const before = await fileSettingsOf(tx);
    const values = { ...input, lastModified: now, modifiedBy: who(ctx) };
    await tx.insert(paymentFileSettings).values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentFileSettings.id, set: values });
    await unit.audit({ entity: "PaymentFileSettings", entityId: 1, action: "Saved", before, after: input });
  });
  return readSettings(ctx);
}
