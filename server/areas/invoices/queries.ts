/**
 * InvoiceQueries: the invoice manager's lists (to be created, created, created with corrections,
 * published), one invoice for the editor, and the invoice as a document. A draft whose inputs moved on
 * (skin counts recorded: computedAt cleared) is recomputed when read; a published invoice is read from
 * the document frozen at publish.
 */
import { defaultSpeciesId } from "../../auth/userModel.ts";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import {
  carcasses,
  invoiceMobs,
  invoicePriceAdjustments,
  invoices,
  livestockOrders,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, momentWithinDays, plantDayOf, type TenantTx } from "../context.ts";
import { isFeatureEnabled, userSettingValue } from "../../access/flags.ts";
import { speciesCategoryName } from "../../../kernel/enums.ts";
import { computeInvoice, type InvoiceComputation } from "./rules.ts";
import type { InvoiceDocument, InvoiceStatus } from "./document.ts";
import type { InvoiceSummary, InvoiceView, ToBeCreatedRow } from "./views.ts";
import { buildInvoiceDocument } from "./documentOf.ts";
import { invoiceLot, invoiceLots } from "./lots.ts";
import { type InvoiceRow, invoiceRow, type InvoiceSources, loadSources } from "./inputs.ts";

/** Sheep: the invoice screens' default species (spec 2 §9). */
export const DEFAULT_INVOICE_SPECIES = 1;
/** Lists answer at most this many rows (the published list is further bounded by its period). */
export const LIST_LIMIT = 500;

export class InvoiceQueries {
  constructor(protected readonly ctx: AreaContext) {}

  /** the plant's date */
  get today(): string {
    return this.ctx.today;
  }

  /** The species the caller may invoice: their species, narrowed by the invoicing user setting. */
  invoicingSpecies(): { id: number; name: string }[] {
    const setting = userSettingValue(this.ctx.caller.subject, "invoicing") as
      | { allowedSpeciesIds?: unknown }
      | undefined;
    const allowed = Array.isArray(setting?.allowedSpeciesIds) && setting.allowedSpeciesIds.length
      ? new Set(setting.allowedSpeciesIds.map(Number))
      : null;
    return this.ctx.caller.species.filter((s) => !allowed || allowed.has(s.id));
  }

  /**
   * The species asked for, if the caller may invoice it (403 otherwise); by default the one chosen in the
   * header, else Sheep, else their first.
   */
  invoiceSpecies(speciesId?: number | null): number {
    const species = this.invoicingSpecies();
    if (speciesId === undefined || speciesId === null) {
      const header = defaultSpeciesId(this.ctx.caller);
      return species.find((s) => s.id === header)?.id ??
        species.find((s) => s.id === DEFAULT_INVOICE_SPECIES)?.id ?? species[0]?.id ??
        DEFAULT_INVOICE_SPECIES;
    }
    if (!species.some((s) => s.id === speciesId)) {
      throw ApiError.forbidden("Your invoicing setting does not include that species.");
    }
    return speciesId;
  }

  /** An invoice the caller may see (404 if none, 403 when its species is outside their invoicing). */
  protected async row(id: number, db: AreaContext["db"] | TenantTx = this.ctx.db): Promise<InvoiceRow> {
    const row = await invoiceRow(db, id);
    this.invoiceSpecies(row.speciesId);
    return row;
  }

  /** Orders with killed mobs not yet on an invoice (spec 2 §4 "to be created"), latest kill first. */
  async toBeCreated(speciesId?: number | null): Promise<ToBeCreatedRow[]> {
    const species = this.invoiceSpecies(speciesId);
    const invoiced = this.ctx.db.select({ id: invoiceMobs.stockMobId }).from(invoiceMobs);
    const killed = await this.ctx.db.select({
      mobId: carcasses.stockMobId,
      orderId: carcasses.livestockOrderId,
      carcasses: sql<number>`count(*)`,
      productionDate: sql<string>`max(${carcasses.productionDate})`,
    }).from(carcasses).where(
      and(eq(carcasses.speciesId, species), notInArray(carcasses.stockMobId, invoiced)),
    )
      .groupBy(carcasses.stockMobId);
    const orderIds = [...new Set(killed.map((k) => k.orderId))];
    if (!orderIds.length) return [];
    const orders = await this.ctx.db.select({
      id: livestockOrders.id,
      supplierName: suppliers.name,
      speciesCategoryId: livestockOrders.speciesCategoryId,
      lotReference: livestockOrders.agendaLotReference,
      quantityOrdered: livestockOrders.quantityOrdered,
      carcassDataCompleteAt: livestockOrders.carcassDataCompleteAt,
      orderStatus: livestockOrders.orderStatus,
    }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .where(inArray(livestockOrders.id, orderIds));
    const mobs = await this.ctx.db.select({
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
  async created(speciesId?: number | null) {
    const species = this.invoiceSpecies(speciesId);
    return await this.#summaries(and(eq(invoices.speciesId, species), eq(invoices.status, "Draft"))!);
  }

  /** Published and finalised invoices of a species published within a period (at most a year). */
  async published(speciesId: number | null | undefined, from: string, to: string) {
    const species = this.invoiceSpecies(speciesId);
    return await this.#summaries(
      and(
        eq(invoices.speciesId, species),
        inArray(invoices.status, ["Published", "Finalised"]),
        momentWithinDays(this.ctx, invoices.publishedAt, from, to),
      )!,
    );
  }

  /** The invoices of an order. */
  async ofOrder(livestockOrderId: number) {
    const rows = await this.#summaries(eq(invoices.livestockOrderId, livestockOrderId));
    for (const r of rows) this.invoiceSpecies(r.speciesId);
    return rows;
  }

  async #summaries(where: ReturnType<typeof eq>): Promise<InvoiceSummary[]> {
    const rows = await this.ctx.db.select({
      invoice: invoices,
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
      const latest = await this.ctx.db.select({
        invoiceId: invoiceMobs.invoiceId,
        at: sql<string>`max(${carcasses.lastModified})`,
      }).from(invoiceMobs).innerJoin(carcasses, eq(carcasses.stockMobId, invoiceMobs.stockMobId))
        .where(inArray(invoiceMobs.invoiceId, chunk)).groupBy(invoiceMobs.invoiceId);
      for (const l of latest) changed.set(l.invoiceId, l.at);
      const mobs = await this.ctx.db.select().from(invoiceMobs).where(inArray(invoiceMobs.invoiceId, chunk));
      for (const m of mobs) mobsOf.set(m.invoiceId, [...(mobsOf.get(m.invoiceId) ?? []), m.stockMobId]);
    }
    const lots = await invoiceLots(this.ctx.db, ids);
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
        lastModified: i.lastModified,
      };
    });
  }

  /** Recompute the drafts among these whose inputs moved on, so stored figures can be reported. */
  async freshenDrafts(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const stale = await this.ctx.db.select({ id: invoices.id }).from(invoices).where(and(
        inArray(invoices.id, ids.slice(i, i + 500)),
        eq(invoices.status, "Draft"),
        sql`${invoices.computedAt} is null`,
      ));
      for (const r of stale) await this.freshen(await invoiceRow(this.ctx.db, r.id));
    }
  }

  /** Recompute a draft whose inputs moved on (computedAt cleared), storing its figures. */
  protected async freshen(row: InvoiceRow): Promise<InvoiceRow> {
    if (row.status !== "Draft" || row.computedAt !== null) return row;
    return await this.ctx.db.transaction(async (tx) => {
      const current = await invoiceRow(tx, row.id);
      if (current.computedAt !== null) return current;
      return (await storeComputation(tx, current, await loadSources(tx, current))).row;
    });
  }

  /** One invoice for the editor: its document, its edits and what may be done with it. */
  async view(id: number): Promise<InvoiceView> {
    const row = await this.freshen(await this.row(id));
    const document = await this.document(row.id);
    const adjustments = await this.ctx.db.select().from(invoicePriceAdjustments)
      .where(eq(invoicePriceAdjustments.invoiceId, row.id));
    const [summary] = await this.#summaries(eq(invoices.id, row.id));
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
    };
  }

  /** The invoice as its document: frozen at publish, computed now for a draft. */
  async document(id: number): Promise<InvoiceDocument> {
    const row = await this.freshen(await this.row(id));
    if (row.status !== "Draft" && row.publishedDocument) {
      return { ...(row.publishedDocument as InvoiceDocument), status: row.status as InvoiceStatus };
    }
    const sources = await loadSources(this.ctx.db, row);
    return await this.buildDocument(sources, computeInvoice(sources.inputs));
  }

  /** The document of a computed invoice (publish freezes this). */
  protected async buildDocument(
    s: InvoiceSources,
    computation: InvoiceComputation,
  ): Promise<InvoiceDocument> {
    const subject = this.ctx.caller.subject;
    return await buildInvoiceDocument(this.ctx.db, s, computation, {
      tenantName: this.ctx.caller.tenant.name,
      speciesName: (id) => this.ctx.caller.species.find((x) => x.id === id)?.name ?? `Species ${id}`,
      showBank: isFeatureEnabled(subject, "supplierBankDetailsOnRemittance"),
      condensedBeef: isFeatureEnabled(subject, "condensedBeefInvoice"),
      today: this.ctx.today,
      dayOf: (instant) => plantDayOf(this.ctx, instant),
    });
  }
}

/** Computes an invoice and stores its figures (the lists read them); answers the row and the computation. */
export async function storeComputation(tx: TenantTx, row: InvoiceRow, sources: InvoiceSources) {
  const c = computeInvoice(sources.inputs);
  const [updated] = await tx.update(invoices).set({
    productionDate: sources.productionDate,
    subTotalCents: c.subTotalCents,
    taxCents: c.taxCents,
    levyCents: c.levyCents,
    totalCents: c.totalCents,
    carcassCount: c.carcassCount,
    isPublishable: c.isPublishable,
    unableToPublishReasons: c.unableToPublishReasons,
    computedAt: new Date().toISOString(),
  }).where(eq(invoices.id, row.id)).returning();
  return { row: updated, computation: c };
}
