/**
 * The invoice reports (spec 1 §2 reports invoicereporting, feedBackSheets, levyreporting; spec 2 §7.1):
 * - feedback sheets: each carcass of a lot as graded and paid, from the invoice's document (a published
 *   invoice's frozen one), as PDF or CSV;
 * - the levy report: what published and finalised invoices deducted in a period, by species, category and
 *   levy (what the plant remits), read from the documents as sent;
 * - the invoice report (FilterLivestockInvoiceData): invoices of a period by kill or publish day, status
 *   and supplier, with their totals (stale drafts recomputed first).
 * Every report is limited to the caller's invoicing species and to a period of at most a year.
 */
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { invoices, suppliers } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { anyContains, type AreaContext, assertPeriod, momentWithinDays, plantDayOf } from "../../context.ts";
import { speciesCategoryName } from "../../../../kernel/enums.ts";
import { levyLabel } from "../../invoiceSettings/rules.ts";
import { invoiceSpecies, invoicingSpecies } from "../queries/species.ts";
import { freshenDrafts, invoiceDocument } from "../queries/invoice.ts";
import { invoiceLots } from "../lots.ts";
import type { InvoiceDocument } from "../document.ts";
import type { LevyLine } from "../levies.ts";
import type { FeedbackQuery, InvoiceFilter, InvoiceReport, LevyQuery, LevyReport } from "./schemas.ts";

/** A period's feedback sheets in one file: at most this many lots. */
export const MAX_SHEETS = 100;
/** The invoice report lists at most this many invoices. */
export const MAX_REPORT_ROWS = 2_000;

/** The lots with feedback: invoices of a species (the header's by default) killed in a period, latest first. */
export async function feedbackSheets(
  ctx: AreaContext,
  q: { speciesId?: number; fromDate: string; toDate: string },
) {
  const species = invoiceSpecies(ctx, q.speciesId);
  assertPeriod(q.fromDate, q.toDate);
  const rows = await reportRows(
    ctx,
    and(
      eq(invoices.speciesId, species),
      gte(invoices.productionDate, q.fromDate),
      lte(invoices.productionDate, q.toDate),
    )!,
    MAX_SHEETS,
  );
  return rows.map((r) => ({
    invoiceId: r.id,
    invoiceNumber: r.invoiceNumber,
    status: r.status,
    supplierName: r.supplierName,
    lotReference: r.lotReference ?? "",
    speciesCategory: speciesCategoryName(r.speciesCategoryId),
    productionDate: r.productionDate,
    carcassCount: r.carcassCount,
  }));
}

/** The documents behind one sheet or a period's sheets. */
export async function feedbackDocuments(
  ctx: AreaContext,
  q: FeedbackQuery,
): Promise<{ docs: InvoiceDocument[]; name: string }> {
  if (q.invoiceId !== undefined) {
    const doc = await invoiceDocument(ctx, q.invoiceId);
    return { docs: [doc], name: `Feedback ${doc.order.lotReference || doc.invoiceId}` };
  }
  const sheets = await feedbackSheets(ctx, {
    speciesId: q.speciesId,
    fromDate: q.fromDate!,
    toDate: q.toDate!,
  });
  if (!sheets.length) throw ApiError.notFound("No lot was invoiced for that species in that period.");
  const docs = [];
  for (const s of sheets) docs.push(await invoiceDocument(ctx, s.invoiceId));
  return { docs, name: `Feedback ${q.fromDate} to ${q.toDate}` };
}

/** A report's species (the one asked for, else every invoicing species), once its period is checked. */
function reportSpecies(
  ctx: AreaContext,
  q: { fromDate: string; toDate: string; speciesId?: number },
): number[] {
  assertPeriod(q.fromDate, q.toDate);
  return q.speciesId === undefined
    ? invoicingSpecies(ctx).map((s) => s.id)
    : [invoiceSpecies(ctx, q.speciesId)];
}

/** What published and finalised invoices of a period (by kill day) deducted as levies. */
export async function levyReport(ctx: AreaContext, q: LevyQuery): Promise<LevyReport> {
  const species = reportSpecies(ctx, q);
  const inPeriod = and(
    inArray(invoices.speciesId, species),
    gte(invoices.productionDate, q.fromDate),
    lte(invoices.productionDate, q.toDate),
  );
  // only the levy lines of each frozen document: SQLite picks them out, so a year's report does not carry
  // and parse every document (~100 KB each: every carcass) to read a few lines of each
  const sent = await ctx.db.select({
    speciesId: invoices.speciesId,
    speciesCategoryId: invoices.speciesCategoryId,
    levyLines: sql<string | null>`json_extract(${invoices.publishedDocument}, '$.computation.levyLines')`,
  }).from(invoices).where(and(inPeriod, inArray(invoices.status, ["Published", "Finalised"])));
  const drafts = await ctx.db.$count(invoices, and(inPeriod, eq(invoices.status, "Draft")));
  const byKey = new Map<string, LevyReport["rows"][number]>();
  for (const inv of sent) {
    const lines: LevyLine[] = inv.levyLines ? JSON.parse(inv.levyLines) : [];
    for (const l of lines) {
      const species = invoicingSpecies(ctx).find((s) => s.id === inv.speciesId)?.name ?? "";
      const category = speciesCategoryName(inv.speciesCategoryId);
      const levy = levyLabel(l);
      const key = `${species}|${category}|${levy}`;
      const row = byKey.get(key) ??
        { species, speciesCategory: category, levy, invoices: 0, head: 0, cents: 0 };
      row.invoices += 1;
      row.head += l.head;
      row.cents += l.totalCents;
      byKey.set(key, row);
    }
  }
  const rows = [...byKey.values()].sort((a, b) =>
    a.species.localeCompare(b.species) || a.speciesCategory.localeCompare(b.speciesCategory) ||
    a.levy.localeCompare(b.levy)
  );
  const totals = new Map<string, { levy: string; head: number; cents: number }>();
  for (const r of rows) {
    const t = totals.get(r.levy) ?? { levy: r.levy, head: 0, cents: 0 };
    t.head += r.head;
    t.cents += r.cents;
    totals.set(r.levy, t);
  }
  return {
    fromDate: q.fromDate,
    toDate: q.toDate,
    rows,
    totals: [...totals.values()].sort((a, b) => a.levy.localeCompare(b.levy)),
    totalCents: rows.reduce((n, r) => n + r.cents, 0),
    draftsNotCounted: drafts,
  };
}

/** FilterLivestockInvoiceData: invoices by period, status and supplier with their figures and totals. */
export async function invoiceReport(ctx: AreaContext, f: InvoiceFilter): Promise<InvoiceReport> {
  const species = reportSpecies(ctx, f);
  const where = and(
    inArray(invoices.speciesId, species),
    f.dateField === "published"
      ? momentWithinDays(ctx, invoices.publishedAt, f.fromDate, f.toDate)
      : and(gte(invoices.productionDate, f.fromDate), lte(invoices.productionDate, f.toDate)),
    f.statuses.length ? inArray(invoices.status, f.statuses) : undefined,
    f.supplier ? anyContains([suppliers.name], f.supplier) : undefined,
  )!;
  const first = await reportRows(ctx, where, MAX_REPORT_ROWS + 1);
  await freshenDrafts(ctx, first.filter((r) => r.status === "Draft").map((r) => r.id));
  const rows = (await reportRows(ctx, where, MAX_REPORT_ROWS + 1)).map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    status: r.status,
    species: invoicingSpecies(ctx).find((s) => s.id === r.speciesId)?.name ?? "",
    speciesCategory: speciesCategoryName(r.speciesCategoryId),
    supplierName: r.supplierName,
    lotReference: r.lotReference ?? "",
    productionDate: r.productionDate,
    publishedDate: r.publishedAt ? plantDayOf(ctx, r.publishedAt) : null,
    dueDate: r.dueDate,
    carcassCount: r.carcassCount,
    subTotalCents: r.subTotalCents,
    taxCents: r.taxCents,
    levyCents: r.levyCents,
    totalCents: r.totalCents,
  }));
  const shown = rows.slice(0, MAX_REPORT_ROWS);
  const sum = (k: "carcassCount" | "subTotalCents" | "taxCents" | "levyCents" | "totalCents") =>
    shown.reduce((n, r) => n + r[k], 0);
  return {
    rows: shown,
    truncated: rows.length > MAX_REPORT_ROWS,
    totals: {
      invoices: shown.length,
      carcassCount: sum("carcassCount"),
      subTotalCents: sum("subTotalCents"),
      taxCents: sum("taxCents"),
      levyCents: sum("levyCents"),
      totalCents: sum("totalCents"),
    },
  };
}

async function reportRows(ctx: AreaContext, where: SQL, limit: number) {
  const rows = await ctx.db.select({
    id: invoices.id,
    invoiceNumber: invoices.invoiceNumber,
    status: invoices.status,
    speciesId: invoices.speciesId,
    speciesCategoryId: invoices.speciesCategoryId,
    productionDate: invoices.productionDate,
    publishedAt: invoices.publishedAt,
    dueDate: invoices.dueDate,
    carcassCount: invoices.carcassCount,
    subTotalCents: invoices.subTotalCents,
    taxCents: invoices.taxCents,
    levyCents: invoices.levyCents,
    totalCents: invoices.totalCents,
    supplierName: suppliers.name,
  }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
    .where(where).orderBy(desc(invoices.productionDate), desc(invoices.id)).limit(limit);
  const lots = await invoiceLots(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, lotReference: lots.get(r.id) ?? "" }));
}
