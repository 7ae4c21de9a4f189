/**
 * The live yard (spec 1 §2 stockyard): what the yard screen draws and every action answers — the yard's
 * pens with their content and status, the loads waiting to be unloaded, the bin and the mobs arriving
 * from another yard. Only yards of the caller's allowed sites exist for them (404 otherwise).
 */
import { and, asc, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import { livestockOrders, pens, stockMobs, suppliers } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { keptUntilChange } from "../../keptReads.ts";
import { MOB_STATUS } from "../../../../kernel/enums.ts";
import { penHead, penStatus } from "../rules.ts";
import type { MobInYard, PenView, YardView } from "../schemas.ts";
import { defaultYard, findYard, type PenRow, yardSummaries } from "./yards.ts";
import { inYard, MOB_VIEW_COLUMNS, mobDtos } from "./mobs.ts";

/**
 * The live yard: the given one, else where the yard screen opens. Kept until the database changes
 * (keptReads.ts): every screen on the yard reads it again after each push.
 */
export async function yardView(ctx: AreaContext, stockyardId?: number): Promise<In<typeof YardView>> {
  const id = stockyardId ?? (await defaultYard(ctx)).id;
  const species = ctx.scope.species.map((s) => `${s.id}=${s.name}`).join();
  const view = await keptUntilChange(
    ctx.db,
    `yardView:${id}:${ctx.today}:${species}`,
    () => readYardView(ctx, id),
  );
  // (kept answers are shared: whether this caller may see the yard is checked every time)
  ctx.scope.assertSite(view.yard.tenantSiteId, "That yard");
  return view;
}

async function readYardView(ctx: AreaContext, stockyardId: number): Promise<In<typeof YardView>> {
  const yard = await findYard(ctx, stockyardId);
  const db = ctx.db;
  const speciesMatch = yard.isAnySpeciesYard || yard.speciesId === null
    ? undefined
    : eq(stockMobs.speciesId, yard.speciesId);
  const waitingWhere: SQL = and(
    isNull(stockMobs.penId),
    isNull(stockMobs.stockyardId),
    eq(stockMobs.isInBin, false),
    gt(stockMobs.head, 0),
    inArray(stockMobs.mobStatus, [MOB_STATUS.InYard, MOB_STATUS.InPaddock]),
    or(eq(stockMobs.tenantSiteId, yard.tenantSiteId), isNull(stockMobs.tenantSiteId)),
    speciesMatch,
  )!;
  const [penRows, mobRows, waitingRows, summaries] = await Promise.all([
    db.select().from(pens).where(eq(pens.stockyardId, yard.id)).orderBy(asc(pens.id)),
    db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(inYard(yard.id)).orderBy(asc(stockMobs.id)),
    db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(waitingWhere).orderBy(asc(stockMobs.id)).limit(200),
    yardSummaries(ctx, yard.tenantSiteId),
  ]);
  const mobs = await mobDtos(ctx, [...mobRows, ...waitingRows]);
  const byPen = Map.groupBy(mobs.filter((m) => m.penId !== null), (m) => m.penId!);
  const labels = await orderLabels(ctx, penRows.map((p) => p.livestockOrderReservedForId));
  const penViews = penRows.map((pen) => penView(pen, byPen.get(pen.id) ?? [], labels));
  const inBin = new Set(mobRows.filter((r) => r.isInBin).map((r) => r.id));
  const waitingIds = new Set(waitingRows.map((r) => r.id));
  const bin = mobs.filter((m) => m.stockyardId === yard.id && inBin.has(m.stockMobId));
  const summary = summaries.find((s) => s.id === yard.id)!;
  return {
    yard: {
      ...summary,
      isIncludeUnfitBin: yard.isIncludeUnfitBin,
      hasMapImage: Boolean(yard.mapImageKey),
      lastModified: yard.lastModified,
    },
    yards: summaries,
    pens: penViews,
    waiting: mobs.filter((m) => waitingIds.has(m.stockMobId)),
    bin,
    binHead: bin.reduce((sum, m) => sum + m.head, 0),
    arriving: mobs.filter((m) => m.mobStatus === MOB_STATUS.MovingBetweenYards && m.stockyardId === yard.id),
    today: ctx.today,
  };
}

function penView(
  pen: PenRow,
  contents: In<typeof MobInYard>[],
  labels: Map<number, string>,
): In<typeof PenView> {
  const state = { ...pen, contents };
  return {
    id: pen.id,
    name: pen.name,
    x: pen.x,
    y: pen.y,
    width: pen.width,
    height: pen.height,
    angle: pen.angle,
    capacity: pen.capacity,
    isOperational: pen.isOperational,
    livestockOrderReservedForId: pen.livestockOrderReservedForId,
    reservedForLabel: pen.livestockOrderReservedForId === null
      ? null
      : labels.get(pen.livestockOrderReservedForId) ?? `Order ${pen.livestockOrderReservedForId}`,
    isContentPendingKill: pen.isContentPendingKill,
    status: penStatus(state),
    head: penHead(state),
    contents,
    lastModified: pen.lastModified,
  };
}

/** "Lot 123 · Supplier" for the orders pens are reserved for. */
async function orderLabels(ctx: AreaContext, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.db.select({
    id: livestockOrders.id,
    lot: livestockOrders.agendaLotReference,
    supplier: suppliers.name,
  }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
    .where(inArray(livestockOrders.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.lot ? `Lot ${r.lot}` : `Order ${r.id}`} · ${r.supplier}`]));
}
