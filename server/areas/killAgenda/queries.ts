/**
 * Kill agenda reads (spec 1 §7 "Kill agenda"): a day's agenda, the seven-day planner with the unscheduled
 * mobs and undelivered orders beside it, the kill floors of a site. A day is built the first time it is
 * asked for and brought in line with the mobs' and orders' production dates on every read (agendaTx.ts);
 * a read of an unchanged day writes nothing. KillAgendaService (commands.ts) extends this class.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  killAgendaItems,
  killVolumeTargets,
  livestockOrders,
  pens,
  siteLocations,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import { defaultSiteId, defaultSpeciesId } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { addDays } from "../dates.ts";
import { MOB_STATUS, ORDER_STATUS, orderStatusName, orderStatusText } from "../livestock/enums.ts";
import { isPartiallyDelivered } from "../livestock/orders/rules.ts";
import { type AgendaRow, AgendaTx, type DayKey, isFrozen } from "./agendaTx.ts";
import {
  agendaTarget,
  estimatedCarcasses,
  focusDayProblem,
  isUnscheduled,
  itemStatus,
  lotName,
  MAX_SIDE_LIST,
  planningDays,
  refuseDrop,
} from "./rules.ts";
import type { AgendaItem, KillAgenda, SevenDayAgenda, UndeliveredOrders, UnscheduledMob } from "./schemas.ts";

type Out<S extends z.ZodType> = z.output<S>;
type MobRow = typeof stockMobs.$inferSelect;
type OrderRow = typeof livestockOrders.$inferSelect;
type ItemMob = Pick<
  MobRow,
  | "id"
  | "head"
  | "pic"
  | "mobStatus"
  | "plannedProductionDate"
  | "agendaLotReference"
  | "agendaLotReferenceSuffix"
  | "lastModified"
>;
type ItemOrder = Pick<
  OrderRow,
  | "id"
  | "supplierId"
  | "pic"
  | "quantityOrdered"
  | "declaredQuantity"
  | "orderStatus"
  | "agendaLotReference"
  | "isMsaEligible"
  | "totalDelivered"
  | "totalDoa"
  | "totalUnloaded"
  | "deliveryDate"
  | "deliveryTime"
  | "lastModified"
>;

/** What a screen or call asks for: a species and site (defaults: the caller's first / default). */
export interface SpeciesSite {
  speciesId?: number;
  tenantSiteId?: number;
}

const orderWords = (level: number) => orderStatusText(orderStatusName(level));

export class KillAgendaQueries {
  constructor(protected readonly ctx: AreaContext) {}

  /**
   * The species and site asked for, checked against the caller's (400 for one that is not theirs). Without
   * a species: the one chosen in the header. Without a site: the caller's site that kills most of the species lately (a plant's sheep may all go to one
   * site), else their default site.
   */
  protected async scope(q: SpeciesSite): Promise<{ speciesId: number; siteId: number }> {
    const { species, sites } = this.ctx.caller;
    // the species chosen in the header, as every list defaults to (server/pages/ListScope.tsx)
    const speciesId = q.speciesId ?? defaultSpeciesId(this.ctx.caller) ?? undefined;
    if (speciesId === undefined || !species.some((s) => s.id === speciesId)) {
      throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species." }]);
    }
    const siteId = q.tenantSiteId ?? await this.#busiestSite(speciesId) ?? defaultSiteId(this.ctx.caller) ??
      0;
    if (siteId !== 0 ? !sites.some((s) => s.id === siteId) : sites.length > 0) {
      throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites." }]);
    }
    return { speciesId, siteId };
  }

  async #busiestSite(speciesId: number): Promise<number | null> {
    const { sites } = this.ctx.caller;
    if (sites.length < 2) return null;
    const [top] = await this.ctx.db.select({ siteId: stockMobs.tenantSiteId, n: count() }).from(stockMobs)
      .where(and(
        eq(stockMobs.speciesId, speciesId),
        inArray(stockMobs.tenantSiteId, sites.map((s) => s.id)),
        gte(stockMobs.applicableProductionDate, addDays(this.ctx.today, -14)),
      ))
      .groupBy(stockMobs.tenantSiteId).orderBy(desc(count())).limit(1);
    return top?.siteId ?? null;
  }

  /** The day's agenda, built or brought up to date (a transaction only when something changed). */
  protected async synced(key: DayKey): Promise<AgendaRow> {
    return await new AgendaTx(this.ctx, this.ctx.db).upToDate(key) ??
      await this.ctx.db.transaction((tx) => new AgendaTx(this.ctx, tx).sync(key));
  }

  /** GetKillAgenda: the day's agenda for a species at a site. */
  async day(q: SpeciesSite & { date?: string }): Promise<Out<typeof KillAgenda>> {
    const { speciesId, siteId } = await this.scope(q);
    const agenda = await this.synced({ date: q.date ?? this.ctx.today, speciesId, siteId });
    return (await this.views([agenda]))[0];
  }

  /**
   * The days a document shows: one species, or every species of the caller, all at one site (the one
   * asked for, else the first species' busiest), so a report never mixes sites.
   */
  async documentDays(q: SpeciesSite & { date?: string }, everySpecies: boolean) {
    const date = q.date ?? this.ctx.today;
    const speciesIds = everySpecies
      ? this.ctx.caller.species.map((s) => s.id)
      : [(await this.scope(q)).speciesId];
    const out = [];
    let tenantSiteId = q.tenantSiteId;
    for (const speciesId of speciesIds) {
      const day = await this.day({ date, speciesId, tenantSiteId });
      tenantSiteId = day.tenantSiteId;
      out.push(day);
    }
    return out;
  }

  /** GetSevenDayAgenda: seven days from the focus day, with what is not planned yet. */
  async week(q: SpeciesSite & { focusDay?: string }): Promise<Out<typeof SevenDayAgenda>> {
    const focusDay = q.focusDay ?? this.ctx.today;
    const problem = focusDayProblem(focusDay, this.ctx.today);
    if (problem) throw ApiError.validation([{ field: "focusDay", message: problem }]);
    const { speciesId, siteId } = await this.scope(q);
    const agendas = [];
    for (const date of planningDays(focusDay)) agendas.push(await this.synced({ date, speciesId, siteId }));
    const key = { speciesId, tenantSiteId: siteId };
    const [days, unscheduled, undelivered, siteLocations] = await Promise.all([
      this.views(agendas),
      this.unscheduled(key),
      this.undelivered(key),
      this.killFloors(siteId),
    ]);
    return {
      focusDay,
      today: this.ctx.today,
      speciesId,
      tenantSiteId: siteId,
      days,
      unscheduled,
      undelivered,
      siteLocations,
    };
  }

  /** The kill floors of a site (the agenda's "site location"). */
  async killFloors(siteId: number) {
    const rows = await new AgendaTx(this.ctx, this.ctx.db).killFloors(siteId);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  /** Spec 1 §4 unscheduled mobs of the species at the site (at most 200; the total says how many). */
  async unscheduled(q: SpeciesSite): Promise<{ totalRecords: number; mobs: Out<typeof UnscheduledMob>[] }> {
    const { speciesId, siteId } = await this.scope(q);
    const m = stockMobs;
    const where = and(
      eq(m.speciesId, speciesId),
      siteId ? eq(m.tenantSiteId, siteId) : isNull(m.tenantSiteId),
      gt(m.head, 0),
      eq(m.isInBin, false),
      inArray(m.mobStatus, [
        MOB_STATUS.InPaddock,
        MOB_STATUS.MovingBetweenYards,
        MOB_STATUS.InYard,
        MOB_STATUS.PendingKillFloorMove,
        MOB_STATUS.ReadyToProcess,
      ]),
      or(
        and(
          inArray(m.mobStatus, [MOB_STATUS.InPaddock, MOB_STATUS.MovingBetweenYards]),
          isNull(m.plannedProductionDate),
        ),
        lt(m.applicableProductionDate, this.ctx.today),
      ),
    );
    const [rows, [{ n }]] = await Promise.all([
      this.ctx.db.select({ mob: m, supplierName: suppliers.name, pen: pens.name }).from(m)
        .innerJoin(suppliers, eq(suppliers.id, m.supplierId))
        .leftJoin(pens, eq(pens.id, m.penId))
        .where(where).orderBy(asc(m.applicableProductionDate), asc(m.id)).limit(MAX_SIDE_LIST),
      this.ctx.db.select({ n: count() }).from(m).where(where),
    ]);
    return {
      totalRecords: n,
      mobs: rows.filter((r) => isUnscheduled(r.mob, this.ctx.today)).map(({ mob, supplierName, pen }) => ({
        stockMobId: mob.id,
        livestockOrderId: mob.livestockOrderId,
        agendaLotReference: lotName(mob.agendaLotReference, mob.livestockOrderId),
        supplierName,
        pic: mob.pic,
        head: mob.head,
        status: itemStatus(mob.mobStatus, ORDER_STATUS.Unloaded),
        mobStatusNumber: mob.mobStatus,
        applicableProductionDate: mob.applicableProductionDate,
        pens: pen ? [pen] : [],
        lastModified: mob.lastModified,
      })),
    };
  }

  /** GetUndeliveredOrders: booked orders of the species whose delivery day has passed with nothing delivered. */
  async undelivered(q: SpeciesSite): Promise<Out<typeof UndeliveredOrders>> {
    const { speciesId, siteId } = await this.scope(q);
    const o = livestockOrders;
    const where = and(
      eq(o.speciesId, speciesId),
      siteId ? eq(o.tenantSiteId, siteId) : isNull(o.tenantSiteId),
      inArray(o.orderStatus, [ORDER_STATUS.Ordered, ORDER_STATUS.Confirmed]),
      lt(o.deliveryDate, this.ctx.today),
      notExists(
        this.ctx.db.select({ id: stockMobs.id }).from(stockMobs).where(eq(stockMobs.livestockOrderId, o.id)),
      ),
    );
    const [rows, [{ n }]] = await Promise.all([
      this.ctx.db.select({ order: o, supplierName: suppliers.name }).from(o)
        .innerJoin(suppliers, eq(suppliers.id, o.supplierId))
        .where(where).orderBy(asc(o.deliveryDate), asc(o.id)).limit(MAX_SIDE_LIST),
      this.ctx.db.select({ n: count() }).from(o).where(where),
    ]);
    return {
      totalRecords: n,
      orders: rows.map(({ order, supplierName }) => ({
        livestockOrderId: order.id,
        supplierName,
        pic: order.pic,
        head: order.declaredQuantity ?? order.quantityOrdered,
        deliveryDate: order.deliveryDate,
        productionDate: order.productionDate,
        orderStatus: orderWords(order.orderStatus),
        lastModified: order.lastModified,
      })),
    };
  }

  /** The agendas as the API answers them: items joined with their mobs, orders, suppliers and pens. */
  async views(agendas: readonly AgendaRow[]): Promise<Out<typeof KillAgenda>[]> {
    if (!agendas.length) return [];
    const ids = agendas.map((a) => a.id);
    const speciesIds = [...new Set(agendas.map((a) => a.speciesId))];
    const locationIds = [...new Set(agendas.flatMap((a) => (a.siteLocationId ? [a.siteLocationId] : [])))];
    const [rows, targets, locations] = await Promise.all([
      this.ctx.db.select({
        item: killAgendaItems,
        // only what an item shows: decoding whole 40-column rows is most of a day's read time
        mob: {
          id: stockMobs.id,
          head: stockMobs.head,
          pic: stockMobs.pic,
          mobStatus: stockMobs.mobStatus,
          plannedProductionDate: stockMobs.plannedProductionDate,
          agendaLotReference: stockMobs.agendaLotReference,
          agendaLotReferenceSuffix: stockMobs.agendaLotReferenceSuffix,
          lastModified: stockMobs.lastModified,
        },
        order: {
          id: livestockOrders.id,
          supplierId: livestockOrders.supplierId,
          pic: livestockOrders.pic,
          quantityOrdered: livestockOrders.quantityOrdered,
          declaredQuantity: livestockOrders.declaredQuantity,
          orderStatus: livestockOrders.orderStatus,
          agendaLotReference: livestockOrders.agendaLotReference,
          isMsaEligible: livestockOrders.isMsaEligible,
          totalDelivered: livestockOrders.totalDelivered,
          totalDoa: livestockOrders.totalDoa,
          totalUnloaded: livestockOrders.totalUnloaded,
          deliveryDate: livestockOrders.deliveryDate,
          deliveryTime: livestockOrders.deliveryTime,
          lastModified: livestockOrders.lastModified,
        },
        supplierName: suppliers.name,
        pen: pens.name,
      }).from(killAgendaItems)
        .innerJoin(livestockOrders, eq(livestockOrders.id, killAgendaItems.livestockOrderId))
        .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
        .leftJoin(stockMobs, eq(stockMobs.id, killAgendaItems.stockMobId))
        .leftJoin(pens, eq(pens.id, stockMobs.penId))
        .where(inArray(killAgendaItems.killAgendaId, ids))
        .orderBy(asc(killAgendaItems.killAgendaId), asc(killAgendaItems.killOrder)),
      this.ctx.db.select().from(killVolumeTargets).where(inArray(killVolumeTargets.speciesId, speciesIds)),
      locationIds.length
        ? this.ctx.db.select({ id: siteLocations.id, name: siteLocations.name }).from(siteLocations)
          .where(inArray(siteLocations.id, locationIds))
        : [],
    ]);
    const byAgenda = Map.groupBy(rows, (r) => r.item.killAgendaId);
    return agendas.map((agenda) => {
      const species = this.#speciesName(agenda.speciesId);
      const items = (byAgenda.get(agenda.id) ?? []).map((r, i) => this.#item(r, i + 1, species, agenda));
      const head = items.reduce((n, i) => n + i.numberOfHead, 0);
      const target = agendaTarget(targets, agenda);
      return {
        id: agenda.id,
        productionDate: agenda.productionDate,
        speciesId: agenda.speciesId,
        species,
        tenantSiteId: agenda.tenantSiteId,
        siteName: this.ctx.caller.sites.find((s) => s.id === agenda.tenantSiteId)?.name ?? "",
        siteLocationId: agenda.siteLocationId,
        siteLocationName: locations.find((l) => l.id === agenda.siteLocationId)?.name ?? null,
        revision: agenda.revision,
        printedAt: agenda.printedAt,
        isFrozen: isFrozen(agenda),
        integrationStatus: agenda.integrationStatus as "NotSent" | "Sent" | "Failed",
        integrationSentAt: agenda.integrationSentAt,
        lastModified: agenda.lastModified,
        items,
        totals: {
          head,
          estimatedCarcasses: items.reduce((n, i) => n + i.estimatedCarcasses, 0),
          target,
          difference: head - target,
        },
      };
    });
  }

  #item(
    r: {
      item: typeof killAgendaItems.$inferSelect;
      mob: ItemMob | null;
      order: ItemOrder;
      supplierName: string;
      pen: string | null;
    },
    killOrder: number,
    species: string,
    agenda: AgendaRow,
  ): Out<typeof AgendaItem> {
    const { mob, order } = r;
    const head = mob ? mob.head : order.declaredQuantity ?? order.quantityOrdered;
    const lot = (mob ? mob.agendaLotReference : order.agendaLotReference) ?? "";
    return {
      id: r.item.id,
      livestockOrderId: order.id,
      stockMobId: mob?.id ?? null,
      agendaLotReference: lot,
      agendaLotReferenceSuffix: mob?.agendaLotReferenceSuffix ?? "",
      speciesId: agenda.speciesId,
      species,
      supplierId: order.supplierId,
      supplierName: r.supplierName,
      pic: mob?.pic || order.pic,
      numberOfHead: head,
      estimatedCarcasses: estimatedCarcasses(head, agenda.speciesId),
      mobStatusNumber: mob?.mobStatus ?? null,
      orderStatusNumber: order.orderStatus,
      orderStatus: orderWords(order.orderStatus),
      status: itemStatus(mob?.mobStatus ?? null, order.orderStatus),
      applicableProductionDate: agenda.productionDate,
      isPlannedProductionDateSetForMob: Boolean(mob?.plannedProductionDate),
      isPartiallyDelivered: order.orderStatus === ORDER_STATUS.PartiallyDelivered ||
        isPartiallyDelivered(order),
      isForDeliveryDisplay: !mob,
      isMsaEligible: order.isMsaEligible,
      killAgendaOrderNumber: killOrder,
      deliveryDate: order.deliveryDate,
      deliveryTime: order.deliveryTime,
      pens: r.pen ? [r.pen] : [],
      moveRefusal: refuseDrop(
        { mobStatus: mob?.mobStatus ?? null, isUnscheduled: false, lot: lotName(lot, order.id) },
        this.ctx.today,
        this.ctx.today,
      ),
      lastModified: mob?.lastModified ?? order.lastModified,
    };
  }

  #speciesName(id: number) {
    return this.ctx.caller.species.find((s) => s.id === id)?.name ?? `Species ${id}`;
  }
}
