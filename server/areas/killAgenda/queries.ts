/**
 * Kill agenda reads (spec 1 §7 "Kill agenda"): a day's agenda, the seven-day planner with the unscheduled
 * mobs and undelivered orders beside it, the kill floors of a site. A day is built the first time it is
 * asked for and brought in line with the mobs' and orders' production dates on every read (agendaTx.ts);
 * a read of an unchanged day writes nothing. KillAgendaService (commands.ts) extends this class.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, pens, stockMobs, suppliers } from "../../../db/tenant/schema.ts";
import { defaultSiteId, defaultSpeciesId } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { keptUntilChange } from "../keptReads.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { type AgendaRow, AgendaTx, type DayKey } from "./agendaTx.ts";
import { agendaViews, orderWords } from "./views.ts";
import { focusDayProblem, isUnscheduled, itemStatus, lotName, MAX_SIDE_LIST, planningDays } from "./rules.ts";
import type { KillAgenda, SevenDayAgenda, UndeliveredOrders, UnscheduledMob } from "./schemas.ts";

type Out<S extends z.ZodType> = z.output<S>;
/** What a screen or call asks for: a species and site (defaults: the caller's first / default). */
export interface SpeciesSite {
  speciesId?: number;
  tenantSiteId?: number;
}

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

  /**
   * GetKillAgenda: the day's agenda for a species at a site. Kept until the database changes
   * (keptReads.ts): the office, the floor and the TVs read the day again after every change to it.
   */
  async day(q: SpeciesSite & { date?: string }): Promise<Out<typeof KillAgenda>> {
    const { speciesId, siteId } = await this.scope(q);
    const date = q.date ?? this.ctx.today;
    return await this.#kept(`day:${date}:${speciesId}:${siteId}`, async () => {
      const agenda = await this.synced({ date, speciesId, siteId });
      return (await this.views([agenda]))[0];
    });
  }

  /** A read of this caller's species and sites kept until the database changes (and until tomorrow). */
  #kept<T>(key: string, read: () => Promise<T>): Promise<T> {
    const { caller, today } = this.ctx;
    const names = [...caller.species, ...caller.sites].map((s) => `${s.id}=${s.name}`).join();
    return keptUntilChange(this.ctx.db, `killAgenda:${key}:${today}:${names}`, read);
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
    return await this.#kept(`week:${focusDay}:${speciesId}:${siteId}`, async () => {
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
    });
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
  views(agendas: readonly AgendaRow[]): Promise<Out<typeof KillAgenda>[]> {
    return agendaViews(this.ctx, agendas);
  }
}
