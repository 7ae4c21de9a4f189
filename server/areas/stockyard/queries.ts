/**
 * Stockyard reads: the live yard (pens with their content and derived status, mobs waiting to be
 * unloaded, the unfit bin, mobs arriving from another yard), the yards of a site, the yards' setup and a
 * mob's history. Pages make this class (they never write); StockyardService (commands.ts) extends it.
 * Only yards of the caller's allowed sites exist for them (404 otherwise).
 */
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sum,
} from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  livestockOrders,
  mobRequirements,
  pens,
  stockMobs,
  stockyards,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { defaultSiteId } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import { auditHistory } from "../audit.ts";
import { keptUntilChange } from "../keptReads.ts";
import { MOB_STATUS, mobStatusName, orderStatusName, speciesCategoryName } from "../../../kernel/enums.ts";
import { penHead, penStatus } from "./rules.ts";
import type { MobHistory, MobInYard, PenView, YardSummary, YardView } from "./schemas.ts";
import { type Db, type YardRow, YardSetupQueries } from "./setupQueries.ts";

export type { YardRow };
export type PenRow = typeof pens.$inferSelect;
export type MobRow = typeof stockMobs.$inferSelect;

/**
 * The columns a mob in the yard shows: reading these and not the whole 40-column row is most of what a
 * yard of hundreds of mobs costs to read (libSQL decodes every column it is given).
 */
const MOB_VIEW_COLUMNS = {
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
type MobViewRow = Pick<MobRow, keyof typeof MOB_VIEW_COLUMNS>;

/** The audit entity of a mob: its history page reads these. */
export const MOB_ENTITY = "stockMob";
export const YARD_ENTITY = "stockyard";

/** Mobs that hold head and sit in this yard's pens, its bin, or are on their way to it. */
const inYard = (yardId: number) =>
  and(
    eq(stockMobs.stockyardId, yardId),
    gt(stockMobs.head, 0),
    or(
      inArray(stockMobs.mobStatus, [MOB_STATUS.MovingBetweenYards]),
      eq(stockMobs.isInBin, true),
      gt(stockMobs.penId, 0),
    ),
  );

export class StockyardQueries extends YardSetupQueries {
  /**
   * Where the yard screen opens: the caller's default site's operational yard holding the most head
   * (a plant opens on the yard that is working), else any of their sites' yards.
   */
  protected async defaultYard(): Promise<YardRow> {
    const preferred = defaultSiteId(this.ctx.caller);
    const siteIds = [preferred, ...this.ctx.caller.sites.map((s) => s.id)]
      .filter((id, i, all): id is number => id !== null && all.indexOf(id) === i);
    for (const siteId of siteIds) {
      const busiest = (await this.yardSummaries(siteId)).filter((y) => y.isOperational)
        .toSorted((a, b) => b.head - a.head)[0];
      if (busiest) return this.yard(busiest.id);
    }
    throw ApiError.notFound("No yard is set up yet. Add one in Settings › Yards & paddocks.");
  }

  /**
   * The live yard (spec 1 §2 stockyard): what the yard screen draws and every action answers. Kept
   * until the database changes (keptReads.ts): every screen on the yard reads it again after each push.
   */
  async yardView(stockyardId?: number): Promise<z.output<typeof YardView>> {
    const id = stockyardId ?? (await this.defaultYard()).id;
    const { caller, today } = this.ctx;
    const species = caller.species.map((s) => `${s.id}=${s.name}`).join();
    const view = await keptUntilChange(
      this.ctx.db,
      `yardView:${id}:${today}:${species}`,
      () => this.#readYardView(id),
    );
    // (kept answers are shared: whether this caller may see the yard is checked every time)
    if (!caller.sites.some((s) => s.id === view.yard.tenantSiteId)) {
      throw ApiError.notFound("That yard does not exist.");
    }
    return view;
  }

  async #readYardView(stockyardId: number): Promise<z.output<typeof YardView>> {
    const yard = await this.yard(stockyardId);
    const db = this.ctx.db;
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
      this.yardSummaries(yard.tenantSiteId),
    ]);
    const mobs = await this.mobDtos([...mobRows, ...waitingRows]);
    const byPen = Map.groupBy(mobs.filter((m) => m.penId !== null), (m) => m.penId!);
    const labels = await this.orderLabels(penRows.map((p) => p.livestockOrderReservedForId));
    const penViews = penRows.map((pen) => this.penView(pen, byPen.get(pen.id) ?? [], labels));
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
      arriving: mobs.filter((m) =>
        m.mobStatus === MOB_STATUS.MovingBetweenYards && m.stockyardId === yard.id
      ),
      today: this.ctx.today,
    };
  }

  protected penView(
    pen: PenRow,
    contents: z.output<typeof MobInYard>[],
    labels: Map<number, string>,
  ): z.output<typeof PenView> {
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
  protected async orderLabels(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
    if (!wanted.length) return new Map();
    const rows = await this.ctx.db.select({
      id: livestockOrders.id,
      lot: livestockOrders.agendaLotReference,
      supplier: suppliers.name,
    }).from(livestockOrders).innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .where(inArray(livestockOrders.id, wanted));
    return new Map(rows.map((r) => [r.id, `${r.lot ? `Lot ${r.lot}` : `Order ${r.id}`} · ${r.supplier}`]));
  }

  /** Head, pens and pens used of every yard of a site. */
  async yardSummaries(tenantSiteId: number): Promise<z.output<typeof YardSummary>[]> {
    const db = this.ctx.db;
    const yards = await db.select().from(stockyards).where(eq(stockyards.tenantSiteId, tenantSiteId))
      .orderBy(asc(stockyards.sort), asc(stockyards.id));
    if (!yards.length) return [];
    const yardIds = yards.map((y) => y.id);
    // counted by the database: a site's yards hold hundreds of pens
    const [penCounts, stocked] = await Promise.all([
      db.select({ stockyardId: pens.stockyardId, n: count() }).from(pens)
        .where(inArray(pens.stockyardId, yardIds)).groupBy(pens.stockyardId),
      db.select({
        stockyardId: stockMobs.stockyardId,
        head: sum(stockMobs.head).mapWith(Number),
        pensUsed: countDistinct(stockMobs.penId),
      }).from(stockMobs)
        .where(
          and(inArray(stockMobs.stockyardId, yardIds), gt(stockMobs.head, 0), isNotNull(stockMobs.penId)),
        )
        .groupBy(stockMobs.stockyardId),
    ]);
    const pensOf = new Map(penCounts.map((p) => [p.stockyardId, p.n]));
    const stockOf = new Map(stocked.map((m) => [m.stockyardId, m]));
    return yards.map((y) => ({
      id: y.id,
      name: y.name,
      tenantSiteId: y.tenantSiteId,
      speciesId: y.speciesId,
      isAnySpeciesYard: y.isAnySpeciesYard,
      speciesName: this.speciesName(y),
      isPaddockGroup: y.isPaddockGroup,
      isOperational: y.isOperational,
      capacity: y.capacity,
      head: stockOf.get(y.id)?.head ?? 0,
      pens: pensOf.get(y.id) ?? 0,
      pensUsed: stockOf.get(y.id)?.pensUsed ?? 0,
    }));
  }

  /** The yards of the caller's sites (one site when given). */
  async yards(tenantSiteId?: number): Promise<z.output<typeof YardSummary>[]> {
    const sites = this.ctx.caller.sites.filter((s) => tenantSiteId === undefined || s.id === tenantSiteId);
    return (await Promise.all(sites.map((s) => this.yardSummaries(s.id)))).flat();
  }

  /** Mobs as the yard shows them: supplier, lot, category, requirements. */
  async mobDtos(rows: MobViewRow[], db: Db = this.ctx.db): Promise<z.output<typeof MobInYard>[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [requirementRows, supplierRows, orderRows] = await Promise.all([
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
    ]);
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
        lastModified: m.lastModified,
      };
    });
  }

  /** The mobs of a yard (pens, bin and arriving). */
  async mobs(stockyardId: number) {
    await this.yard(stockyardId);
    return this.mobDtos(
      await this.ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(inYard(stockyardId)),
    );
  }

  /** The unfit bin of a yard. */
  async bins(stockyardId: number) {
    await this.yard(stockyardId);
    return this.mobDtos(
      await this.ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(and(
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
  async recentMobs(opts: { fromDate?: string; toDate?: string; limit?: number } = {}) {
    const siteIds = this.ctx.caller.sites.map((s) => s.id);
    if (!siteIds.length) return [];
    const rows = await this.ctx.db.select(MOB_VIEW_COLUMNS).from(stockMobs).where(and(
      gt(stockMobs.head, 0),
      or(inArray(stockMobs.tenantSiteId, siteIds), isNull(stockMobs.tenantSiteId)),
      opts.fromDate ? gte(stockMobs.applicableProductionDate, opts.fromDate) : undefined,
      opts.toDate ? lte(stockMobs.applicableProductionDate, opts.toDate) : undefined,
    )).orderBy(desc(stockMobs.applicableProductionDate), asc(stockMobs.id)).limit(
      Math.min(opts.limit ?? 300, 1000),
    );
    return this.mobDtos(rows);
  }

  /** A mob's facts and history (spec 1 §2 management/{mobId}). */
  async mobHistory(stockMobId: number): Promise<z.output<typeof MobHistory>> {
    const [row] = await this.ctx.db.select().from(stockMobs).where(eq(stockMobs.id, stockMobId));
    if (!row) throw ApiError.notFound("That mob does not exist.");
    const [[mob], [order], [pen], [yard]] = await Promise.all([
      this.mobDtos([row]),
      this.ctx.db.select().from(livestockOrders).where(eq(livestockOrders.id, row.livestockOrderId)),
      row.penId ? this.ctx.db.select().from(pens).where(eq(pens.id, row.penId)) : Promise.resolve([]),
      row.stockyardId
        ? this.ctx.db.select().from(stockyards).where(eq(stockyards.id, row.stockyardId))
        : Promise.resolve([]),
    ]);
    return {
      mob,
      orderStatusName: orderStatusName(order.orderStatus),
      deliveryDate: order.deliveryDate,
      penName: pen?.name ?? null,
      stockyardName: yard?.name ?? null,
      history: await auditHistory(this.ctx.db, MOB_ENTITY, stockMobId),
    };
  }
}
