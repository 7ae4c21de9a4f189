/**
 * Where a kill day's plannable carcasses come from: the kill floor's records once the day was killed
 * (whole condemnations left out), else the day's planned lots (kill agenda, else orders), each lot's head predicted from its
 * supplier's last carcasses of the species (their HSCW and fat, in turn) or, for a new supplier, the
 * species' recent carcasses. Reads the kill floor, kill agenda, orders and mobs tables (read only).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or } from "drizzle-orm";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import {
  carcasses,
  killAgendaItems,
  killAgendas,
  livestockOrders,
  stockMobs,
} from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import type { JudgedCarcass } from "../specifications/rules.ts";

/** The kill floor fields a specification judges (spec 3 §4 units). */
export type CarcassFields = JudgedCarcass & { hscwKg: number };
export type SourceCarcass = CarcassFields & { id: number; dateValue: string };

/** How many past carcasses of a supplier stand for its coming lots. */
export const PAST_CARCASSES = 60;

const FIELDS = {
  id: carcasses.id,
  dateValue: carcasses.productionDate,
  hscwKg: carcasses.hscwKg,
  fatDepthMm: carcasses.fatDepthMm,
  fatScore: carcasses.fatScore,
  dentition: carcasses.dentition,
  sex: carcasses.sex,
  msaIndex: carcasses.msaIndex,
  msaMarbling: carcasses.msaMarbling,
  msaOssification: carcasses.msaOssification,
};

export type DayKey = { speciesId: number; tenantSiteId: number };
/** What the reads need: the tenant's database (an area context, or the demo seed's database). */
export type Reader = Pick<AreaContext, "db">;

/** The killed carcasses of the days, by day. */
async function killed(ctx: Reader, key: DayKey, from: string, to: string) {
  const rows = await ctx.db.select(FIELDS).from(carcasses).where(and(
    eq(carcasses.speciesId, key.speciesId),
    eq(carcasses.tenantSiteId, key.tenantSiteId),
    gte(carcasses.productionDate, from),
    lte(carcasses.productionDate, to),
    ne(carcasses.condemned, "whole"),
  ));
  const byDay = new Map<string, SourceCarcass[]>();
  for (const r of rows) byDay.set(r.dateValue, [...byDay.get(r.dateValue) ?? [], r]);
  return byDay;
}

/**
 * The lots planned for the days: the kill agenda's lots once the day has an agenda (its mobs' head once
 * delivered, else the order's), else the orders planned for the day (the agenda is built from them).
 */
async function plannedLots(ctx: Reader, key: DayKey, days: string[]) {
  if (!days.length) return [];
  const onAgenda = await ctx.db.select({
    dateValue: killAgendas.productionDate,
    orderId: livestockOrders.id,
    supplierId: livestockOrders.supplierId,
    ordered: livestockOrders.quantityOrdered,
    mobHead: stockMobs.head,
  }).from(killAgendaItems)
    .innerJoin(killAgendas, eq(killAgendas.id, killAgendaItems.killAgendaId))
    .innerJoin(livestockOrders, eq(livestockOrders.id, killAgendaItems.livestockOrderId))
    .leftJoin(stockMobs, eq(stockMobs.id, killAgendaItems.stockMobId))
    .where(and(
      eq(killAgendas.speciesId, key.speciesId),
      eq(killAgendas.tenantSiteId, key.tenantSiteId),
      inArray(killAgendas.productionDate, days),
    ));
  const agendaDays = new Set(onAgenda.map((l) => l.dateValue));
  const rest = days.filter((d) => !agendaDays.has(d));
  const ordered = rest.length
    ? await ctx.db.select({
      dateValue: livestockOrders.productionDate,
      supplierId: livestockOrders.supplierId,
      ordered: livestockOrders.quantityOrdered,
    }).from(livestockOrders).where(and(
      eq(livestockOrders.speciesId, key.speciesId),
      inArray(livestockOrders.productionDate, rest),
      ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
      key.tenantSiteId
        ? or(isNull(livestockOrders.tenantSiteId), eq(livestockOrders.tenantSiteId, key.tenantSiteId))
        : undefined,
    )).orderBy(asc(livestockOrders.id))
    : [];
  return [
    ...onAgenda.map((l) => ({
      dateValue: l.dateValue,
      supplierId: l.supplierId,
      head: l.mobHead ?? l.ordered,
    })),
    ...ordered.map((o) => ({ dateValue: o.dateValue!, supplierId: o.supplierId, head: o.ordered })),
  ];
}

/** A supplier's last carcasses of the species before the day (the species' own when it has none). */
async function pastOf(ctx: Reader, speciesId: number, supplierId: number | null, before: string) {
  return await ctx.db.select(FIELDS).from(carcasses).where(and(
    eq(carcasses.speciesId, speciesId),
    supplierId === null ? undefined : eq(carcasses.supplierId, supplierId),
    lte(carcasses.productionDate, before),
    ne(carcasses.condemned, "whole"),
  )).orderBy(desc(carcasses.productionDate), desc(carcasses.id)).limit(PAST_CARCASSES);
}

/**
 * The carcasses of each kill day from..to: killed ones, else predicted ones (negative ids, numbered per
 * day). A day with neither has none.
 */
export async function carcassesOfDays(
  ctx: Reader,
  key: DayKey,
  days: string[],
): Promise<Map<string, SourceCarcass[]>> {
  const from = days[0], to = days[days.length - 1];
  const out = await killed(ctx, key, from, to);
  const coming = days.filter((d) => !out.has(d));
  const lots = await plannedLots(ctx, key, coming);
  const past = new Map<string, SourceCarcass[]>();
  let speciesPast: SourceCarcass[] | null = null;
  const counters = new Map<string, number>();
  for (const lot of lots) {
    const head = lot.head;
    const pastKey = `${lot.supplierId}:${lot.dateValue}`;
    let sample = past.get(pastKey);
    if (!sample) past.set(pastKey, sample = await pastOf(ctx, key.speciesId, lot.supplierId, lot.dateValue));
    if (!sample.length) sample = speciesPast ??= await pastOf(ctx, key.speciesId, null, lot.dateValue);
    if (!sample.length) continue;
    const list = out.get(lot.dateValue) ?? [];
    let n = counters.get(lot.dateValue) ?? 0;
    for (let i = 0; i < head; i++) {
      list.push({ ...sample[i % sample.length], id: -(++n), dateValue: lot.dateValue });
    }
    counters.set(lot.dateValue, n);
    out.set(lot.dateValue, list);
  }
  return out;
}
