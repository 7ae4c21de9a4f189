/**
 * The order report's reads (livestock orders, their groups, parties, carcasses and invoices: read only):
 * the filter as one WHERE, a page of orders, batches by keyset for the files, and the totals summed in the
 * database. Carcass weights and invoice totals are read only for the orders of a page or batch.
 */
import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL, sql, sum } from "drizzle-orm";
import {
  buyers,
  carcasses,
  invoices,
  livestockOrderGroups,
  livestockOrders,
  pricingGridGroups,
  stakeholders,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { OFF_GRID_PRICE_PER_NAMES, ORDER_STATUS, speciesCategoryName } from "../../../../kernel/enums.ts";
import { formatMoney } from "../../../../kernel/money.ts";
import { averageKg, type DateField, type ReportRow, type ReportTotals, statusWords } from "./rules.ts";

const o = livestockOrders;

/** The filter after its defaults: a period and the ids and statuses asked for. */
export interface ResolvedReportFilter {
  dateField: DateField;
  fromDate: string;
  toDate: string;
  speciesId?: number;
  supplierId?: number;
  buyerId?: number;
  agentId?: number;
  tenantSiteId?: number;
  statuses: number[];
}

/** An invoice counts once it is published (a draft's figures may still change). */
const PUBLISHED = ["Published", "Finalised"];

export const dateColumn = (field: DateField) => (field === "production" ? o.productionDate : o.deliveryDate);

/** The filter as one WHERE over orders (their group only for the buyer), within the caller's species and sites. */
export function reportWhere(ctx: AreaContext, f: ResolvedReportFilter): SQL {
  const date = dateColumn(f.dateField);
  const sites = ctx.scope.siteIds;
  return and(
    ctx.scope.where({ species: o.speciesId }),
    // an order without a site is delivered to any of them: it is every caller's
    sites.length ? or(isNull(o.tenantSiteId), inArray(o.tenantSiteId, [...sites])) : isNull(o.tenantSiteId),
    gte(date, f.fromDate),
    lte(date, f.toDate),
    f.speciesId ? eq(o.speciesId, f.speciesId) : undefined,
    f.supplierId ? eq(o.supplierId, f.supplierId) : undefined,
    f.buyerId
      ? inArray(
        o.livestockOrderGroupId,
        ctx.db.select({ id: livestockOrderGroups.id }).from(livestockOrderGroups)
          .where(eq(livestockOrderGroups.buyerId, f.buyerId)),
      )
      : undefined,
    f.agentId
      ? sql`exists (select 1 from json_each(${o.stakeholderIds}) where json_each.value = ${f.agentId})`
      : undefined,
    f.tenantSiteId ? or(isNull(o.tenantSiteId), eq(o.tenantSiteId, f.tenantSiteId)) : undefined,
    f.statuses.length ? inArray(o.orderStatus, f.statuses) : undefined,
  )!;
}

const c = carcasses;
const inv = invoices;
const published = sql`${inv.status} in ('Published', 'Finalised')`;

/**
 * Orders with the names they show and their figures in one statement: the carcasses' count and HSCW and
 * the published invoices' numbers and total come from subqueries over each order's index entries, so a
 * page or batch is one read driven by the date index.
 */
const rowSelect = (ctx: AreaContext) =>
  ctx.db.select({
    order: {
      id: o.id,
      agendaLotReference: o.agendaLotReference,
      pic: o.pic,
      stakeholderIds: o.stakeholderIds,
      speciesId: o.speciesId,
      speciesCategoryId: o.speciesCategoryId,
      tenantSiteId: o.tenantSiteId,
      quantityOrdered: o.quantityOrdered,
      totalDelivered: o.totalDelivered,
      totalProcessed: o.totalProcessed,
      deliveryDate: o.deliveryDate,
      productionDate: o.productionDate,
      orderStatus: o.orderStatus,
      offGridPrice: o.offGridPrice,
      offGridPricePer: o.offGridPricePer,
    },
    supplierName: suppliers.name,
    buyerName: buyers.name,
    gridName: pricingGridGroups.name,
    carcasses: sql<number>`(select count(*) from ${c} where ${c.livestockOrderId} = ${o.id})`.mapWith(Number),
    weighed: sql<
      number
    >`(select count(*) from ${c} where ${c.livestockOrderId} = ${o.id} and ${c.hscwKg} > 0)`
      .mapWith(Number),
    kg: sql<number | null>`(select sum(${c.hscwKg}) from ${c} where ${c.livestockOrderId} = ${o.id})`,
    invoiceNumbers: sql<string | null>`(select group_concat(${inv.invoiceNumber}, ', ') from ${inv}
      where ${inv.livestockOrderId} = ${o.id} and ${published})`,
    invoiceCents: sql<number | null>`(select sum(${inv.totalCents}) from ${inv}
      where ${inv.livestockOrderId} = ${o.id} and ${published})`,
  }).from(o)
    .innerJoin(livestockOrderGroups, eq(livestockOrderGroups.id, o.livestockOrderGroupId))
    .innerJoin(suppliers, eq(suppliers.id, o.supplierId))
    .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
    .leftJoin(pricingGridGroups, eq(pricingGridGroups.id, o.pricingGridGroupId))
    .$dynamic();
type Joined = Awaited<ReturnType<typeof rowSelect>>[number];

/** The names of agents (stakeholders of type Agent), read once a report. */
export async function agentNames(ctx: AreaContext): Promise<Map<number, string>> {
  const rows = await ctx.db.select({ id: stakeholders.id, name: stakeholders.name }).from(stakeholders)
    .where(eq(stakeholders.stakeholderType, "Agent"));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One page of the report's orders, by the period's date then order number. */
export async function reportPage(
  ctx: AreaContext,
  f: ResolvedReportFilter,
  page: { offset: number; limit: number },
  agents: Map<number, string>,
): Promise<ReportRow[]> {
  const date = dateColumn(f.dateField);
  const rows = await rowSelect(ctx).where(reportWhere(ctx, f)).orderBy(asc(date), asc(o.id))
    .limit(page.limit).offset(page.offset);
  return rows.map((r) => rowAnswer(ctx, r, agents));
}

/** The next batch after the (date, id) of the last row written: the files read the report this way. */
export async function reportBatchAfter(
  ctx: AreaContext,
  f: ResolvedReportFilter,
  after: { date: string; id: number } | null,
  size: number,
  agents: Map<number, string>,
): Promise<ReportRow[]> {
  const date = dateColumn(f.dateField);
  const rows = await rowSelect(ctx).where(and(
    reportWhere(ctx, f),
    after ? sql`(${date}, ${o.id}) > (${after.date}, ${after.id})` : undefined,
  )).orderBy(asc(date), asc(o.id)).limit(size);
  return rows.map((r) => rowAnswer(ctx, r, agents));
}

function rowAnswer(ctx: AreaContext, r: Joined, agents: Map<number, string>): ReportRow {
  const { order: x, supplierName, buyerName, gridName } = r;
  const kg = r.carcasses ? Math.round((r.kg ?? 0) * 10) / 10 : null;
  return {
    id: x.id,
    lotReference: x.agendaLotReference ?? "",
    supplierName,
    pic: x.pic,
    agents: x.stakeholderIds.flatMap((id) => agents.get(id) ?? []).join(", "),
    buyerName: buyerName ?? "",
    species: ctx.scope.speciesName(x.speciesId),
    speciesCategory: speciesCategoryName(x.speciesCategoryId),
    tenantSite: x.tenantSiteId === null ? "Any site" : ctx.scope.siteName(x.tenantSiteId),
    quantityOrdered: x.quantityOrdered,
    totalDelivered: x.totalDelivered,
    totalProcessed: x.totalProcessed,
    deliveryDate: x.deliveryDate,
    productionDate: x.productionDate,
    orderStatus: x.orderStatus,
    status: statusWords(x.orderStatus),
    priceGrid: gridName ?? offGrid(x.offGridPrice, x.offGridPricePer),
    carcassCount: r.carcasses,
    hscwTotalKg: kg,
    hscwAverageKg: kg !== null ? averageKg(kg, r.weighed) : null,
    invoiceNumber: r.invoiceNumbers ?? "",
    invoiceTotalCents: r.invoiceCents === null ? null : Number(r.invoiceCents),
  };
}

function offGrid(price: number | null, per: string | null): string {
  if (price === null) return "";
  const perName = per ? OFF_GRID_PRICE_PER_NAMES[per as keyof typeof OFF_GRID_PRICE_PER_NAMES] ?? "" : "";
  return `Off grid ${formatMoney(price)} ${perName}`.trim();
}

/** How many orders the filter matches. */
export async function reportCount(ctx: AreaContext, f: ResolvedReportFilter): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(o).where(reportWhere(ctx, f));
  return n;
}

/** The totals of every order the filter matches, summed in the database (three aggregate reads). */
export async function reportTotals(ctx: AreaContext, f: ResolvedReportFilter): Promise<ReportTotals> {
  const where = reportWhere(ctx, f);
  const [heads] = await ctx.db.select({
    orders: count(),
    ordered: sum(o.quantityOrdered).mapWith(Number),
    delivered: sum(o.totalDelivered).mapWith(Number),
    processed: sum(o.totalProcessed).mapWith(Number),
  }).from(o).where(where);
  const [weights] = await ctx.db.select({
    carcasses: count(),
    weighed: sql<number>`sum(case when ${carcasses.hscwKg} > 0 then 1 else 0 end)`.mapWith(Number),
    kg: sum(carcasses.hscwKg).mapWith(Number),
  }).from(carcasses).innerJoin(o, eq(o.id, carcasses.livestockOrderId)).where(where);
  const [bills] = await ctx.db.select({
    orders: sql<number>`count(distinct ${invoices.livestockOrderId})`.mapWith(Number),
    cents: sum(invoices.totalCents).mapWith(Number),
  }).from(invoices).innerJoin(o, eq(o.id, invoices.livestockOrderId))
    .where(and(where, inArray(invoices.status, PUBLISHED)));
  const kg = Math.round((weights.kg ?? 0) * 10) / 10;
  return {
    orders: heads.orders,
    quantityOrdered: heads.ordered ?? 0,
    totalDelivered: heads.delivered ?? 0,
    totalProcessed: heads.processed ?? 0,
    carcassCount: weights.carcasses,
    hscwTotalKg: kg,
    hscwAverageKg: averageKg(kg, weights.weighed ?? 0),
    invoicedOrders: bills.orders,
    invoiceTotalCents: bills.cents ?? 0,
  };
}

/** What the filter chooses from: suppliers, buyers (not removed) and agents, by name. */
export async function filterChoices(ctx: AreaContext) {
  const [supplierRows, buyerRows, agentRows] = await Promise.all([
    ctx.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name)),
    ctx.db.select({ id: buyers.id, name: buyers.name }).from(buyers).where(eq(buyers.isSoftDeleted, false))
      .orderBy(asc(buyers.name)),
    ctx.db.select({ id: stakeholders.id, name: stakeholders.name }).from(stakeholders)
      .where(eq(stakeholders.stakeholderType, "Agent")).orderBy(asc(stakeholders.name)),
  ]);
  return { suppliers: supplierRows, buyers: buyerRows, agents: agentRows };
}

export const statusLevels = (names: readonly string[]) =>
  names.map((n) => ORDER_STATUS[n as keyof typeof ORDER_STATUS]);
