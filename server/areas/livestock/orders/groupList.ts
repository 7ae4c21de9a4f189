/**
 * The order groups list of the buy home (spec 1 §2): which groups a period and the header's scope take
 * in, and a page of them with their orders summed up in SQL — the few columns the list shows, at a
 * fraction of the cost of reading every order (`groupsPage` in queries.ts answers the API's full groups).
 */
import {
  and,
  asc,
  count,
  eq,
  exists,
  gte,
  inArray,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { buyers, livestockOrderGroups, livestockOrders, suppliers } from "../../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../../db/client.ts";
import type { AreaContext } from "../../context.ts";
import { ORDER_STATUS, orderStatusName, speciesCategoryName } from "../../../../kernel/enums.ts";
import { atSite, type OrderScope, type Page } from "./filters.ts";

/** A row of the order groups list. */
export interface GroupSummary {
  id: number;
  deliveryDate: string | null;
  supplierName: string;
  species: string;
  speciesCategory: string;
  buyerName: string;
  /** not cancelled */
  orders: number;
  ordered: number;
  delivered: number;
  /** of every order, cancelled ones too */
  statusNames: string[];
}

/** Groups delivering in the period (by their date or an order's) of the scope's species and site. */
export function groupsWhere(db: TenantDb, from: string, to: string, scope?: OrderScope) {
  const ofGroup = (...more: (SQL | undefined)[]) =>
    db.select({ one: livestockOrders.id }).from(livestockOrders)
      .where(and(eq(livestockOrders.livestockOrderGroupId, livestockOrderGroups.id), ...more));
  return and(
    or(
      and(gte(livestockOrderGroups.deliveryDate, from), lte(livestockOrderGroups.deliveryDate, to)),
      exists(ofGroup(gte(livestockOrders.deliveryDate, from), lte(livestockOrders.deliveryDate, to))),
    ),
    scope?.speciesId ? eq(livestockOrderGroups.speciesId, scope.speciesId) : undefined,
    // a group still without orders belongs to no site yet: it shows at every one
    scope?.siteId ? or(notExists(ofGroup()), exists(ofGroup(atSite(scope.siteId)))) : undefined,
  );
}

/**
 * The ids of one page of the period's groups (by delivery date, then id: the groups alone, on their date
 * index) and how many groups there are in all; the callers read the page's details for those ids only.
 */
export async function groupIdsPage(
  db: TenantDb,
  from: string,
  to: string,
  scope: OrderScope | undefined,
  page: Page,
): Promise<{ ids: number[]; total: number }> {
  const where = groupsWhere(db, from, to, scope);
  const [ids, [{ n }]] = await Promise.all([
    db.select({ id: livestockOrderGroups.id }).from(livestockOrderGroups).where(where)
      .orderBy(asc(livestockOrderGroups.deliveryDate), asc(livestockOrderGroups.id))
      .limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(livestockOrderGroups).where(where),
  ]);
  return { ids: ids.map((r) => r.id), total: n };
}

/** One page of the list, with how many groups there are in all. */
export async function groupSummariesPage(
  ctx: AreaContext,
  from: string,
  to: string,
  scope: OrderScope | undefined,
  page: Page,
): Promise<{ rows: GroupSummary[]; total: number }> {
  const db = ctx.db;
  const live = ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled);
  // the page's groups first (groups alone, by their date index), then their orders summed for those
  // only: summing every group in the period before the limit grew with the period's orders
  const { ids, total: n } = await groupIdsPage(db, from, to, scope, page);
  const rows = ids.length
    ? await db.select({
      id: livestockOrderGroups.id,
      deliveryDate: livestockOrderGroups.deliveryDate,
      firstDelivery: sql<string | null>`min(${livestockOrders.deliveryDate})`,
      speciesId: livestockOrderGroups.speciesId,
      speciesCategoryId: livestockOrderGroups.speciesCategoryId,
      supplierName: suppliers.name,
      buyerName: buyers.name,
      orders: sql<number>`count(case when ${live} then 1 end)`,
      ordered: sql<number>`coalesce(sum(case when ${live} then ${livestockOrders.quantityOrdered} end), 0)`,
      delivered: sql<number>`coalesce(sum(case when ${live} then ${livestockOrders.totalDelivered} end), 0)`,
      statuses: sql<string | null>`group_concat(distinct ${livestockOrders.orderStatus})`,
    }).from(livestockOrderGroups)
      .innerJoin(suppliers, eq(suppliers.id, livestockOrderGroups.supplierId))
      .leftJoin(buyers, eq(buyers.id, livestockOrderGroups.buyerId))
      .leftJoin(livestockOrders, eq(livestockOrders.livestockOrderGroupId, livestockOrderGroups.id))
      .where(inArray(livestockOrderGroups.id, ids)).groupBy(livestockOrderGroups.id)
      .orderBy(asc(livestockOrderGroups.deliveryDate), asc(livestockOrderGroups.id))
    : [];
  return {
    total: n,
    rows: rows.map((r) => ({
      id: r.id,
      deliveryDate: r.deliveryDate ?? r.firstDelivery,
      supplierName: r.supplierName,
      species: ctx.scope.hasSpecies(r.speciesId) ? ctx.scope.speciesName(r.speciesId) : String(r.speciesId),
      speciesCategory: speciesCategoryName(r.speciesCategoryId),
      buyerName: r.buyerName ?? "",
      orders: Number(r.orders),
      ordered: Number(r.ordered),
      delivered: Number(r.delivered),
      statusNames: [
        ...new Set((r.statuses ?? "").split(",").filter(Boolean).map((x) => orderStatusName(Number(x)))),
      ],
    })),
  };
}
