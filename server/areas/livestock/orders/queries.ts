/**
 * The reads of order groups and orders (spec 1 §3, §7): by date, group and id, with their loads, mobs
 * and history, deliveries, and what the order forms choose from: functions over the area context, shared
 * by the pages and the API; the writes are operations/*.ts. Processor tenants only (spec 1 §6).
 */
import { aliasedTable, and, asc, count, eq, gte, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { TenantDb } from "../../../../db/client.ts";
import { preparedPerDb } from "../../prepared.ts";
import { groupIdsPage } from "./groupList.ts";
import { atSite, type OrderScope, type Page } from "./filters.ts";
export { atSite, type OrderScope, type Page } from "./filters.ts";
import { ApiError } from "../../../http/errors.ts";
import {
  buyers,
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  pricingGridGroups,
  pricingGrids,
  stakeholders,
  stockMobs,
  suppliers,
  transportCompanies,
} from "../../../../db/tenant/schema.ts";
import type { AreaContext, TenantTx } from "../../context.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays } from "../../../../kernel/dates.ts";
import type { GroupForPricing } from "../../pricing/rules.ts";
import type { Order, OrderGroup } from "./schemas.ts";
import { groupAnswer, loadAnswer, mobAnswer, orderAnswer, type OrderRow } from "./mapping.ts";
import { ORDER_ENTITY } from "./history.ts";
import { auditHistory } from "../../audit.ts";
// the NVD area's read: which orders hold a matched NVD and where its file is
import { nvdLinksOf } from "../nvd/queries.ts";

const groupTransport = aliasedTable(transportCompanies, "group_transport");

/** Orders with their group and the names they show (supplier, buyer, carriers); the caller adds a where. */
const orderSelect = (db: TenantDb) =>
  db.select({
    order: livestockOrders,
    group: livestockOrderGroups,
    supplierName: suppliers.name,
    buyerName: buyers.name,
    transportName: transportCompanies.name,
    groupTransportName: groupTransport.name,
  }).from(livestockOrders)
    .innerJoin(livestockOrderGroups, eq(livestockOrderGroups.id, livestockOrders.livestockOrderGroupId))
    .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
    .leftJoin(transportCompanies, eq(transportCompanies.id, livestockOrders.transportCompanyId))
    .leftJoin(groupTransport, eq(groupTransport.id, livestockOrderGroups.transportCompanyId))
    .$dynamic();
type JoinedOrder = Awaited<ReturnType<typeof orderSelect>>[number];

// an order's page (and GetLivestockOrder) is the hottest point read: its statements are prepared once
const orderByIdStatement = preparedPerDb((db) =>
  orderSelect(db).where(eq(livestockOrders.id, sql.placeholder("id"))).prepare()
);
const loadsOf = preparedPerDb((db) =>
  db.select().from(deliveryLoads).where(eq(deliveryLoads.livestockOrderId, sql.placeholder("id")))
    .orderBy(asc(deliveryLoads.id)).prepare()
);
const mobsOf = preparedPerDb((db) =>
  db.select().from(stockMobs).where(eq(stockMobs.livestockOrderId, sql.placeholder("id")))
    .orderBy(asc(stockMobs.id)).prepare()
);

/** The header's species and site a list keeps to (server/pages/ListScope.tsx); none given, every one. */

const orderScope = (scope?: OrderScope) =>
  and(
    scope?.speciesId ? eq(livestockOrders.speciesId, scope.speciesId) : undefined,
    scope?.siteId ? atSite(scope.siteId) : undefined,
  );

/** Orders delivering in the period, cancelled ones only when asked for. */
const between = (from: string, to: string, includeCancelled: boolean, scope?: OrderScope) =>
  and(
    gte(livestockOrders.deliveryDate, from),
    lte(livestockOrders.deliveryDate, to),
    includeCancelled ? undefined : ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
    orderScope(scope),
  );

export const ALL: Page = { offset: 0, limit: -1 };

/** How far back undelivered orders are looked for (a quarter). */
export const UNDELIVERED_DAYS = 92;

/** The most order groups a page lists at once. */
export const GROUP_PAGE_SIZE = 50;

/** Orders with supplier, buyer and carrier names, ordered by delivery date and time. */
export async function listOrders(ctx: AreaContext, where?: SQL, page = ALL): Promise<Order[]> {
  const rows = await orderSelect(ctx.db).where(where)
    .orderBy(asc(livestockOrders.deliveryDate), asc(livestockOrders.deliveryTime), asc(livestockOrders.id))
    .limit(page.limit).offset(page.offset);
  const nvdLinks = await nvdLinksOf(ctx.db, rows.map((r) => r.order.id));
  return rows.map((r) => answerOf(ctx, r, nvdLinks));
}

function answerOf(ctx: AreaContext, r: JoinedOrder, nvdLinks: ReadonlyMap<number, string | null>): Order {
  return orderAnswer(
    r.order,
    r.group,
    {
      supplier: r.supplierName,
      buyer: r.buyerName ?? "",
      transport: r.transportName ?? r.groupTransportName ?? "",
    },
    ctx.scope,
    nvdLinks,
  );
}

/** One order as the lists show it (a write answers with it); 404 when it does not exist. */
export async function orderById(ctx: AreaContext, id: number): Promise<Order> {
  const [order] = await listOrders(ctx, eq(livestockOrders.id, id));
  if (!order) throw ApiError.notFound("That order does not exist.");
  return order;
}

/** One page of orders and how many match in all (the API's paged arrays). */
export async function ordersPage(
  ctx: AreaContext,
  where: SQL | undefined,
  page: Page,
): Promise<{ rows: Order[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    listOrders(ctx, where, page),
    ctx.db.select({ n: count() }).from(livestockOrders).where(where),
  ]);
  return { rows, total: n };
}

export function ordersBetween(
  ctx: AreaContext,
  from: string,
  to: string,
  includeCancelled = false,
  scope?: OrderScope,
) {
  return listOrders(ctx, between(from, to, includeCancelled, scope));
}

export function ordersBetweenPage(
  ctx: AreaContext,
  from: string,
  to: string,
  includeCancelled: boolean,
  page: Page,
) {
  return ordersPage(ctx, between(from, to, includeCancelled), page);
}

export function cancelledBetween(ctx: AreaContext, from: string, to: string, page = ALL) {
  return ordersPage(
    ctx,
    and(
      gte(livestockOrders.deliveryDate, from),
      lte(livestockOrders.deliveryDate, to),
      eq(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
    ),
    page,
  );
}

/**
 * Orders due by today that are not fully delivered (cancelled ones excluded), oldest first, going
 * back at most UNDELIVERED_DAYS: an order older than that is a record to tidy, not a truck to expect.
 */
export function undelivered(ctx: AreaContext, scope?: OrderScope) {
  return listOrders(
    ctx,
    and(
      lte(livestockOrders.deliveryDate, ctx.today),
      gte(livestockOrders.deliveryDate, addDays(ctx.today, -UNDELIVERED_DAYS)),
      orderScope(scope),
      gte(livestockOrders.orderStatus, ORDER_STATUS.Ordered),
      or(
        eq(livestockOrders.orderStatus, ORDER_STATUS.Ordered),
        eq(livestockOrders.orderStatus, ORDER_STATUS.Confirmed),
        eq(livestockOrders.orderStatus, ORDER_STATUS.PartiallyDelivered),
      ),
    ),
  );
}

/** One order with its delivery loads, mobs and history (schema `OrderDetail`). */
export async function orderDetail(ctx: AreaContext, id: number) {
  const db = ctx.db;
  const [row] = await orderByIdStatement(db).all({ id });
  if (!row) throw ApiError.notFound("That order does not exist.");
  // one after the other: the statements share the database's one connection anyway
  const loads = await loadsOf(db).all({ id });
  const mobs = await mobsOf(db).all({ id });
  const history = await historyOf(ctx, id);
  const nvdLinks = await nvdLinksOf(db, [id]);
  return {
    ...answerOf(ctx, row, nvdLinks),
    deliveryLoads: loads.map(loadAnswer),
    deliveredMobs: mobs.map(mobAnswer),
    history,
  };
}

/** The history panel of an order that exists (a deleted or unknown order is 404, not an empty list). */
export async function orderHistory(ctx: AreaContext, orderId: number) {
  const [exists] = await ctx.db.select({ id: livestockOrders.id }).from(livestockOrders)
    .where(eq(livestockOrders.id, orderId));
  if (!exists) throw ApiError.notFound("That order does not exist.");
  return historyOf(ctx, orderId);
}

/** Who did what to an order, newest first. */
function historyOf(ctx: AreaContext, orderId: number) {
  return auditHistory(ctx.db, ORDER_ENTITY, orderId);
}

/** Groups with a delivery date in the range, or with an order in it, with all their orders. */
export async function groupsBetween(
  ctx: AreaContext,
  from: string,
  to: string,
  scope?: OrderScope,
): Promise<OrderGroup[]> {
  return (await groupsPage(ctx, from, to, scope, ALL)).rows;
}

/** One page of `groupsBetween` (limit -1: all of them), with how many there are in all. */
export async function groupsPage(
  ctx: AreaContext,
  from: string,
  to: string,
  scope: OrderScope | undefined,
  page: Page,
): Promise<{ rows: OrderGroup[]; total: number }> {
  const { ids, total } = await groupIdsPage(ctx.db, from, to, scope, page);
  return { rows: await groupsOf(ctx, ids), total };
}

/** One order group with its orders; 404 when it does not exist. */
export async function groupById(ctx: AreaContext, id: number): Promise<OrderGroup> {
  const [group] = await groupsOf(ctx, [id]);
  if (!group) throw ApiError.notFound("That order group does not exist.");
  return group;
}

async function groupsOf(ctx: AreaContext, ids: number[]): Promise<OrderGroup[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.select({
    group: livestockOrderGroups,
    supplierName: suppliers.name,
    buyerName: buyers.name,
    transportName: transportCompanies.name,
  }).from(livestockOrderGroups)
    .innerJoin(suppliers, eq(suppliers.id, livestockOrderGroups.supplierId))
    .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
    .leftJoin(transportCompanies, eq(transportCompanies.id, livestockOrderGroups.transportCompanyId))
    .where(inArray(livestockOrderGroups.id, ids))
    .orderBy(asc(livestockOrderGroups.deliveryDate), asc(livestockOrderGroups.id));
  const orders = Map.groupBy(
    await listOrders(ctx, inArray(livestockOrders.livestockOrderGroupId, ids)),
    (o) => o.livestockOrderGroupId,
  );
  return rows.map(({ group: g, supplierName, buyerName, transportName }) =>
    groupAnswer(
      g,
      { supplier: supplierName, buyer: buyerName ?? "", transport: transportName ?? "" },
      orders.get(g.id) ?? [],
      ctx.scope,
    )
  );
}

/** Orders due in the days from `fromDate` (default today, 7 days), cancelled ones apart, with their loads. */
export async function deliveriesFrom(
  ctx: AreaContext,
  fromDate = ctx.today,
  days = 7,
  scope?: OrderScope,
) {
  const toDate = addDays(fromDate, days - 1);
  const orders = await ordersBetween(ctx, fromDate, toDate, false, scope);
  const loads = orders.length
    ? await ctx.db.select().from(deliveryLoads)
      .where(inArray(deliveryLoads.livestockOrderId, orders.map((o) => o.id))).orderBy(asc(deliveryLoads.id))
    : [];
  const loadsByOrder = Map.groupBy(loads, (l) => l.livestockOrderId);
  return {
    fromDate,
    toDate,
    orders: orders.map((o) => ({ ...o, deliveryLoads: (loadsByOrder.get(o.id) ?? []).map(loadAnswer) })),
  };
}

/** What the order and group forms choose from: suppliers, buyers not removed, carriers, stakeholders. */
export async function formChoices(ctx: AreaContext) {
  const db = ctx.db;
  const [supplierRows, buyerRows, transportRows, pricingGroups, stakeholderRows] = await Promise.all([
    db.select({ id: suppliers.id, name: suppliers.name, location: suppliers.location }).from(suppliers)
      .orderBy(asc(suppliers.name)),
    db.select({ id: buyers.id, name: buyers.name }).from(buyers).where(eq(buyers.isSoftDeleted, false))
      .orderBy(asc(buyers.name)),
    db.select({ id: transportCompanies.id, name: transportCompanies.name }).from(transportCompanies)
      .orderBy(asc(transportCompanies.name)),
    pricingGroupsIn(db),
    db.select({ id: stakeholders.id, name: stakeholders.name, type: stakeholders.stakeholderType })
      .from(stakeholders).orderBy(asc(stakeholders.name)),
  ]);
  return {
    suppliers: supplierRows,
    buyers: buyerRows,
    transportCompanies: transportRows,
    stakeholders: stakeholderRows,
    pricingGroups,
  };
}

/** The order's row in a write's transaction; 404 when it does not exist. */
export async function orderRow(tx: TenantTx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(livestockOrders).where(eq(livestockOrders.id, id));
  if (!row) throw ApiError.notFound("That order does not exist.");
  return row;
}

/** The pricing groups as the order rules see them, read in `db` (a write reads them in its transaction). */
export async function pricingGroupsIn(db: AreaContext["db"] | TenantTx): Promise<GroupForPricing[]> {
  // one after the other: inside a transaction both run on its one connection
  const groups = await db.select().from(pricingGridGroups).orderBy(asc(pricingGridGroups.startDate));
  const grids = await db.select({
    pricingGridGroupId: pricingGrids.pricingGridGroupId,
    speciesCategoryId: pricingGrids.speciesCategoryId,
    bestPrice: pricingGrids.bestPrice,
    priority: pricingGrids.priority,
  }).from(pricingGrids);
  const byGroup = Map.groupBy(grids, (x) => x.pricingGridGroupId);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    speciesId: g.speciesId,
    startDate: g.startDate,
    endDate: g.endDate,
    isServiceKill: g.isServiceKill,
    isDefaultGroup: g.isDefaultGroup,
    grids: byGroup.get(g.id) ?? [],
  }));
}
