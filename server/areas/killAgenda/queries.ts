/**
 * Kill agenda reads (spec 1 §7 "Kill agenda"): a day's agenda, the seven-day planner with the unscheduled
 * mobs and undelivered orders beside it, the kill floors of a site. A day is built the first time it is
 * asked for and brought in line with the mobs' and orders' production dates on every read (agendaTx.ts);
 * a read of an unchanged day writes nothing. Functions over the caller's context; the kill floor and the
 * TV display read the day through them too (this module is the area's public face for reads).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { livestockOrders, pens, stockMobs, suppliers } from "../../../db/tenant/schema.ts";
import { defaultSiteId, defaultSpeciesId } from "../../auth/userModel.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import { keptUntilChange } from "../keptReads.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import {
  type AgendaRow,
  type DayKey,
  keyOf,
  killFloorsOf,
  mayUse,
  storedAgenda,
  syncDay,
  upToDate,
} from "./agendaTx.ts";
import { agendaViews, orderWords } from "./views.ts";
import { groupsOf } from "./boardRules.ts";
import { focusDayProblem, isUnscheduled, itemStatus, lotName, MAX_SIDE_LIST, planningDays } from "./rules.ts";
import type { KillAgenda, SevenDayAgenda, UndeliveredOrders, UnscheduledMob } from "./schemas.ts";

type Out<S extends z.ZodType> = z.output<S>;

export { agendaViews } from "./views.ts";
export type { AgendaRow, DayKey } from "./agendaTx.ts";
/** What a screen or call asks for: a species and site (defaults: the caller's first / default). */
export interface SpeciesSite {
  speciesId?: number;
  tenantSiteId?: number;
}

/**
 * The species and site asked for, checked against the caller's (400 for one that is not theirs). Without
 * a species: the one chosen in the header. Without a site: the caller's site that kills most of the species lately (a plant's sheep may all go to one
 * site), else their default site.
 */
export async function speciesSiteOf(
  ctx: AreaContext,
  q: SpeciesSite,
): Promise<{ speciesId: number; siteId: number }> {
  // the species chosen in the header, as every list defaults to (server/pages/ListScope.tsx)
  const speciesId = q.speciesId ?? defaultSpeciesId(ctx.caller) ?? undefined;
  if (speciesId === undefined || !ctx.scope.hasSpecies(speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species." }]);
  }
  const siteId = q.tenantSiteId ?? await busiestSite(ctx, speciesId) ?? defaultSiteId(ctx.caller) ?? 0;
  if (siteId !== 0 ? !ctx.scope.hasSite(siteId) : ctx.scope.sites.length > 0) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites." }]);
  }
  return { speciesId, siteId };
}

async function busiestSite(ctx: AreaContext, speciesId: number): Promise<number | null> {
  if (ctx.scope.siteIds.length < 2) return null;
  const [top] = await ctx.db.select({ siteId: stockMobs.tenantSiteId, n: count() }).from(stockMobs)
    .where(and(
      eq(stockMobs.speciesId, speciesId),
      inArray(stockMobs.tenantSiteId, [...ctx.scope.siteIds]),
      gte(stockMobs.applicableProductionDate, addDays(ctx.today, -14)),
    ))
    .groupBy(stockMobs.tenantSiteId).orderBy(desc(count())).limit(1);
  return top?.siteId ?? null;
}

/** The day's agenda, built or brought up to date (a transaction only when something changed). */
export async function syncedDay(ctx: AreaContext, key: DayKey): Promise<AgendaRow> {
  return await upToDate(ctx.db, key) ?? await ctx.write((_, unit) => syncDay(unit, key));
}

/** An agenda of the caller's, brought up to date and unchanged since the caller read it (404 / 409). */
export async function currentAgenda(ctx: AreaContext, id: number, lastModified?: string): Promise<AgendaRow> {
  const agenda = await syncedDay(ctx, keyOf(await storedAgenda(ctx, ctx.db, id)));
  assertUnchanged(agenda, lastModified, "kill agenda");
  return agenda;
}

/**
 * GetKillAgenda: the day's agenda for a species at a site. Kept until the database changes
 * (keptReads.ts): the office, the floor and the TVs read the day again after every change to it.
 */
export async function agendaDay(
  ctx: AreaContext,
  q: SpeciesSite & { date?: string },
): Promise<Out<typeof KillAgenda>> {
  const { speciesId, siteId } = await speciesSiteOf(ctx, q);
  const date = q.date ?? ctx.today;
  return await kept(ctx, `day:${date}:${speciesId}:${siteId}`, async () => {
    const agenda = await syncedDay(ctx, { date, speciesId, siteId });
    return (await agendaViews(ctx, [agenda]))[0];
  });
}

/** A read of this caller's species and sites kept until the database changes (and until tomorrow). */
function kept<T>(ctx: AreaContext, key: string, read: () => Promise<T>): Promise<T> {
  const { scope, today } = ctx;
  const names = [...scope.species, ...scope.sites].map((s) => `${s.id}=${s.name}`).join();
  return keptUntilChange(ctx.db, `killAgenda:${key}:${today}:${names}`, read);
}

/**
 * The days a document shows: one species, or every species of the caller, all at one site (the one
 * asked for, else the first species' busiest), so a report never mixes sites.
 */
export async function documentDays(
  ctx: AreaContext,
  q: SpeciesSite & { date?: string },
  everySpecies: boolean,
) {
  const date = q.date ?? ctx.today;
  const speciesIds = everySpecies ? [...ctx.scope.speciesIds] : [(await speciesSiteOf(ctx, q)).speciesId];
  const out = [];
  let tenantSiteId = q.tenantSiteId;
  for (const speciesId of speciesIds) {
    const day = await agendaDay(ctx, { date, speciesId, tenantSiteId });
    tenantSiteId = day.tenantSiteId;
    out.push(day);
  }
  return out;
}

/** GetSevenDayAgenda: seven days from the focus day, with what is not planned yet. */
export async function agendaWeek(
  ctx: AreaContext,
  q: SpeciesSite & { focusDay?: string },
): Promise<Out<typeof SevenDayAgenda>> {
  const focusDay = q.focusDay ?? ctx.today;
  const problem = focusDayProblem(focusDay, ctx.today);
  if (problem) throw ApiError.validation([{ field: "focusDay", message: problem }]);
  const { speciesId, siteId } = await speciesSiteOf(ctx, q);
  return await kept(ctx, `week:${focusDay}:${speciesId}:${siteId}`, async () => {
    const agendas = [];
    for (const date of planningDays(focusDay)) {
      agendas.push(await syncedDay(ctx, { date, speciesId, siteId }));
    }
    const key = { speciesId, tenantSiteId: siteId };
    const [days, unscheduled, undelivered, siteLocations] = await Promise.all([
      agendaViews(ctx, agendas),
      unscheduledMobs(ctx, key),
      undeliveredOrders(ctx, key),
      killFloors(ctx, siteId),
    ]);
    return {
      focusDay,
      today: ctx.today,
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
export async function killFloors(ctx: AreaContext, siteId: number) {
  const rows = await killFloorsOf(ctx.db, siteId);
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** Spec 1 §4 unscheduled mobs of the species at the site (at most 200; the total says how many). */
export async function unscheduledMobs(
  ctx: AreaContext,
  q: SpeciesSite,
): Promise<{ totalRecords: number; mobs: Out<typeof UnscheduledMob>[] }> {
  const { speciesId, siteId } = await speciesSiteOf(ctx, q);
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
      lt(m.applicableProductionDate, ctx.today),
    ),
  );
  const [rows, [{ n }]] = await Promise.all([
    ctx.db.select({ mob: m, supplierName: suppliers.name, pen: pens.name }).from(m)
      .innerJoin(suppliers, eq(suppliers.id, m.supplierId))
      .leftJoin(pens, eq(pens.id, m.penId))
      .where(where).orderBy(asc(m.applicableProductionDate), asc(m.id)).limit(MAX_SIDE_LIST),
    ctx.db.select({ n: count() }).from(m).where(where),
  ]);
  return {
    totalRecords: n,
    mobs: rows.filter((r) => isUnscheduled(r.mob, ctx.today)).map(({ mob, supplierName, pen }) => ({
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
export async function undeliveredOrders(
  ctx: AreaContext,
  q: SpeciesSite,
): Promise<Out<typeof UndeliveredOrders>> {
  const { speciesId, siteId } = await speciesSiteOf(ctx, q);
  const o = livestockOrders;
  const where = and(
    eq(o.speciesId, speciesId),
    siteId ? eq(o.tenantSiteId, siteId) : isNull(o.tenantSiteId),
    inArray(o.orderStatus, [ORDER_STATUS.Ordered, ORDER_STATUS.Confirmed]),
    lt(o.deliveryDate, ctx.today),
    notExists(
      ctx.db.select({ id: stockMobs.id }).from(stockMobs).where(eq(stockMobs.livestockOrderId, o.id)),
    ),
  );
  const [rows, [{ n }]] = await Promise.all([
    ctx.db.select({ order: o, supplierName: suppliers.name }).from(o)
      .innerJoin(suppliers, eq(suppliers.id, o.supplierId))
      .where(where).orderBy(asc(o.deliveryDate), asc(o.id)).limit(MAX_SIDE_LIST),
    ctx.db.select({ n: count() }).from(o).where(where),
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

/** Where an order stands on a kill agenda: its day and its card's place in the day's kill order. */
export interface AgendaPlace {
  date: string;
  speciesId: number;
  /** 0: a plant without sites */
  tenantSiteId: number;
  /** 1, 2, 3… among the day's cards (a boxed lot is one card) */
  position: number;
  /** the day's cards */
  cards: number;
}

/**
 * The agenda place of each of these orders that is on a day (its mobs' production days, else the
 * expected order's), read through agendaDay so the day is up to date; an order on two days answers the
 * earlier. Days of a species or site that is not the caller's are left out.
 */
export async function agendaPlacesOf(
  ctx: AreaContext,
  orderIds: readonly number[],
): Promise<Map<number, AgendaPlace>> {
  const out = new Map<number, AgendaPlace>();
  if (!orderIds.length) return out;
  const ids = [...new Set(orderIds)];
  const [mobDays, orders] = await Promise.all([
    ctx.db.selectDistinct({
      orderId: stockMobs.livestockOrderId,
      date: stockMobs.applicableProductionDate,
      speciesId: stockMobs.speciesId,
      siteId: stockMobs.tenantSiteId,
    }).from(stockMobs).where(inArray(stockMobs.livestockOrderId, ids)),
    ctx.db.select({
      orderId: livestockOrders.id,
      date: livestockOrders.productionDate,
      delivery: livestockOrders.deliveryDate,
      speciesId: livestockOrders.speciesId,
      siteId: livestockOrders.tenantSiteId,
    }).from(livestockOrders).where(inArray(livestockOrders.id, ids)),
  ]);
  // an order with mobs stands on its mobs' days; one still expected on its production (else delivery) day
  const withMobs = new Set(mobDays.map((m) => m.orderId));
  const expected = orders.filter((o) => !withMobs.has(o.orderId)).map((o) => ({
    ...o,
    date: o.date ?? o.delivery,
  }));
  const days = new Map<string, { date: string; speciesId: number; tenantSiteId: number }>();
  for (const d of [...mobDays, ...expected]) {
    if (!d.date) continue; // a mob in the paddock with no day yet
    const key = { date: d.date, speciesId: d.speciesId, tenantSiteId: d.siteId ?? 0 };
    if (!mayUse(ctx.scope, key)) continue;
    days.set(`${key.date}:${key.speciesId}:${key.tenantSiteId}`, key);
  }
  const wanted = new Set(ids);
  for (const key of [...days.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    const day = await agendaDay(ctx, key);
    const cards = groupsOf(day.items, (i) => i.boxedLotRef);
    cards.forEach((card, i) => {
      for (const item of card) {
        if (!wanted.has(item.livestockOrderId) || out.has(item.livestockOrderId)) continue;
        out.set(item.livestockOrderId, { ...key, position: i + 1, cards: cards.length });
      }
    });
  }
  return out;
}

// the next days' planned head and lots: read by the kill agenda's day and, through this public face, the
// TV's agenda screen on a day with nothing on it
export { type ComingDay, comingDays } from "./comingDays.ts";
