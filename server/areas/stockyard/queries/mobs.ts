/**
 * Mobs as the yard shows them (supplier, lot, category, requirements): a yard's pens, bin and arriving
 * mobs, the management list, and one mob's facts and history. Only mobs of the caller's sites' yards
 * are read (404 otherwise).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or } from "drizzle-orm";
import {
  livestockOrders,
  mobRequirements,
  pens,
  stockMobs,
  stockyards,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { auditHistory } from "../../audit.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { MOB_STATUS, mobStatusName, orderStatusName, speciesCategoryName } from "../../../../kernel/enums.ts";
import type { MobHistory, MobInYard } from "../schemas.ts";
import { type Db, findYard, MOB_ENTITY, type MobRow } from "./yards.ts";
import { ordersWithNvd } from "../../livestock/nvd/queries.ts";
import { boxedLotMembers, boxedLotRefsOf } from "../../livestock/boxing/queries.ts";

/**
 * The columns a mob in the yard shows: reading these and not the whole 40-column row is most of what a
 * yard of hundreds of mobs costs to read (libSQL decodes every column it is given).
 */
export const MOB_VIEW_COLUMNS = {
  id: stockMobs.id,
  livestockOrderId: stockMobs.livestockOrderId,
  agendaLotReference: stockMobs.agendaLotReference,
  supplierId: stockMobs.supplierId,
  speciesId: stockMobs.speciesId,
  speciesCategoryId: stockMobs.speciesCategoryId,
  head: stockMobs.head,
  separatedHead: stockMobs.separatedHead,
  mobStatus: stockMobs.mobStatus,
  penId: stockMobs.penId,
  stockyardId: stockMobs.stockyardId,
  isInBin: stockMobs.isInBin,
  pic: stockMobs.pic,
  applicableProductionDate: stockMobs.applicableProductionDate,
  reasonSentToBin: stockMobs.reasonSentToBin,
  lastModified: stockMobs.lastModified,
};
export type MobViewRow = Pick<MobRow, keyof typeof MOB_VIEW_COLUMNS>;

/** Mobs that hold head and sit in this yard's pens, its bin, or are on their way to it. */
export const inYard = (yardId: number) =>
  and(
    eq(stockMobs.stockyardId, yardId),
    gt(stockMobs.head, 0),
    or(
      inArray(stockMobs.mobStatus, [MOB_STATUS.MovingBetweenYards]),
      eq(stockMobs.isInBin, true),
      gt(stockMobs.penId, 0),
    ),
  );

/** Mobs as the yard shows them: supplier, lot, category, requirements. */
export async function mobDtos(
  ctx: AreaContext,
  rows: MobViewRow[],
  db: Db = ctx.db,
): Promise<In<typeof MobInYard>[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const orderIds = [...new Set(rows.map((r) => r.livestockOrderId))];
  const [requirementRows, supplierRows, orderRows, withNvd, boxedRefs] = await Promise.all([
    db.select().from(mobRequirements).where(inArray(mobRequirements.stockMobId, ids))
      .orderBy(asc(mobRequirements.id)),
    db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers)
      .where(inArray(suppliers.id, [...new Set(rows.map((r) => r.supplierId))])),
    db.select({
      id: livestockOrders.id,
      orderStatus: livestockOrders.orderStatus,
      waiting: livestockOrders.isWaitingForExternalHeadCount,
    }).from(livestockOrders).where(
      inArray(livestockOrders.id, [...new Set(rows.map((r) => r.livestockOrderId))]),
    ),
    ordersWithNvd(db, orderIds),
    boxedLotRefsOf(db, orderIds),
  ]);
  const lotSuppliers = Map.groupBy(
    await boxedLotMembers(db, [...new Set(boxedRefs.values())]),
    (m) => m.boxedLotRef,
  );
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const requirementsOf = Map.groupBy(requirementRows, (r) => r.stockMobId);
  const supplierName = new Map(supplierRows.map((s) => [s.id, s.name]));
  return rows.map((m) => {
    const requirements = (requirementsOf.get(m.id) ?? []).map((r) => ({
      id: r.id,
      name: r.name,
      isComplete: r.isComplete,
      completedBy: r.completedBy,
    }));
    return {
      stockMobId: m.id,
      livestockOrderId: m.livestockOrderId,
      agendaLotReference: m.agendaLotReference,
      supplierId: m.supplierId,
      supplierName: supplierName.get(m.supplierId) ?? "",
      speciesId: m.speciesId,
      speciesCategory: m.speciesCategoryId ? speciesCategoryName(m.speciesCategoryId) : null,
      head: m.head,
      separatedHead: m.separatedHead,
      mobStatus: m.mobStatus,
      mobStatusName: mobStatusName(m.mobStatus),
      penId: m.penId,
      stockyardId: m.stockyardId,
      pic: m.pic,
      applicableProductionDate: m.applicableProductionDate,
      requirements,
      incompleteChecks: requirements.filter((r) => !r.isComplete).map((r) => r.name),
      reasonSentToBin: m.reasonSentToBin,
      orderStatusName: orderStatusName(orderOf.get(m.livestockOrderId)?.orderStatus ?? 0),
      isWaitingForAiHeadCount: orderOf.get(m.livestockOrderId)?.waiting ?? false,
      isLinkedNvd: withNvd.has(m.livestockOrderId),
      boxedLotRef: boxedRefs.get(m.livestockOrderId) ?? null,
      boxedLotSuppliers: [
        ...new Set(
          (lotSuppliers.get(boxedRefs.get(m.livestockOrderId) ?? "") ?? []).map((s) => s.supplierName),
        ),
      ],
      lastModified: m.lastModified,
    };
  });
}

/** The mobs of a yard (pens, bin and arriving). */
export async function mobs(ctx: AreaContext, stockyardId: number) {
  await findYard(ctx, stockyardId);
  return mobDtos(ctx, await ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(inYard(stockyardId)));
}

/** The unfit bin of a yard. */
export async function bins(ctx: AreaContext, stockyardId: number) {
  await findYard(ctx, stockyardId);
  return mobDtos(
    ctx,
    await ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(and(
      eq(stockMobs.stockyardId, stockyardId),
      eq(stockMobs.isInBin, true),
      gt(stockMobs.head, 0),
    )),
  );
}

/**
 * Mobs of the caller's sites with head, for the management list: production days from..to when given
 * (a mob without one counts by its creation), bounded by `limit`.
 */
export async function recentMobs(
  ctx: AreaContext,
  opts: { fromDate?: string; toDate?: string; limit?: number } = {},
) {
  if (!ctx.scope.siteIds.length) return [];
  const rows = await ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(and(
    gt(stockMobs.head, 0),
    or(ctx.scope.where({ site: stockMobs.tenantSiteId }), isNull(stockMobs.tenantSiteId)),
    opts.fromDate ? gte(stockMobs.applicableProductionDate, opts.fromDate) : undefined,
    opts.toDate ? lte(stockMobs.applicableProductionDate, opts.toDate) : undefined,
  )).orderBy(desc(stockMobs.applicableProductionDate), asc(stockMobs.id)).limit(
    Math.min(opts.limit ?? 300, 1000),
  );
  return mobDtos(ctx, rows);
}

/** A mob's facts and history (spec 1 §2 management/{mobId}). */
export async function mobHistory(ctx: AreaContext, stockMobId: number): Promise<In<typeof MobHistory>> {
  const [row] = await ctx.db.select().from(stockMobs).where(eq(stockMobs.id, stockMobId));
  if (!row) throw ApiError.notFound("That mob does not exist.");
  const [[mob], [order], [pen], [yard]] = await Promise.all([
    mobDtos(ctx, [row]),
    ctx.db.select().from(livestockOrders).where(eq(livestockOrders.id, row.livestockOrderId)),
    row.penId ? ctx.db.select().from(pens).where(eq(pens.id, row.penId)) : Promise.resolve([]),
    row.stockyardId
      ? ctx.db.select().from(stockyards).where(eq(stockyards.id, row.stockyardId))
      : Promise.resolve([]),
  ]);
  return {
    mob,
    orderStatusName: orderStatusName(order.orderStatus),
    deliveryDate: order.deliveryDate,
    penName: pen?.name ?? null,
    stockyardName: yard?.name ?? null,
    history: await auditHistory(ctx.db, MOB_ENTITY, stockMobId),
  };
}
