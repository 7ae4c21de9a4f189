/**
 * One invoice: for the editor (its document, its edits and what may be done with it) and as a document.
 * A draft whose inputs moved on (skin counts recorded: computedAt cleared) is recomputed when read; a
 * published invoice is read from the document frozen at publish.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { invoicePriceAdjustments, invoices } from "../../../../db/tenant/schema.ts";
import { type AreaContext, plantDayOf } from "../../context.ts";
import { isFeatureEnabled } from "../../../access/flags.ts";
import { computeInvoice, type InvoiceComputation } from "../rules.ts";
import type { InvoiceDocument, InvoiceStatus } from "../document.ts";
import type { InvoiceView } from "../views.ts";
import { buildInvoiceDocument } from "../documentOf.ts";
import { type InvoiceRow, invoiceRow, type InvoiceSources, loadSources } from "../inputs.ts";
import { storeComputation } from "../drafts.ts";
import { invoiceOf } from "./species.ts";
import { summaries } from "./lists.ts";
import { queuedRemittanceOf, remittanceEmailsOf } from "./remittanceEmails.ts";

/** Recompute a draft whose inputs moved on (computedAt cleared), storing its figures. */
export async function freshen(ctx: AreaContext, row: InvoiceRow): Promise<InvoiceRow> {
  if (row.status !== "Draft" || row.computedAt !== null) return row;
  return await ctx.write(async (tx) => {
    const current = await invoiceRow(tx, row.id);
    if (current.computedAt !== null) return current;
    return (await storeComputation(tx, current, await loadSources(tx, current))).row;
  });
}

/** Recompute the drafts among these whose inputs moved on, so stored figures can be reported. */
export async function freshenDrafts(ctx: AreaContext, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const stale = await ctx.db.select({ id: invoices.id }).from(invoices).where(and(
      inArray(invoices.id, ids.slice(i, i + 500)),
      eq(invoices.status, "Draft"),
      sql`${invoices.computedAt} is null`,
    ));
    for (const r of stale) await freshen(ctx, await invoiceRow(ctx.db, r.id));
  }
}

/** One invoice for the editor: its document, its edits and what may be done with it. */
export async function invoiceView(ctx: AreaContext, id: number): Promise<InvoiceView> {
  const row = await freshen(ctx, await invoiceOf(ctx, id));
  const document = await invoiceDocument(ctx, row.id);
  const adjustments = await ctx.db.select().from(invoicePriceAdjustments)
    .where(eq(invoicePriceAdjustments.invoiceId, row.id));
  const [summary] = await summaries(ctx, eq(invoices.id, row.id));
  return {
    ...summary,
    leviesRemoved: row.leviesRemoved,
    publishedReportAvailable: row.publishedReportRef !== null,
    document,
    adjustments: adjustments.map((a) => ({
      lineKey: a.lineKey,
      centsPerUnit: a.centsPerUnit,
      reason: a.reason,
    })),
    // a published invoice keeps its frozen document: the warning is for a draft, computed now
    unruledDefects: row.status === "Draft" ? document.computation.unruledDefects ?? [] : [],
    remittanceEmails: row.status === "Draft" ? [] : await remittanceEmailsOf(ctx, row.id),
    remittanceQueued: row.status === "Draft" ? null : await queuedRemittanceOf(ctx, row.id),
  };
}

/** The invoice as its document: frozen at publish, computed now for a draft. */
export async function invoiceDocument(ctx: AreaContext, id: number): Promise<InvoiceDocument> {
  const row = await freshen(ctx, await invoiceOf(ctx, id));
  if (row.status !== "Draft" && row.publishedDocument) {
    return { ...(row.publishedDocument as InvoiceDocument), status: row.status as InvoiceStatus };
  }
  const sources = await loadSources(ctx.db, row);
  return await buildDocument(ctx, sources, computeInvoice(sources.inputs));
}

/** The document of a computed invoice (publish freezes this). */
export async function buildDocument(
  ctx: AreaContext,
  s: InvoiceSources,
  computation: InvoiceComputation,
): Promise<InvoiceDocument> {
  const subject = ctx.caller.subject;
  return await buildInvoiceDocument(ctx.db, s, computation, {
    tenantName: ctx.caller.tenant.name,
    speciesName: (id) => ctx.scope.speciesName(id),
    showBank: isFeatureEnabled(subject, "supplierBankDetailsOnRemittance"),
    condensedBeef: isFeatureEnabled(subject, "condensedBeefInvoice"),
    today: ctx.today,
    dayOf: (instant) => plantDayOf(ctx, instant),
  });
}
