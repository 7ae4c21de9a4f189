/**
 * The invoice manager's lists: orders to be invoiced, drafts (those with kill floor corrections
 * flagged), published invoices of a period, and an order's invoices, each limited to a species the
 * caller invoices.
 */
import { remittanceStatesOf } from "./remittanceEmails.ts";
import { and, desc, eq, getTableColumns, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoices,
  livestockOrders,
  stockMobs,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { type AreaContext, momentWithinDays } from "../../context.ts";
import { speciesCategoryName } from "../../../../kernel/enums.ts";
import type { InvoiceStatus } from "../document.ts";
import type { InvoiceSummary, ToBeCreatedRow } from "../views.ts";
import { invoiceLot, invoiceLots } from "../lots.ts";
import { invoiceSpecies } from "./species.ts";
import { boxedWithoutOwnCarcasses } from "../boxedShare.ts";
import { liveRunsOf } from "../payments/liveRuns.ts";

/** Lists answer at most this many rows (the published list is further bounded by its period). */
export const LIST_LIMIT = 500;

/** Orders with killed mobs not yet on an invoice (spec 2 §4 "to be created"), latest kill first. */
export async function toBeCreated(
  ctx: AreaContext,
  speciesId?: number | null,
  /** one order's killed mobs only */
  livestockOrderId?: number,
): Promise<ToBeCreatedRow[]> {
  const species = invoiceSpecies(ctx, speciesId);
  const invoiced = ctx.db.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
  const killed = await ctx.db.select({
    mobId: carcasses.stockMobId,
    orderId: carcasses.livestockOrderId,
    carcasses: sql<number>`count(*)`,
    productionDate: sql<string>`max(${carcasses.productionDate})`,
  }).from(carcasses).where(
    and(
      eq(carcasses.speciesId, species),
      notInArray(carcasses.stockMobId, invoiced),
      livestockOrderId ? eq(carcasses.livestockOrderId, livestockOrderId) : undefined,
    ),
  )
    .groupBy(carcasses.stockMobId);
  killed.push(...await boxedWithoutOwnCarcasses(ctx.db, species, livestockOrderId));
  const orderIds = [...new Set(killed.map((k) => k.orderId))];
  if (!orderIds.length) return [];
  const orders = await ctx.db.select({
    id: livestockOrders.id,
    supplierName: suppliers.name,
    speciesCategoryId: livestockOrders.speciesCategoryId,
    lotReference: livestockOrders.agendaLotReference,
    quantityOrdered: livestockOrders.quantityOrdered,
    carcassDataCompleteAt: livestockOrders.carcassDataCompleteAt,
    orderStatus: livestockOrders.orderStatus,
  }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(inArray(livestockOrders.id, orderIds));
  const mobs = await ctx.db.select({
    id: stockMobs.id,
    head: stockMobs.head,
    lot: stockMobs.agendaLotReference,
    suffix: stockMobs.agendaLotReferenceSuffix,
  }).from(stockMobs).where(inArray(stockMobs.id, killed.map((k) => k.mobId)));
  const mobById = new Map(mobs.map((m) => [m.id, m]));
  const byOrder = new Map<number, typeof killed>();
  for (const k of killed) byOrder.set(k.orderId, [...(byOrder.get(k.orderId) ?? []), k]);
  return orders.map((o) => {
    const ks = byOrder.get(o.id)!;
    return {
      livestockOrderId: o.id,
      supplierName: o.supplierName,
      speciesCategoryName: speciesCategoryName(o.speciesCategoryId),
      lotReference: invoiceLot(
        ks.flatMap((k) => {
          const m = mobById.get(k.mobId);
          return m ? [{ agendaLotReference: m.lot, agendaLotReferenceSuffix: m.suffix }] : [];
        }),
        o.lotReference,
      ),
      productionDate: ks.reduce((d, k) => (k.productionDate > d ? k.productionDate : d), ""),
      quantityOrdered: o.quantityOrdered,
      isCarcassDataComplete: o.carcassDataCompleteAt !== null,
      carcassCount: ks.reduce((n, k) => n + k.carcasses, 0),
      stockMobs: ks.map((k) => {
        const m = mobById.get(k.mobId);
        return {
          id: k.mobId,
          lotReference: `${m?.lot ?? ""}${m?.suffix ?? ""}`,
          head: m?.head ?? 0,
          carcasses: k.carcasses,
        };
      }).sort((a, b) => a.id - b.id),
    };
  }).sort((a, b) =>
    b.productionDate.localeCompare(a.productionDate) || a.livestockOrderId - b.livestockOrderId
  )
    .slice(0, LIST_LIMIT);
}

/** Drafts of a species, each flagged when its carcass records changed after it was computed. */
export async function createdInvoices(ctx: AreaContext, speciesId?: number | null) {
  const species = invoiceSpecies(ctx, speciesId);
  return await summaries(ctx, and(eq(invoices.speciesId, species), eq(invoices.status, "Draft"))!);
}

/** Published and finalised invoices of a species published within a period (at most a year). */
export async function publishedInvoices(
  ctx: AreaContext,
  speciesId: number | null | undefined,
  from: string,
  to: string,
) {
  const species = invoiceSpecies(ctx, speciesId);
  return await summaries(
    ctx,
    and(
      eq(invoices.speciesId, species),
      inArray(invoices.status, ["Published", "Finalised"]),
      momentWithinDays(ctx, invoices.publishedAt, from, to),
    )!,
  );
}

/** The invoices of an order. */
export async function invoicesOfOrder(ctx: AreaContext, livestockOrderId: number) {
  const rows = await summaries(ctx, eq(invoices.livestockOrderId, livestockOrderId));
  for (const r of rows) invoiceSpecies(ctx, r.speciesId);
  return rows;
}

/**
 * An invoice row without its published document: a list never shows it, and at 100 to 300 KB of JSON a
 * published invoice (its document holds every carcass) it would be most of what a list of 500 reads.
 */
const { publishedDocument: _document, ...LIST_COLUMNS } = getTableColumns(invoices);

/** The list rows of the invoices matching `where`, latest production day first. */
export async function summaries(ctx: AreaContext, where: SQL | undefined): Promise<InvoiceSummary[]> {
  const rows = await ctx.db.select({
    invoice: LIST_COLUMNS,
    supplierName: suppliers.name,
    orderStatus: livestockOrders.orderStatus,
  }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
    .innerJoin(livestockOrders, eq(livestockOrders.id, invoices.livestockOrderId))
    .where(where).orderBy(desc(invoices.productionDate), desc(invoices.id)).limit(LIST_LIMIT);
  const ids = rows.map((r) => r.invoice.id);
  const changed = new Map<number, string>();
  const mobsOf = new Map<number, number[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const latest = await ctx.db.select({
      invoiceId: invoiceMobs.invoiceId,
      at: sql<string>`max(${carcasses.lastModified})`,
    }).from(invoiceMobs).innerJoin(carcasses, eq(carcasses.stockMobId, invoiceMobs.stockMobId))
      .where(inArray(invoiceMobs.invoiceId, chunk)).groupBy(invoiceMobs.invoiceId);
    for (const l of latest) changed.set(l.invoiceId, l.at);
    const mobs = await ctx.db.select().from(invoiceMobs).where(inArray(invoiceMobs.invoiceId, chunk));
    for (const m of mobs) mobsOf.set(m.invoiceId, [...(mobsOf.get(m.invoiceId) ?? []), m.stockMobId]);
  }
  const lots = await invoiceLots(ctx.db, ids);
  const paymentFiles = await liveRunsOf(ctx.db, ids);
  const emails = await remittanceStatesOf(
    ctx.db,
    rows.filter((r) => r.invoice.status !== "Draft").map((r) => r.invoice.id),
  );
  return rows.map(({ invoice: i, supplierName }) => {
    const at = changed.get(i.id);
    return {
      id: i.id,
      invoiceNumber: i.invoiceNumber,
      status: i.status as InvoiceStatus,
      livestockOrderId: i.livestockOrderId,
      speciesId: i.speciesId,
      speciesCategoryName: speciesCategoryName(i.speciesCategoryId),
      supplierName,
      lotReference: lots.get(i.id) ?? "",
      productionDate: i.productionDate,
      invoiceDueDate: i.dueDate,
      invoicePublishedDate: i.publishedAt,
      invoiceFinalisedDate: i.finalisedAt,
      supplierReference: i.supplierReference,
      carcassCount: i.carcassCount,
      subTotalCents: i.subTotalCents,
      taxCents: i.taxCents,
      levyCents: i.levyCents,
      totalCents: i.totalCents,
      isPublishable: i.isPublishable,
      unableToPublishReasons: i.unableToPublishReasons,
      /** kill floor data changed since it was last computed (a draft) or published (its last compute) */
      hasCorrections: !!at && !!i.computedAt && at > i.computedAt,
      stockMobIds: (mobsOf.get(i.id) ?? []).sort((a, b) => a - b),
      paymentFile: paymentFiles.get(i.id) ?? null,
      remittanceEmail: emails.get(i.id) ?? null,
      lastModified: i.lastModified,
    };
  });
}
