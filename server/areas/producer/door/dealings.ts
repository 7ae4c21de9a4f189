/**
 * The door's dealings reads, as the portal's Dealings pages and home show them: the linked suppliers' orders
 * (scope "orders"), their deliveries ("deliveries"), their published remittances with the stored PDFs
 * ("remittances") and the notices of a link (issue 44 §6).
 */
import { and, count, desc, eq, gte, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import {
  deliveryLoads,
  livestockOrders,
  pricingGridGroups,
  suppliers,
} from "../../../../db/tenant/livestock.ts";
import { invoices } from "../../../../db/tenant/invoices.ts";
import { blobFiles } from "../../../../db/tenant/storage.ts";
import { publishedReportIn } from "../../storage/publishing/operations.ts";
import { PUBLISHED_CATEGORY } from "../../invoices/rules.ts";
import type { AreaContext } from "../../context.ts";
import {
  linkedFrom,
  type LinkPage,
  type OpenLink,
  type PageAsked,
  pageOf,
  processorTenantOf,
  readThrough,
} from "./link.ts";
import { liveRunsOf } from "../../invoices/payments/queries.ts";

/** The linked suppliers' orders delivered from the visible-from day (the orders and deliveries filter). */
const visibleOrders = (link: OpenLink) =>
  linkedFrom(link, livestockOrders.supplierId, livestockOrders.deliveryDate);

export interface LinkedOrder {
  livestockOrderId: number;
  orderedOn: string;
  supplierName: string;
  pic: string;
  speciesId: number;
  speciesCategoryId: number | null;
  head: number;
  deliveryDate: string;
  orderStatus: number;
  gridName: string | null;
}

/** The linked suppliers' orders (read-only), latest delivery day first: scope "orders". */
export function linkedOrderPage(ctx: AreaContext, link: OpenLink, asked: PageAsked) {
  return readThrough(ctx, link, `orders from ${asked.offset}`, (db): Promise<LinkPage<LinkedOrder>> =>
    pageOf(
      db.select({ total: count() }).from(livestockOrders).where(visibleOrders(link)),
      db.select({
        livestockOrderId: livestockOrders.id,
        orderedOn: livestockOrders.createdAt,
        supplierName: suppliers.name,
        pic: livestockOrders.pic,
        speciesId: livestockOrders.speciesId,
        speciesCategoryId: livestockOrders.speciesCategoryId,
        head: livestockOrders.quantityOrdered,
        deliveryDate: livestockOrders.deliveryDate,
        orderStatus: livestockOrders.orderStatus,
        gridName: pricingGridGroups.name,
      }).from(livestockOrders)
        .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
        .leftJoin(pricingGridGroups, eq(pricingGridGroups.id, livestockOrders.pricingGridGroupId))
        .where(visibleOrders(link))
        .orderBy(desc(livestockOrders.deliveryDate), desc(livestockOrders.id)),
      asked,
    ));
}

export interface LinkedDelivery {
  deliveryLoadId: number;
  livestockOrderId: number;
  supplierName: string;
  speciesId: number;
  deliveryDate: string;
  deliveryTime: string;
  head: number;
  doa: number;
  nvd: string;
  orderStatus: number;
  orderHead: number;
  processedHead: number;
}

/** The trucks that arrived for the linked suppliers' orders, newest first: scope "deliveries". */
export function linkedDeliveryPage(ctx: AreaContext, link: OpenLink, asked: PageAsked) {
  const visible = and(visibleOrders(link), gte(deliveryLoads.deliveryDate, link.visibleFrom));
  return readThrough(
    ctx,
    link,
    `deliveries from ${asked.offset}`,
    (db): Promise<LinkPage<LinkedDelivery>> =>
      pageOf(
        db.select({ total: count() }).from(deliveryLoads)
          .innerJoin(livestockOrders, eq(livestockOrders.id, deliveryLoads.livestockOrderId)).where(visible),
        db.select({
          deliveryLoadId: deliveryLoads.id,
          livestockOrderId: livestockOrders.id,
          supplierName: suppliers.name,
          speciesId: livestockOrders.speciesId,
          deliveryDate: deliveryLoads.deliveryDate,
          deliveryTime: deliveryLoads.deliveryTime,
          head: deliveryLoads.head,
          doa: deliveryLoads.doa,
          nvd: deliveryLoads.nvdNumber,
          orderStatus: livestockOrders.orderStatus,
          orderHead: livestockOrders.totalDelivered,
          processedHead: livestockOrders.totalProcessed,
        }).from(deliveryLoads)
          .innerJoin(livestockOrders, eq(livestockOrders.id, deliveryLoads.livestockOrderId))
          .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
          .where(visible)
          .orderBy(
            desc(deliveryLoads.deliveryDate),
            desc(deliveryLoads.deliveryTime),
            desc(deliveryLoads.id),
          ),
        asked,
      ),
  );
}

/** Invoices a link shows: its suppliers', published or finalised (never a draft), killed from visible-from. */
const visibleInvoices = (link: OpenLink) =>
  and(
    linkedFrom(link, invoices.supplierId, invoices.productionDate),
    inArray(invoices.status, ["Published", "Finalised"]),
    isNotNull(invoices.publishedAt),
  );

/** One stored PDF of a remittance: each publish keeps its own (a correction is a new version). */
export interface RemittanceVersion {
  /** the publish time in digits, as the stored file is named */
  version: string;
  publishedAt: string;
  publishedBy: string | null;
}

export interface LinkedRemittance {
  invoiceId: number;
  invoiceNumber: string | null;
  livestockOrderId: number;
  supplierName: string;
  speciesId: number;
  productionDate: string | null;
  dueDate: string | null;
  status: string;
  carcassCount: number;
  subTotalCents: number;
  levyCents: number;
  taxCents: number;
  totalCents: number;
  publishedAt: string | null;
  /** the day the processor's bank is to pay it, once it is in a payment file (never the file itself) */
  paymentDate: string | null;
  /** newest first: the first is the one in force */
  versions: RemittanceVersion[];
}

const storedVersion = (name: string) => /^(\d+)-(\d+)\.pdf$/.exec(name);

/** The linked suppliers' published remittances, latest kill first, with their stored PDFs: "remittances". */
export function linkedRemittancePage(ctx: AreaContext, link: OpenLink, asked: PageAsked) {
  return readThrough(
    ctx,
    link,
    `remittances from ${asked.offset}`,
    async (db): Promise<LinkPage<LinkedRemittance>> => {
      const { rows, total } = await pageOf(
        db.select({ total: count() }).from(invoices).where(visibleInvoices(link)),
        db.select({
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          livestockOrderId: invoices.livestockOrderId,
          supplierName: suppliers.name,
          speciesId: invoices.speciesId,
          productionDate: invoices.productionDate,
          dueDate: invoices.dueDate,
          status: invoices.status,
          carcassCount: invoices.carcassCount,
          subTotalCents: invoices.subTotalCents,
          levyCents: invoices.levyCents,
          taxCents: invoices.taxCents,
          totalCents: invoices.totalCents,
          publishedAt: invoices.publishedAt,
        }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
          .where(visibleInvoices(link))
          .orderBy(desc(invoices.productionDate), desc(invoices.id)),
        asked,
      );
      const files = rows.length
        ? await db.select({
          name: blobFiles.name,
          publishedAt: blobFiles.publishedAt,
          by: blobFiles.publishedByName,
        })
          .from(blobFiles).where(and(
            eq(blobFiles.folder, PUBLISHED_CATEGORY),
            or(...rows.map((r) => like(blobFiles.name, `${r.invoiceId}-%`))),
          ))
        : [];
      const versionsOf = (invoiceId: number) =>
        files.flatMap((f) => {
          const m = storedVersion(f.name);
          return m && Number(m[1]) === invoiceId
            ? [{ version: m[2], publishedAt: f.publishedAt ?? "", publishedBy: f.by }]
            : [];
        }).sort((a, b) => b.version.localeCompare(a.version));
      const paying = await liveRunsOf(db, rows.map((r) => r.invoiceId));
      return {
        rows: rows.map((r) => ({
          ...r,
          paymentDate: paying.get(r.invoiceId)?.processingDate ?? null,
          versions: versionsOf(r.invoiceId),
        })),
        total,
      };
    },
  );
}

/**
 * One stored remittance PDF, frozen as sent (`version` names the publish), or null: an invoice of another
 * supplier, a draft, one killed before visible-from or a version not kept answer null alike.
 */
export function linkedRemittancePdf(ctx: AreaContext, link: OpenLink, invoiceId: number, version: string) {
  return readThrough(ctx, link, `remittance ${invoiceId} version ${version}`, async (db) => {
    const [invoice] = await db.select({ number: invoices.invoiceNumber }).from(invoices)
      .where(and(eq(invoices.id, invoiceId), visibleInvoices(link)));
    if (!invoice || !/^\d{1,20}$/.test(version)) return null;
    const [file] = await db.select({ reference: blobFiles.reference }).from(blobFiles).where(and(
      eq(blobFiles.folder, PUBLISHED_CATEGORY),
      eq(blobFiles.name, `${invoiceId}-${version}.pdf`),
    ));
    const bytes = file
      ? await publishedReportIn(ctx.app.storage, processorTenantOf(link), file.reference)
      : null;
    return bytes ? { bytes, invoiceNumber: invoice.number ?? `invoice-${invoiceId}` } : null;
  });
}

/** What the producer's home lists as notices over one link: a lot processed or a remittance published. */
export interface LinkNotice {
  kind: "consignmentProcessed" | "remittancePublished";
  /** ISO instant it happened */
  at: string;
  livestockOrderId: number;
  supplierName: string;
  /** the remittance's number (a remittance notice) */
  invoiceNumber: string | null;
}

/**
 * The link's latest notices, newest first, at most `limit` (issue 44 §6): its suppliers' orders whose
 * carcass data completed (feedback scope) and their published remittances (remittances scope; never a
 * draft), from visible-from. The same facts the relayed push told an open page.
 */
export function linkNotices(ctx: AreaContext, link: OpenLink, limit = 10): Promise<LinkNotice[]> {
  return readThrough(ctx, link, "notices", async (db) => {
    const suppliersOf = inArray(livestockOrders.supplierId, [...link.supplierIds]);
    const processed = !link.scopes.includes("feedback") ? [] : await db.select({
      at: livestockOrders.carcassDataCompleteAt,
      livestockOrderId: livestockOrders.id,
      supplierName: suppliers.name,
    }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .where(and(
        suppliersOf,
        isNotNull(livestockOrders.carcassDataCompleteAt),
        // killed from visible-from (an order not planned on a day: delivered from it)
        sql`coalesce(${livestockOrders.productionDate}, ${livestockOrders.deliveryDate}) >= ${link.visibleFrom}`,
      ))
      .orderBy(desc(livestockOrders.carcassDataCompleteAt)).limit(limit);
    const published = !link.scopes.includes("remittances") ? [] : await db.select({
      at: invoices.publishedAt,
      livestockOrderId: invoices.livestockOrderId,
      supplierName: suppliers.name,
      invoiceNumber: invoices.invoiceNumber,
    }).from(invoices).innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
      .where(visibleInvoices(link))
      .orderBy(desc(invoices.publishedAt)).limit(limit);
    return [
      ...processed.map((r) => ({
        ...r,
        kind: "consignmentProcessed" as const,
        at: r.at!,
        invoiceNumber: null,
      })),
      ...published.map((r) => ({ ...r, kind: "remittancePublished" as const, at: r.at! })),
    ].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
  });
}
