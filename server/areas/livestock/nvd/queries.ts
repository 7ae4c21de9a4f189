/**
 * NVD reads (issue 39 item 5): the matching page's three lists, an order's NVD fields, and which orders
 * hold an NVD (the yard and the kill agenda badge the others). Orders are the caller's species and sites;
 * an unmatched NVD is the plant's (it names no species until it is matched).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { deliveryLoads, livestockOrders, nvdDocuments, suppliers } from "../../../../db/tenant/schema.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { formatDate, formatHead } from "../../../../kernel/format.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import {
  type CandidateOrder,
  headDifference,
  headDifferenceWords,
  MATCH_WINDOW_DAYS,
  type NvdFacts,
  suggestOrders,
} from "./rules.ts";
import type { HeadMismatch, NvdDocument, NvdMatching, OrderNvd, OrderWithoutNvd } from "./schemas.ts";
import type { z } from "@hono/zod-openapi";

export type NvdRow = typeof nvdDocuments.$inferSelect;
type Db = AreaContext["db"] | TenantTx;

/** Where an NVD's file is viewed (spec 1 §3 nvdPdfUrl). */
export const NVD_FILE_PATH = "/api/livestock/GetNvdFile";
/** The longest period of orders the page lists. */
export const MAX_PERIOD_DAYS = 62;
/** The most unmatched NVDs the page lists (oldest waiting first). */
const UNMATCHED_LIMIT = 100;

export function nvdDto(r: NvdRow): z.infer<typeof NvdDocument> {
  return {
    id: r.id,
    serialNumber: r.serialNumber,
    pic: r.pic,
    nvdDate: r.nvdDate,
    head: r.head,
    description: r.description,
    consignee: r.consignee,
    source: r.source === "system" ? "system" : "upload",
    fileName: r.fileName,
    nvdPdfUrl: r.fileKey ? `${NVD_FILE_PATH}/${r.id}` : null,
    livestockOrderId: r.livestockOrderId,
    matchReason: r.matchReason,
    matchedAt: r.matchedAt,
    matchedBy: r.matchedBy,
    createdAt: r.createdAt,
    lastModified: r.lastModified,
  };
}

/** An NVD of this plant, or 404. */
export async function findNvd(db: Db, id: number): Promise<NvdRow> {
  const [row] = await db.select().from(nvdDocuments).where(eq(nvdDocuments.id, id));
  if (!row) throw ApiError.notFound("That NVD does not exist.");
  return row;
}

const orderColumns = {
  id: livestockOrders.id,
  speciesId: livestockOrders.speciesId,
  tenantSiteId: livestockOrders.tenantSiteId,
  nvd: livestockOrders.nvd,
  pic: livestockOrders.pic,
  deliveryDate: livestockOrders.deliveryDate,
  totalDelivered: livestockOrders.totalDelivered,
  quantityOrdered: livestockOrders.quantityOrdered,
  agendaLotReference: livestockOrders.agendaLotReference,
  supplierName: suppliers.name,
};
interface OrderFacts {
  id: number;
  speciesId: number;
  tenantSiteId: number | null;
  nvd: string;
  pic: string;
  deliveryDate: string;
  totalDelivered: number;
  quantityOrdered: number;
  agendaLotReference: string | null;
  supplierName: string;
}

/** An order in words: "Order 12 · Lot A3 · Kooringal Pastoral · 40 Cattle · Wed 2 Dec 2026". */
export function orderWords(ctx: AreaContext, o: OrderFacts): string {
  return [
    `Order ${o.id}`,
    o.agendaLotReference ? `Lot ${o.agendaLotReference}` : "",
    o.supplierName,
    `${formatHead(o.quantityOrdered)} ${ctx.scope.speciesName(o.speciesId)}`,
    formatDate(o.deliveryDate),
  ].filter(Boolean).join(" · ");
}

function scopedOrders(ctx: AreaContext, db: Db, where: ReturnType<typeof and>) {
  return db.select(orderColumns).from(livestockOrders)
    .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(and(
      ctx.scope.where({ species: livestockOrders.speciesId, site: livestockOrders.tenantSiteId }),
      ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
      where,
    ));
}

/** One of the caller's orders (not cancelled), or 404. */
export async function findOrder(ctx: AreaContext, db: Db, id: number): Promise<OrderFacts> {
  const [row] = await scopedOrders(ctx, db, eq(livestockOrders.id, id));
  if (!row) throw ApiError.notFound("That order does not exist.");
  return row;
}

/** The ids of these orders that have an NVD matched to them. */
export async function ordersWithNvd(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await db.selectDistinct({ id: nvdDocuments.livestockOrderId }).from(nvdDocuments)
    .where(inArray(nvdDocuments.livestockOrderId, [...orderIds]));
  return new Set(rows.map((r) => r.id!));
}

/**
 * The NVD fields of these orders (spec 1 §3 isLinkedNvd, nvdPdfUrl) for the order answer: an order
 * absent from the map has no NVD matched; a matched NVD sent without a file answers a null url.
 */
export async function nvdLinksOf(db: Db, orderIds: readonly number[]): Promise<Map<number, string | null>> {
  if (!orderIds.length) return new Map();
  const rows = await db.select({
    orderId: nvdDocuments.livestockOrderId,
    id: nvdDocuments.id,
    fileKey: nvdDocuments.fileKey,
  })
    .from(nvdDocuments).where(inArray(nvdDocuments.livestockOrderId, [...orderIds])).orderBy(
      asc(nvdDocuments.id),
    );
  const links = new Map<number, string | null>();
  for (const r of rows) {
    if (!links.has(r.orderId!)) links.set(r.orderId!, r.fileKey ? `${NVD_FILE_PATH}/${r.id}` : null);
  }
  return links;
}

/** The orders an NVD could be: its serial typed on an order or a load, or its PIC near its date. */
export async function candidateOrders(ctx: AreaContext, db: Db, nvd: NvdFacts): Promise<
  (CandidateOrder & { facts: OrderFacts })[]
> {
  const serial = nvd.serialNumber.trim();
  const loadOrders = serial
    ? await db.selectDistinct({ id: deliveryLoads.livestockOrderId }).from(deliveryLoads)
      .where(eq(deliveryLoads.nvdNumber, serial))
    : [];
  const near = and(
    gte(livestockOrders.deliveryDate, addDays(nvd.nvdDate, -MATCH_WINDOW_DAYS)),
    lte(livestockOrders.deliveryDate, addDays(nvd.nvdDate, MATCH_WINDOW_DAYS)),
  );
  const orders = await scopedOrders(
    ctx,
    db,
    or(
      serial ? eq(livestockOrders.nvd, serial) : undefined,
      loadOrders.length ? inArray(livestockOrders.id, loadOrders.map((l) => l.id)) : undefined,
      // the PIC is compared by the rules, where "3abc d123" is "3ABCD123"
      near,
    ),
  ).limit(500);
  const ids = orders.map((o) => o.id);
  const [linked, loads] = await Promise.all([
    ordersWithNvd(db, ids),
    ids.length
      ? db.select({ orderId: deliveryLoads.livestockOrderId, nvd: deliveryLoads.nvdNumber }).from(
        deliveryLoads,
      )
        .where(and(inArray(deliveryLoads.livestockOrderId, ids), ne(deliveryLoads.nvdNumber, "")))
      : [],
  ]);
  return orders.map((o) => ({
    id: o.id,
    nvd: o.nvd,
    loadNvdNumbers: loads.filter((l) => l.orderId === o.id).map((l) => l.nvd),
    pic: o.pic,
    deliveryDate: o.deliveryDate,
    totalDelivered: o.totalDelivered,
    quantityOrdered: o.quantityOrdered,
    isLinkedNvd: linked.has(o.id),
    facts: o,
  }));
}

/** The ranked suggestions of one NVD, each with the order in words. */
export async function suggestionsFor(ctx: AreaContext, db: Db, nvd: NvdRow) {
  const candidates = await candidateOrders(ctx, db, nvd);
  const byId = new Map(candidates.map((c) => [c.id, c.facts]));
  return suggestOrders(nvd, candidates).map((s) => ({
    ...s,
    order: orderWords(ctx, byId.get(s.livestockOrderId)!),
  }));
}

/** The matching page: unmatched NVDs with suggestions, orders without an NVD, head mismatches. */
export async function nvdMatching(
  ctx: AreaContext,
  query: { fromDate?: string; toDate?: string } = {},
): Promise<z.infer<typeof NvdMatching>> {
  const toDate = query.toDate ?? ctx.today;
  const fromDate = query.fromDate ?? addDays(toDate, -13);
  if (fromDate > toDate || addDays(fromDate, MAX_PERIOD_DAYS - 1) < toDate) {
    throw ApiError.validation([{
      field: "fromDate",
      message: `Choose a period of at most ${MAX_PERIOD_DAYS} days that does not end before it starts`,
    }]);
  }
  const unmatchedRows = await ctx.db.select().from(nvdDocuments).where(isNull(nvdDocuments.livestockOrderId))
    .orderBy(asc(nvdDocuments.nvdDate), asc(nvdDocuments.id)).limit(UNMATCHED_LIMIT);
  const unmatched = [];
  for (const row of unmatchedRows) {
    unmatched.push({ nvd: nvdDto(row), suggestions: await suggestionsFor(ctx, ctx.db, row) });
  }

  const inPeriod = and(
    gte(livestockOrders.deliveryDate, fromDate),
    lte(livestockOrders.deliveryDate, toDate),
  );
  const orders = await scopedOrders(ctx, ctx.db, inPeriod)
    .orderBy(desc(livestockOrders.deliveryDate), asc(livestockOrders.id));
  // an order whose truck has not come has no NVD yet: only the delivered ones are missing theirs
  const delivered = orders.filter((o) => o.totalDelivered > 0);
  const linked = await ordersWithNvd(ctx.db, delivered.map((o) => o.id));
  const ordersWithoutNvd: z.infer<typeof OrderWithoutNvd>[] = delivered.filter((o) => !linked.has(o.id)).map((
    o,
  ) => ({
    livestockOrderId: o.id,
    order: orderWords(ctx, o),
    deliveryDate: o.deliveryDate,
    nvd: o.nvd,
    pic: o.pic,
    supplierName: o.supplierName,
    totalDelivered: o.totalDelivered,
  }));

  const matched = await ctx.db.select({ nvd: nvdDocuments, order: orderColumns }).from(nvdDocuments)
    .innerJoin(livestockOrders, eq(livestockOrders.id, nvdDocuments.livestockOrderId))
    .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(and(
      isNotNull(nvdDocuments.livestockOrderId),
      ctx.scope.where({ species: livestockOrders.speciesId, site: livestockOrders.tenantSiteId }),
      inPeriod,
    )).orderBy(desc(livestockOrders.deliveryDate), asc(nvdDocuments.id));
  const mismatched: z.infer<typeof HeadMismatch>[] = [];
  for (const m of matched) {
    const difference = headDifference(m.nvd.head, m.order.totalDelivered);
    if (difference === null) continue;
    mismatched.push({
      nvd: nvdDto(m.nvd),
      order: orderWords(ctx, m.order),
      totalDelivered: m.order.totalDelivered,
      difference,
      words: headDifferenceWords(m.nvd.head, m.order.totalDelivered),
    });
  }
  return { fromDate, toDate, unmatched, ordersWithoutNvd, mismatched };
}

/** An order's NVD fields (spec 1 §3): whether one is linked, its file, the order's NVD number and PIC. */
export async function orderNvd(
  ctx: AreaContext,
  livestockOrderId: number,
): Promise<z.infer<typeof OrderNvd>> {
  const order = await findOrder(ctx, ctx.db, livestockOrderId);
  const [doc] = await ctx.db.select().from(nvdDocuments).where(eq(nvdDocuments.livestockOrderId, order.id))
    .orderBy(asc(nvdDocuments.id)).limit(1);
  const dto = doc ? nvdDto(doc) : null;
  return {
    livestockOrderId: order.id,
    isLinkedNvd: Boolean(doc),
    nvd: order.nvd,
    pic: order.pic,
    nvdPdfUrl: dto?.nvdPdfUrl ?? null,
    nvdDocument: dto,
  };
}

/** A matched NVD is seen only by callers who can see its order (404 otherwise). */
export async function assertNvdVisible(ctx: AreaContext, db: Db, row: NvdRow) {
  if (row.livestockOrderId !== null) {
    const [order] = await db.select({ speciesId: livestockOrders.speciesId }).from(livestockOrders)
      .where(eq(livestockOrders.id, row.livestockOrderId));
    ctx.scope.assertSpecies(order?.speciesId, "That NVD");
  }
}
