/**
 * What the pricing queries and operations share: the rows, finding a group or grid the caller may see
 * (any other is as good as absent), a grid's answer, and the orders priced with a group.
 */
import { asc, eq } from "drizzle-orm";
import { livestockOrders, pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext, TenantTx } from "../context.ts";
import { speciesCategoryName } from "../../../kernel/enums.ts";
import type { PricingGrid } from "./schemas.ts";

export type GroupRow = typeof pricingGridGroups.$inferSelect;
export type GridRow = typeof pricingGrids.$inferSelect;
/** The tenant database, or a transaction of it. */
export type Reader = AreaContext["db"] | TenantTx;

export function speciesName(ctx: AreaContext, id: number): string {
  return ctx.scope.hasSpecies(id) ? ctx.scope.speciesName(id) : `species ${id}`;
}

/** A group of a species the caller does not work with is as good as absent. */
export async function findGroup(ctx: AreaContext, db: Reader, id: number): Promise<GroupRow> {
  const row = await db.query.pricingGridGroups.findFirst({ where: eq(pricingGridGroups.id, id) });
  ctx.scope.assertSpecies(row?.speciesId, "That pricing grid group");
  return row!;
}

export async function findGrid(ctx: AreaContext, db: Reader, id: number): Promise<GridRow> {
  const row = await db.query.pricingGrids.findFirst({ where: eq(pricingGrids.id, id) });
  if (!row) throw ApiError.notFound("That pricing grid does not exist.");
  const group = await db.query.pricingGridGroups.findFirst({
    where: eq(pricingGridGroups.id, row.pricingGridGroupId),
    columns: { speciesId: true },
  });
  ctx.scope.assertSpecies(group?.speciesId, "That pricing grid");
  return row;
}

export function toGrid(g: GridRow): PricingGrid {
  return {
    id: g.id,
    pricingGridGroupId: g.pricingGridGroupId,
    speciesCategoryId: g.speciesCategoryId,
    speciesCategory: speciesCategoryName(g.speciesCategoryId),
    reference: g.reference,
    bestPrice: g.bestPrice,
    priority: g.priority,
    cells: g.cells ?? null,
    createdAt: g.createdAt,
    lastModified: g.lastModified,
  };
}

/** A group's grids in priority order. */
export function gridsOfGroup(db: Reader, groupId: number): Promise<GridRow[]> {
  return db.select().from(pricingGrids).where(eq(pricingGrids.pricingGridGroupId, groupId))
    .orderBy(asc(pricingGrids.priority), asc(pricingGrids.id));
}

export function ordersPricedWith(db: Reader, groupId: number) {
  return db.select({
    id: livestockOrders.id,
    orderStatus: livestockOrders.orderStatus,
    deliveryDate: livestockOrders.deliveryDate,
    productionDate: livestockOrders.productionDate,
  }).from(livestockOrders).where(eq(livestockOrders.pricingGridGroupId, groupId))
    .orderBy(asc(livestockOrders.deliveryDate), asc(livestockOrders.id));
}

/** "#12, #13, #14, #15, #16, …": enough to find them, short enough for a message. */
export const orderList = (orders: { id: number }[]) =>
  orders.slice(0, 5).map((o) => `#${o.id}`).join(", ") + (orders.length > 5 ? ", …" : "");
