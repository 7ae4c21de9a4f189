/**
 * The kill agenda's pieces of a unit of work: find or build a day's agenda, bring its items in line with
 * the mobs and orders planned for that day (rules.reconcile), number the kill order and the lots, mark it
 * changed. Reads (queries.ts) and every operation (operations/) go through here, so a day is built one
 * way. Functions that write take the caller's `unit` (they join its transaction); the mobs' and orders'
 * lots are written by their owners (stockyard/writes.ts, livestock/orders/writes.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, notExists, or, type SQL } from "drizzle-orm";
import {
  killAgendaItems,
  killAgendas,
  livestockOrders,
  siteLocations,
  stockMobs,
} from "../../../db/tenant/schema.ts";
import { tenantSites } from "../../../db/control/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx, type Unit } from "../context.ts";
import type { AuditEntryInput } from "../unit.ts";
import type { Scope } from "../scope.ts";
import { inJsonList } from "../../../db/jsonRows.ts";
import { updateEach } from "../../../db/updateEach.ts";
import { setOrderLots } from "../livestock/orders/writes.ts";
import { setMobLots } from "../stockyard/writes.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { boxedLotRefsOf } from "../livestock/boxing/queries.ts";
import { assignLots, keepLotsTogether, lotReference, reconcile, type Slot } from "./rules.ts";

export type AgendaRow = typeof killAgendas.$inferSelect;
export type ItemRow = typeof killAgendaItems.$inferSelect;
export type MobRow = typeof stockMobs.$inferSelect;
export type OrderRow = typeof livestockOrders.$inferSelect;

/** Which agenda: a production day of one species at one site (0: a plant without sites). */
export interface DayKey {
  date: string;
  speciesId: number;
  siteId: number;
}

export const AGENDA_ENTITY = "killAgenda";

/** The site column of mobs and orders for a day key (a plant without sites stores null). */
const onSite = (
  column: typeof stockMobs.tenantSiteId | typeof livestockOrders.tenantSiteId,
  siteId: number,
) => siteId ? eq(column, siteId) : isNull(column);

/** The mobs planned for a day: alive, not condemned, holding head. */
export function mobsOfDay(key: DayKey): SQL {
  return and(
    eq(stockMobs.applicableProductionDate, key.date),
    eq(stockMobs.speciesId, key.speciesId),
    onSite(stockMobs.tenantSiteId, key.siteId),
    gt(stockMobs.head, 0),
    eq(stockMobs.isInBin, false),
    ne(stockMobs.mobStatus, MOB_STATUS.Unfit),
  )!;
}

/** Orders expected that day: booked, nothing delivered, killed that day (production, else delivery date). */
export function expectedOrdersOfDay(tx: Db, key: DayKey): SQL {
  const o = livestockOrders;
  return and(
    or(eq(o.productionDate, key.date), and(isNull(o.productionDate), eq(o.deliveryDate, key.date))),
    eq(o.speciesId, key.speciesId),
    onSite(o.tenantSiteId, key.siteId),
    inArray(o.orderStatus, [ORDER_STATUS.Ordered, ORDER_STATUS.Confirmed]),
    notExists(tx.select({ id: stockMobs.id }).from(stockMobs).where(eq(stockMobs.livestockOrderId, o.id))),
  )!;
}

/** A transaction, or the database itself for reads (`upToDate`, the checks before a unit). */
type Db = TenantTx | AreaContext["db"];

// ---------- reads ----------

/** The agenda's species and site are the caller's (a plant without sites: site 0). */
export function mayUse(scope: Scope, a: { speciesId: number; tenantSiteId: number }): boolean {
  const siteOk = a.tenantSiteId === 0 ? !scope.sites.length : scope.hasSite(a.tenantSiteId);
  return siteOk && scope.hasSpecies(a.speciesId);
}

/** An agenda of the caller's species and sites as stored (not brought up to date), else 404. */
export async function storedAgenda(ctx: AreaContext, db: Db, id: number): Promise<AgendaRow> {
  const [row] = await db.select().from(killAgendas).where(eq(killAgendas.id, id));
  if (!row || !mayUse(ctx.scope, row)) throw ApiError.notFound("That kill agenda does not exist.");
  return row;
}

/** An item of one of the caller's agendas, else 404. */
export async function agendaItem(
  ctx: AreaContext,
  db: Db,
  id: number,
): Promise<{ item: ItemRow; agenda: AgendaRow }> {
  const [item] = await db.select().from(killAgendaItems).where(eq(killAgendaItems.id, id));
  const [agenda] = item
    ? await db.select().from(killAgendas).where(eq(killAgendas.id, item.killAgendaId))
    : [];
  if (!item || !agenda || !mayUse(ctx.scope, agenda)) {
    throw ApiError.notFound("That agenda item does not exist. The agenda has been reloaded.");
  }
  return { item, agenda };
}

/** A mob of the caller's species and sites, unchanged since read, else 404 / 409. */
export async function agendaMob(
  ctx: AreaContext,
  db: Db,
  id: number,
  lastModified?: string,
): Promise<MobRow> {
  const [mob] = await db.select().from(stockMobs).where(eq(stockMobs.id, id));
  if (!mob || !mayUse(ctx.scope, { speciesId: mob.speciesId, tenantSiteId: mob.tenantSiteId ?? 0 })) {
    throw ApiError.notFound("That mob does not exist.");
  }
  assertUnchanged(mob, lastModified, "mob");
  return mob;
}

/** The active kill floors of a site (the agenda's "site location"), first made first. */
export function killFloorsOf(db: Db, siteId: number) {
  return db.select().from(siteLocations).where(and(
    eq(siteLocations.tenantSiteId, siteId),
    eq(siteLocations.locationType, "KillFloor"),
    eq(siteLocations.isActive, true),
  )).orderBy(asc(siteLocations.id));
}

/** The agenda's items in kill order. */
export function itemsOf(db: Db, agendaId: number): Promise<ItemRow[]> {
  return db.select().from(killAgendaItems).where(eq(killAgendaItems.killAgendaId, agendaId))
    .orderBy(asc(killAgendaItems.killOrder), asc(killAgendaItems.id));
}

/**
 * The day's agenda when it exists and matches what is planned, else null (then `syncDay` in a unit).
 * Reads only: a page showing an unchanged day takes no write lock.
 */
export async function upToDate(db: Db, key: DayKey): Promise<AgendaRow | null> {
  const [agenda] = await db.select().from(killAgendas).where(sameDay(key));
  return agenda && !(await plan(db, agenda, key)).next ? agenda : null;
}

/** The items the day should have, or `next: null` when it has them already. */
async function plan(
  db: Db,
  agenda: AgendaRow,
  key: DayKey,
): Promise<{ next: Slot[] | null; items: ItemRow[] }> {
  const [items, mobs, orders] = await Promise.all([
    itemsOf(db, agenda.id),
    db.select({ id: stockMobs.id, livestockOrderId: stockMobs.livestockOrderId }).from(stockMobs)
      .where(mobsOfDay(key)).orderBy(asc(stockMobs.id)),
    db.select({ id: livestockOrders.id }).from(livestockOrders)
      .where(expectedOrdersOfDay(db, key))
      .orderBy(asc(livestockOrders.deliveryDate), asc(livestockOrders.deliveryTime), asc(livestockOrders.id)),
  ]);
  const expected = [
    ...orders.map((o) => ({ livestockOrderId: o.id, stockMobId: null })),
    ...mobs.map((m) => ({ livestockOrderId: m.livestockOrderId, stockMobId: m.id })),
  ];
  // a boxed lot is killed as one: its items stand together wherever reconciling put them
  const lotOf = await boxedLotOf(db, expected);
  const next = keepLotsTogether(reconcile(items, expected), lotOf);
  const same = next.length === items.length &&
    next.every((s, i) => s.id === items[i].id && items[i].killOrder === i + 1);
  return { next: same ? null : next, items };
}

/** The boxed lot of an item (by its order), for the items given: null when its order is not boxed. */
export async function boxedLotOf(
  db: Db,
  items: readonly { livestockOrderId: number }[],
): Promise<(item: { livestockOrderId: number }) => string | null> {
  const refs = await boxedLotRefsOf(db, items.map((i) => i.livestockOrderId));
  return (item) => refs.get(item.livestockOrderId) ?? null;
}

const sameDay = (key: DayKey) =>
  and(
    eq(killAgendas.productionDate, key.date),
    eq(killAgendas.speciesId, key.speciesId),
    eq(killAgendas.tenantSiteId, key.siteId),
  );

/** The kill floor the species was last killed on at this site, else the site's first that takes it. */
async function defaultKillFloor(db: Db, key: DayKey): Promise<number | null> {
  const [last] = await db.select({ id: killAgendas.siteLocationId }).from(killAgendas)
    .where(and(
      eq(killAgendas.speciesId, key.speciesId),
      eq(killAgendas.tenantSiteId, key.siteId),
      isNotNull(killAgendas.siteLocationId),
    ))
    .orderBy(desc(killAgendas.productionDate)).limit(1);
  if (last?.id) return last.id;
  const floors = await killFloorsOf(db, key.siteId);
  return (floors.find((f) => f.speciesIds.includes(key.speciesId)) ??
    floors.find((f) => !f.speciesIds.length))
    ?.id ?? null;
}

/** The site's place among the tenant's sites when it has more than one (lots tell the sites apart). */
async function siteNumber(ctx: AreaContext, siteId: number): Promise<number | null> {
  if (!siteId) return null;
  const sites = await ctx.app.db.control.select({ id: tenantSites.id }).from(tenantSites)
    .where(eq(tenantSites.tenantId, ctx.tenantId)).orderBy(asc(tenantSites.id));
  return sites.length > 1 ? sites.findIndex((s) => s.id === siteId) + 1 || null : null;
}

// ---------- in a unit of work ----------

/** An agenda of the caller's, brought up to date, unchanged since the caller read it (404 / 409). */
export async function agendaIn(unit: Unit, id: number, lastModified?: string): Promise<AgendaRow> {
  return (await agendaWithItems(unit, id, lastModified)).agenda;
}

/** The same, with its items in kill order (read once: the sync has them in hand). */
export async function agendaWithItems(
  unit: Unit,
  id: number,
  lastModified?: string,
): Promise<{ agenda: AgendaRow; items: ItemRow[] }> {
  const row = await storedAgenda(unit.ctx, unit.tx, id);
  const { next, items } = await plan(unit.tx, row, keyOf(row));
  if (!next) {
    assertUnchanged(row, lastModified, "kill agenda");
    return { agenda: row, items };
  }
  await writeItems(unit, row, next, items);
  const synced = await touchAgenda(unit, row);
  assertUnchanged(synced, lastModified, "kill agenda");
  return { agenda: synced, items: await itemsOf(unit.tx, synced.id) };
}

/** The day's agenda, created on first use (two callers building it at once share one). */
async function ensureDay(unit: Unit, key: DayKey): Promise<AgendaRow> {
  const [found] = await unit.tx.select().from(killAgendas).where(sameDay(key));
  if (found) return found;
  const now = new Date().toISOString();
  await unit.tx.insert(killAgendas).values({
    productionDate: key.date,
    speciesId: key.speciesId,
    tenantSiteId: key.siteId,
    siteLocationId: await defaultKillFloor(unit.tx, key),
    createdAt: now,
    lastModified: now,
  }).onConflictDoNothing();
  const [made] = await unit.tx.select().from(killAgendas).where(sameDay(key));
  return made;
}

/**
 * Builds the day's agenda or brings it in line with what is planned for the day; writes only what
 * differs (a read of an unchanged day writes nothing) and then marks the agenda changed.
 */
export async function syncDay(unit: Unit, key: DayKey): Promise<AgendaRow> {
  const agenda = await ensureDay(unit, key);
  const { next, items } = await plan(unit.tx, agenda, key);
  if (!next) return agenda;
  await writeItems(unit, agenda, next, items);
  return await touchAgenda(unit, agenda);
}

/** Stores `slots` as the agenda's items in that kill order (new ones inserted, dropped ones deleted). */
export async function writeItems(
  unit: Unit,
  agenda: AgendaRow,
  slots: readonly Slot[],
  before?: readonly ItemRow[],
) {
  const { tx } = unit;
  const old = before ?? await itemsOf(tx, agenda.id);
  const kept = new Set(slots.flatMap((s) => (s.id ? [s.id] : [])));
  const gone = old.filter((i) => !kept.has(i.id)).map((i) => i.id);
  if (gone.length) await tx.delete(killAgendaItems).where(inJsonList(killAgendaItems.id, gone));
  const fresh = slots.flatMap((slot, index) =>
    slot.id === null
      ? [{
        killAgendaId: agenda.id,
        livestockOrderId: slot.livestockOrderId,
        stockMobId: slot.stockMobId,
        killOrder: index + 1,
      }]
      : []
  );
  if (fresh.length) await tx.insert(killAgendaItems).values(fresh);
  const byId = new Map(old.map((i) => [i.id, i]));
  const moved = slots.flatMap((slot, index) => {
    const was = slot.id === null ? undefined : byId.get(slot.id);
    return slot.id !== null && (!was || was.killOrder !== index + 1) ? [[slot.id, index + 1] as const] : [];
  });
  // one statement for the whole day, not one per item (a day can hold hundreds of lots)
  await updateEach(tx, killAgendaItems, [killAgendaItems.killOrder], moved, [[
    killAgendaItems.killAgendaId,
    agenda.id,
  ]]);
  await numberLots(unit, agenda, slots);
}

/** Items handed to another agenda as they are (their place is set by the next `writeItems`). */
export async function reassignItems(unit: Unit, items: readonly ItemRow[], agendaId: number) {
  if (!items.length) return;
  await unit.tx.update(killAgendaItems).set({ killAgendaId: agendaId })
    .where(inArray(killAgendaItems.id, items.map((i) => i.id)));
}

/**
 * Lot references in kill order (kept once the agenda was printed or sent: rules.assignLots). The lots
 * live on the mobs and the expected orders: their owners write them.
 */
async function numberLots(unit: Unit, agenda: AgendaRow, items: readonly Omit<Slot, "id">[]) {
  if (!items.length) return;
  const { tx } = unit;
  const mobIds = items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
  const orderIds = items.filter((i) => !i.stockMobId).map((i) => i.livestockOrderId);
  const [mobs, orders, site] = await Promise.all([
    mobIds.length
      ? tx.select({
        id: stockMobs.id,
        lot: stockMobs.agendaLotReference,
        suffix: stockMobs.agendaLotReferenceSuffix,
      }).from(stockMobs).where(inJsonList(stockMobs.id, mobIds))
      : [],
    orderIds.length
      ? tx.select({ id: livestockOrders.id, lot: livestockOrders.agendaLotReference })
        .from(livestockOrders).where(inJsonList(livestockOrders.id, orderIds))
      : [],
    siteNumber(unit.ctx, agenda.tenantSiteId),
  ]);
  const mobById = new Map(mobs.map((m) => [m.id, m]));
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const current = items.map((i) => ({
    livestockOrderId: i.livestockOrderId,
    stockMobId: i.stockMobId,
    lot: i.stockMobId
      ? mobById.get(i.stockMobId)?.lot ?? null
      : orderById.get(i.livestockOrderId)?.lot ?? null,
    suffix: i.stockMobId ? mobById.get(i.stockMobId)?.suffix ?? null : null,
  }));
  const lots = assignLots(
    current,
    (n) => lotReference(agenda.speciesId, agenda.productionDate, n, site),
    isFrozen(agenda),
  );
  const mobLots: [number, string, string][] = [];
  const orderLots: [number, string][] = [];
  for (const [k, item] of items.entries()) {
    const { lot, suffix } = lots[k];
    if (item.stockMobId) {
      const mob = mobById.get(item.stockMobId);
      if (mob?.lot === lot && (mob.suffix ?? "") === suffix) continue;
      mobLots.push([item.stockMobId, lot, suffix]);
    } else if (orderById.get(item.livestockOrderId)?.lot !== lot) {
      orderLots.push([item.livestockOrderId, lot]);
    }
  }
  if (mobLots.length) await setMobLots(unit, mobLots);
  if (orderLots.length) await setOrderLots(unit, orderLots);
}

/**
 * Marks the agenda changed: a new lastModified, and a new revision once it was printed or sent to the
 * plant (the plant's copy and the paper then differ from it).
 */
export async function touchAgenda(
  unit: Unit,
  agenda: AgendaRow,
  set: Partial<AgendaRow> = {},
): Promise<AgendaRow> {
  const [row] = await unit.tx.update(killAgendas).set({
    ...set,
    revision: isFrozen(agenda) ? agenda.revision + 1 : agenda.revision,
    lastModified: nextModified(agenda.lastModified),
  }).where(eq(killAgendas.id, agenda.id)).returning();
  return row;
}

/** One row of the agenda's audit trail (another entity when given: a mob's, an order's). */
export function auditAgenda(unit: Unit, entry: Omit<AuditEntryInput, "entity"> & { entity?: string }) {
  return unit.audit({ entity: AGENDA_ENTITY, ...entry });
}

export const keyOf = (a: AgendaRow): DayKey => ({
  date: a.productionDate,
  speciesId: a.speciesId,
  siteId: a.tenantSiteId,
});

/** Lots stay as they are once the agenda was printed or sent to the plant's systems. */
export const isFrozen = (a: Pick<AgendaRow, "printedAt" | "integrationStatus">) =>
  a.printedAt !== null || a.integrationStatus === "Sent";
