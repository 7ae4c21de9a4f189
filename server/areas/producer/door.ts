/**
 * The one door between a producer tenant and a processor's data (issue 44 §2; docs/decisions.md "A scoped
 * read-only reader, not snapshots"). Every function takes an open link, never a tenant id or a query: the link
 * says whose database, which suppliers, which scopes and from which day. `openLink` refuses a link that is
 * not the caller's, not yet accepted, ended (on the very next request) or without the scope asked for.
 * Every read is written to producer_link_reads. The processor's database is only read here.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, max, or, sql } from "drizzle-orm";
import type { TenantDb } from "../../../db/client.ts";
import { tenants } from "../../../db/control/schema.ts";
import { type LinkScope, producerLinkReads, producerLinks } from "../../../db/control/producerLinks.ts";
import { carcasses } from "../../../db/tenant/killFloor.ts";
import {
  deliveryLoads,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  suppliers,
} from "../../../db/tenant/livestock.ts";
import { invoices } from "../../../db/tenant/invoices.ts";
import { blobFiles } from "../../../db/tenant/storage.ts";
import { gridFor } from "../pricing/rules.ts";
import { publishedReportIn } from "../storage/publishing/operations.ts";
import { PUBLISHED_CATEGORY } from "../invoices/rules.ts";
import { anonymousAverage } from "./feedback/trend.ts";
import { ApiError } from "../../http/errors.ts";
import { SCOPE_WORDS } from "./links/words.ts";
import type { AreaContext } from "../context.ts";

/** A link the caller may read through: what it shows, and (kept inside this module) whose database. */
export interface OpenLink {
  readonly id: number;
  readonly processorName: string;
  readonly supplierIds: readonly number[];
  readonly scopes: readonly LinkScope[];
  readonly visibleFrom: string;
}

const processorDbs = new WeakMap<OpenLink, TenantDb>();
/** whose stored files (published remittances) a link reads, kept inside this module like the database */
const processorTenants = new WeakMap<OpenLink, number>();

/** What the producer is told when the processor ended the link (the page shows it in place of the data). */
export const LINK_ENDED = "This processor no longer shares its records with you: the link was ended.";

/** Opens a link of the caller's (producer) tenant for one scope: 404 when not theirs, 403 when ended. */
export async function openLink(ctx: AreaContext, linkId: number, scope: LinkScope): Promise<OpenLink> {
  const [row] = await ctx.app.db.control.select({ link: producerLinks, processorName: tenants.name })
    .from(producerLinks).innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(and(eq(producerLinks.id, linkId), eq(producerLinks.producerTenantId, ctx.tenantId)));
  if (!row || !row.link.acceptedAt) throw ApiError.notFound("That processor link does not exist.");
  if (row.link.revokedAt) throw ApiError.forbidden(LINK_ENDED);
  if (!row.link.scopes.includes(scope)) {
    throw ApiError.forbidden(`${row.processorName} does not share ${SCOPE_WORDS[scope]} with you.`);
  }
  const link: OpenLink = {
    id: row.link.id,
    processorName: row.processorName,
    supplierIds: row.link.supplierIds,
    scopes: row.link.scopes,
    visibleFrom: row.link.visibleFrom,
  };
  processorDbs.set(link, await ctx.app.db.tenantDb(row.link.processorTenantId));
  processorTenants.set(link, row.link.processorTenantId);
  return link;
}

async function readThrough<T>(
  ctx: AreaContext,
  link: OpenLink,
  what: string,
  read: (db: TenantDb) => Promise<T>,
) {
  const db = processorDbs.get(link);
  if (!db) throw new Error("A producer link must be opened by openLink before it is read.");
  const answer = await read(db);
  await ctx.app.db.control.insert(producerLinkReads).values({
    linkId: link.id,
    userId: ctx.caller.user.id,
    what,
  });
  return answer;
}

/** The linked suppliers' carcasses from the visible-from day (the filter every feedback read starts from). */
const visibleCarcasses = (link: OpenLink) =>
  and(
    inArray(carcasses.supplierId, [...link.supplierIds]),
    gte(carcasses.productionDate, link.visibleFrom),
  );

export interface KillLot {
  livestockOrderId: number;
  productionDate: string;
  speciesId: number;
  supplierName: string;
  pic: string;
  head: number;
  condemned: number;
  averageHscwKg: number;
}

/** The linked suppliers' killed lots (one per order), newest kill first, at most `limit`. */
export function killLots(ctx: AreaContext, link: OpenLink, limit = 200): Promise<KillLot[]> {
  return readThrough(ctx, link, "killLots", (db) =>
    db.select({
      livestockOrderId: carcasses.livestockOrderId,
      productionDate: max(carcasses.productionDate),
      speciesId: max(carcasses.speciesId),
      supplierName: max(suppliers.name),
      pic: max(livestockOrders.pic),
      head: count(),
      condemned: sql<number>`sum(case when ${carcasses.condemned} = 'whole' then 1 else 0 end)`,
      averageHscwKg: sql<
        number
      >`round(avg(case when ${carcasses.condemned} = 'whole' then null else ${carcasses.hscwKg} end), 1)`,
    }).from(carcasses)
      .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
      .innerJoin(suppliers, eq(suppliers.id, carcasses.supplierId))
      .where(visibleCarcasses(link))
      .groupBy(carcasses.livestockOrderId)
      .orderBy(desc(max(carcasses.productionDate)), desc(carcasses.livestockOrderId))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          ...r,
          productionDate: r.productionDate ?? "",
          speciesId: r.speciesId ?? 0,
          supplierName: r.supplierName ?? "",
          pic: r.pic ?? "",
          condemned: Number(r.condemned ?? 0),
          averageHscwKg: Number(r.averageHscwKg ?? 0),
        }))
      ));
}

export type FeedbackCarcass = typeof carcasses.$inferSelect & {
  supplierName: string;
  pic: string;
  nvd: string;
};

type FeedbackQuery = { livestockOrderId?: number; from?: string; to?: string };

const feedbackRows = (db: TenantDb, link: OpenLink, q: FeedbackQuery): Promise<FeedbackCarcass[]> =>
  db.select({
    c: carcasses,
    supplierName: suppliers.name,
    pic: livestockOrders.pic,
    nvd: livestockOrders.nvd,
  })
    .from(carcasses)
    .innerJoin(livestockOrders, eq(livestockOrders.id, carcasses.livestockOrderId))
    .innerJoin(suppliers, eq(suppliers.id, carcasses.supplierId))
    .where(and(
      visibleCarcasses(link),
      q.livestockOrderId ? eq(carcasses.livestockOrderId, q.livestockOrderId) : undefined,
      q.from ? gte(carcasses.productionDate, q.from) : undefined,
      q.to ? sql`${carcasses.productionDate} <= ${q.to}` : undefined,
    ))
    .orderBy(asc(carcasses.productionDate), asc(carcasses.killSequence), asc(carcasses.bodyNumber))
    .then((rows) => rows.map((r) => ({ ...r.c, supplierName: r.supplierName, pic: r.pic, nvd: r.nvd })));

/**
 * Per-carcass feedback of the linked suppliers: one lot (an order id) or the kill days `from`–`to`, in kill
 * order. Another supplier's order, or one killed before visible-from, answers no rows.
 */
export function feedbackCarcasses(
  ctx: AreaContext,
  link: OpenLink,
  q: FeedbackQuery,
): Promise<FeedbackCarcass[]> {
  const what = q.livestockOrderId ? `feedback lot ${q.livestockOrderId}` : `feedback ${q.from}–${q.to}`;
  return readThrough(ctx, link, what, (db) => feedbackRows(db, link, q));
}

/** One lot's carcasses and the grid it was bought on, as one audited read (the lot page). */
export function lotWithGrid(ctx: AreaContext, link: OpenLink, livestockOrderId: number) {
  return readThrough(ctx, link, `feedback lot ${livestockOrderId} with its grid`, async (db) => ({
    carcasses: await feedbackRows(db, link, { livestockOrderId }),
    grid: await gridOf(db, link, livestockOrderId),
  }));
}

/** The caller's (producer) accepted links that are still open, with the processor's name. */
export function openLinksOf(ctx: AreaContext) {
  return ctx.app.db.control.select({
    id: producerLinks.id,
    processorName: tenants.name,
    scopes: producerLinks.scopes,
    visibleFrom: producerLinks.visibleFrom,
    supplierIds: producerLinks.supplierIds,
  }).from(producerLinks).innerJoin(tenants, eq(tenants.id, producerLinks.processorTenantId))
    .where(and(
      eq(producerLinks.producerTenantId, ctx.tenantId),
      isNull(producerLinks.revokedAt),
      isNotNull(producerLinks.acceptedAt),
    ))
    .orderBy(asc(tenants.name), asc(producerLinks.id))
    .then((rows) => rows);
}

/**
 * The grid a linked lot was bought on (its order's pricing group, the grid for its species category), or
 * null: a lot of another supplier or before visible-from answers null, as does an order without a grid.
 */
async function gridOf(db: TenantDb, link: OpenLink, livestockOrderId: number) {
  const [order] = await db.select({
    groupId: livestockOrders.pricingGridGroupId,
    categoryId: livestockOrders.speciesCategoryId,
  }).from(livestockOrders).where(and(
    eq(livestockOrders.id, livestockOrderId),
    inArray(livestockOrders.supplierId, [...link.supplierIds]),
  ));
  if (!order?.groupId) return null;
  const grids = await db.select().from(pricingGrids).where(
    eq(pricingGrids.pricingGridGroupId, order.groupId),
  );
  const grid = gridFor(grids, order.categoryId) ?? grids.sort((a, b) => a.priority - b.priority)[0] ?? null;
  return grid?.cells ? { reference: grid.reference, cells: grid.cells } : null;
}

/** A page of a link's rows: `offset` from the newest, at most `limit`, and how many there are in all. */
export interface LinkPage<T> {
  rows: T[];
  total: number;
}
type PageAsked = { offset: number; limit: number };

/** The linked suppliers' orders delivered from the visible-from day (the orders and deliveries filter). */
const visibleOrders = (link: OpenLink) =>
  and(
    inArray(livestockOrders.supplierId, [...link.supplierIds]),
    gte(livestockOrders.deliveryDate, link.visibleFrom),
  );

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
  return readThrough(ctx, link, `orders from ${asked.offset}`, async (db): Promise<LinkPage<LinkedOrder>> => {
    const [{ total }] = await db.select({ total: count() }).from(livestockOrders).where(visibleOrders(link));
    const rows = await db.select({
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
      .orderBy(desc(livestockOrders.deliveryDate), desc(livestockOrders.id))
      .limit(asked.limit).offset(asked.offset);
    return { rows, total };
  });
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
    async (db): Promise<LinkPage<LinkedDelivery>> => {
      const [{ total }] = await db.select({ total: count() }).from(deliveryLoads)
        .innerJoin(livestockOrders, eq(livestockOrders.id, deliveryLoads.livestockOrderId)).where(visible);
      const rows = await db.select({
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
        .orderBy(desc(deliveryLoads.deliveryDate), desc(deliveryLoads.deliveryTime), desc(deliveryLoads.id))
        .limit(asked.limit).offset(asked.offset);
      return { rows, total };
    },
  );
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
      .where(and(
        inArray(invoices.supplierId, [...link.supplierIds]),
        inArray(invoices.status, ["Published", "Finalised"]),
        isNotNull(invoices.publishedAt),
        gte(invoices.productionDate, link.visibleFrom),
      ))
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

/** Invoices a link shows: its suppliers', published or finalised (never a draft), killed from visible-from. */
const visibleInvoices = (link: OpenLink) =>
  and(
    inArray(invoices.supplierId, [...link.supplierIds]),
    inArray(invoices.status, ["Published", "Finalised"]),
    isNotNull(invoices.publishedAt),
    gte(invoices.productionDate, link.visibleFrom),
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
      const [{ total }] = await db.select({ total: count() }).from(invoices).where(visibleInvoices(link));
      const rows = await db.select({
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
        .orderBy(desc(invoices.productionDate), desc(invoices.id))
        .limit(asked.limit).offset(asked.offset);
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
      return { rows: rows.map((r) => ({ ...r, versions: versionsOf(r.invoiceId) })), total };
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
      ? await publishedReportIn(ctx.app.storage, processorTenants.get(link)!, file.reference)
      : null;
    return bytes ? { bytes, invoiceNumber: invoice.number ?? `invoice-${invoiceId}` } : null;
  });
}

/** A lot of the trend: its kill day, species, carcasses and grid (the page makes its point from them). */
export interface TrendLot {
  livestockOrderId: number;
  productionDate: string;
  speciesId: number;
  carcasses: FeedbackCarcass[];
  grid: Awaited<ReturnType<typeof gridOf>>;
  /** the plant's average HSCW that kill day and species, only when ≥ 5 suppliers killed (else null) */
  plantAverageKg: number | null;
}

/**
 * The linked suppliers' latest `limit` lots, oldest first, each with its grid and the plant's anonymous
 * average for its day and species, as one audited read. The average is left out below five suppliers here,
 * inside the door, so no smaller group's figure leaves the processor's database.
 */
export function trendLots(ctx: AreaContext, link: OpenLink, limit = 12): Promise<TrendLot[]> {
  return readThrough(ctx, link, `trend of ${limit} lots`, async (db) => {
    const lots = await db.select({
      livestockOrderId: carcasses.livestockOrderId,
      productionDate: max(carcasses.productionDate),
      speciesId: max(carcasses.speciesId),
    }).from(carcasses).where(visibleCarcasses(link))
      .groupBy(carcasses.livestockOrderId)
      .orderBy(desc(max(carcasses.productionDate)), desc(carcasses.livestockOrderId))
      .limit(limit);
    const days = [...new Set(lots.map((l) => l.productionDate ?? ""))];
    const plant = days.length
      ? await db.select({
        day: carcasses.productionDate,
        speciesId: carcasses.speciesId,
        suppliers: sql<number>`count(distinct ${carcasses.supplierId})`,
        averageKg: sql<
          number | null
        >`round(avg(case when ${carcasses.condemned} = 'whole' then null else ${carcasses.hscwKg} end), 1)`,
      }).from(carcasses).where(inArray(carcasses.productionDate, days))
        .groupBy(carcasses.productionDate, carcasses.speciesId)
      : [];
    const averageOf = (day: string, speciesId: number) => {
      const g = plant.find((p) => p.day === day && p.speciesId === speciesId);
      return g ? anonymousAverage({ suppliers: Number(g.suppliers), averageKg: g.averageKg }) : null;
    };
    const out: TrendLot[] = [];
    for (const l of lots.reverse()) {
      const day = l.productionDate ?? "", speciesId = l.speciesId ?? 0;
      out.push({
        livestockOrderId: l.livestockOrderId,
        productionDate: day,
        speciesId,
        carcasses: await feedbackRows(db, link, { livestockOrderId: l.livestockOrderId }),
        grid: await gridOf(db, link, l.livestockOrderId),
        plantAverageKg: averageOf(day, speciesId),
      });
    }
    return out;
  });
}
