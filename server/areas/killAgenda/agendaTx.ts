/**
 * The kill agenda's pieces inside one transaction: find or build a day's agenda, bring its items in line
 * with the mobs and orders planned for that day (rules.reconcile), number the kill order and the lots,
 * mark it changed. Reads (queries.ts) and writes (commands.ts, management.ts) all go through here, so a
 * day is built one way.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  killAgendaItems,
  killAgendas,
  livestockOrders,
  siteLocations,
  stockMobs,
} from "../../../db/tenant/schema.ts";
import { tenantSites } from "../../../db/control/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { recordAudit } from "../audit.ts";
import { inJsonList } from "../../../db/jsonRows.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../kernel/enums.ts";
import { assignLots, lotReference, reconcile, type Slot } from "./rules.ts";

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

/** A transaction, or the database itself for the read-only check (`upToDate`). */
type Db = TenantTx | AreaContext["db"];

export class AgendaTx {
  constructor(readonly ctx: AreaContext, readonly tx: Db) {}

  /** An agenda of the caller's species and sites, else 404. */
  async agenda(id: number, lastModified?: string): Promise<AgendaRow> {
    return (await this.agendaWithItems(id, lastModified)).agenda;
  }

  /** The same, with its items in kill order (read once: the sync has them in hand). */
  async agendaWithItems(id: number, lastModified?: string): Promise<{ agenda: AgendaRow; items: ItemRow[] }> {
    const [row] = await this.tx.select().from(killAgendas).where(eq(killAgendas.id, id));
    if (!row || !this.mayUse(row)) throw ApiError.notFound("That kill agenda does not exist.");
    const { next, items } = await this.#plan(row, keyOf(row));
    if (!next) {
      assertUnchanged(row, lastModified, "kill agenda");
      return { agenda: row, items };
    }
    await this.write(row, next, items);
    const synced = await this.touch(row);
    assertUnchanged(synced, lastModified, "kill agenda");
    return { agenda: synced, items: await this.items(synced.id) };
  }

  /** An item of one of the caller's agendas, else 404. */
  async item(id: number): Promise<{ item: ItemRow; agenda: AgendaRow }> {
    const [item] = await this.tx.select().from(killAgendaItems).where(eq(killAgendaItems.id, id));
    const [agenda] = item
      ? await this.tx.select().from(killAgendas).where(eq(killAgendas.id, item.killAgendaId))
      : [];
    if (!item || !agenda || !this.mayUse(agenda)) {
      throw ApiError.notFound("That agenda item does not exist. The agenda has been reloaded.");
    }
    return { item, agenda };
  }

  /** A mob of the caller's species and sites, unchanged since read, else 404 / 409. */
  async mob(id: number, lastModified?: string): Promise<MobRow> {
    const [mob] = await this.tx.select().from(stockMobs).where(eq(stockMobs.id, id));
    if (!mob || !this.mayUse({ speciesId: mob.speciesId, tenantSiteId: mob.tenantSiteId ?? 0 })) {
      throw ApiError.notFound("That mob does not exist.");
    }
    assertUnchanged(mob, lastModified, "mob");
    return mob;
  }

  mayUse(a: { speciesId: number; tenantSiteId: number }): boolean {
    const { species, sites } = this.ctx.caller;
    const siteOk = a.tenantSiteId === 0 ? !sites.length : sites.some((s) => s.id === a.tenantSiteId);
    return siteOk && species.some((s) => s.id === a.speciesId);
  }

  /** The day's agenda, created on first use (two callers building it at once share one). */
  async ensure(key: DayKey): Promise<AgendaRow> {
    const where = and(
      eq(killAgendas.productionDate, key.date),
      eq(killAgendas.speciesId, key.speciesId),
      eq(killAgendas.tenantSiteId, key.siteId),
    );
    const [found] = await this.tx.select().from(killAgendas).where(where);
    if (found) return found;
    const now = new Date().toISOString();
    await this.tx.insert(killAgendas).values({
      productionDate: key.date,
      speciesId: key.speciesId,
      tenantSiteId: key.siteId,
      siteLocationId: await this.defaultKillFloor(key),
      createdAt: now,
      lastModified: now,
    }).onConflictDoNothing();
    const [made] = await this.tx.select().from(killAgendas).where(where);
    return made;
  }

  /** The kill floor the species was last killed on at this site, else the site's first that takes it. */
  async defaultKillFloor(key: DayKey): Promise<number | null> {
    const [last] = await this.tx.select({ id: killAgendas.siteLocationId }).from(killAgendas)
      .where(and(
        eq(killAgendas.speciesId, key.speciesId),
        eq(killAgendas.tenantSiteId, key.siteId),
        isNotNull(killAgendas.siteLocationId),
      ))
      .orderBy(desc(killAgendas.productionDate)).limit(1);
    if (last?.id) return last.id;
    const floors = await this.killFloors(key.siteId);
    return (floors.find((f) => f.speciesIds.includes(key.speciesId)) ??
      floors.find((f) => !f.speciesIds.length))
      ?.id ?? null;
  }

  killFloors(siteId: number) {
    return this.tx.select().from(siteLocations).where(and(
      eq(siteLocations.tenantSiteId, siteId),
      eq(siteLocations.locationType, "KillFloor"),
      eq(siteLocations.isActive, true),
    )).orderBy(asc(siteLocations.id));
  }

  /** The agenda's items in kill order. */
  items(agendaId: number): Promise<ItemRow[]> {
    return this.tx.select().from(killAgendaItems).where(eq(killAgendaItems.killAgendaId, agendaId))
      .orderBy(asc(killAgendaItems.killOrder), asc(killAgendaItems.id));
  }

  /**
   * Builds the day's agenda or brings it in line with what is planned for the day; writes only what
   * differs (a read of an unchanged day writes nothing) and then marks the agenda changed.
   */
  async sync(key: DayKey): Promise<AgendaRow> {
    const agenda = await this.ensure(key);
    const { next, items } = await this.#plan(agenda, key);
    if (!next) return agenda;
    await this.write(agenda, next, items);
    return await this.touch(agenda);
  }

  /**
   * The day's agenda when it exists and matches what is planned, else null (then `sync` in a write
   * transaction). Reads only: a page showing an unchanged day takes no write lock.
   */
  async upToDate(key: DayKey): Promise<AgendaRow | null> {
    const [agenda] = await this.tx.select().from(killAgendas).where(and(
      eq(killAgendas.productionDate, key.date),
      eq(killAgendas.speciesId, key.speciesId),
      eq(killAgendas.tenantSiteId, key.siteId),
    ));
    return agenda && !(await this.#plan(agenda, key)).next ? agenda : null;
  }

  /** The items the day should have, or `next: null` when it has them already. */
  async #plan(agenda: AgendaRow, key: DayKey): Promise<{ next: Slot[] | null; items: ItemRow[] }> {
    const [items, mobs, orders] = await Promise.all([
      this.items(agenda.id),
      this.tx.select({ id: stockMobs.id, livestockOrderId: stockMobs.livestockOrderId }).from(stockMobs)
        .where(mobsOfDay(key)).orderBy(asc(stockMobs.id)),
      this.tx.select({ id: livestockOrders.id }).from(livestockOrders)
        .where(expectedOrdersOfDay(this.tx, key))
        .orderBy(
          asc(livestockOrders.deliveryDate),
          asc(livestockOrders.deliveryTime),
          asc(livestockOrders.id),
        ),
    ]);
    const expected = [
      ...orders.map((o) => ({ livestockOrderId: o.id, stockMobId: null })),
      ...mobs.map((m) => ({ livestockOrderId: m.livestockOrderId, stockMobId: m.id })),
    ];
    const next = reconcile(items, expected);
    const same = next.length === items.length &&
      next.every((s, i) => s.id === items[i].id && items[i].killOrder === i + 1);
    return { next: same ? null : next, items };
  }

  /** Stores `slots` as the agenda's items in that kill order (new ones inserted, dropped ones deleted). */
  async write(agenda: AgendaRow, slots: readonly Slot[], before?: readonly ItemRow[]) {
    const old = before ?? await this.items(agenda.id);
    const kept = new Set(slots.flatMap((s) => (s.id ? [s.id] : [])));
    const gone = old.filter((i) => !kept.has(i.id)).map((i) => i.id);
    if (gone.length) await this.tx.delete(killAgendaItems).where(inJsonList(killAgendaItems.id, gone));
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
    if (fresh.length) await this.tx.insert(killAgendaItems).values(fresh);
    const byId = new Map(old.map((i) => [i.id, i]));
    const moved = slots.flatMap((slot, index) => {
      const was = slot.id === null ? undefined : byId.get(slot.id);
      return slot.id !== null && (!was || was.killOrder !== index + 1)
        ? [{ id: slot.id, killOrder: index + 1 }]
        : [];
    });
    // one statement for the whole day, not one per item (a day can hold hundreds of lots)
    if (moved.length) {
      await updateEach(
        this.tx,
        killAgendaItems,
        [killAgendaItems.killOrder],
        moved.map((m) => [m.id, m.killOrder]),
        [[killAgendaItems.killAgendaId, agenda.id]],
      );
    }
    await this.numberLots(agenda, slots);
  }

  /** Items handed to another agenda as they are (their place is set by the next `write`). */
  async reassign(items: readonly ItemRow[], agendaId: number) {
    if (!items.length) return;
    await this.tx.update(killAgendaItems).set({ killAgendaId: agendaId })
      .where(inArray(killAgendaItems.id, items.map((i) => i.id)));
  }

  /** Lot references in kill order (kept once the agenda was printed or sent: rules.assignLots). */
  async numberLots(agenda: AgendaRow, inKillOrder?: readonly Omit<Slot, "id">[]) {
    const items = inKillOrder ?? await this.items(agenda.id);
    if (!items.length) return;
    const mobIds = items.flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
    const orderIds = items.filter((i) => !i.stockMobId).map((i) => i.livestockOrderId);
    const [mobs, orders, siteNumber] = await Promise.all([
      mobIds.length
        ? this.tx.select({
          id: stockMobs.id,
          lot: stockMobs.agendaLotReference,
          suffix: stockMobs.agendaLotReferenceSuffix,
        }).from(stockMobs).where(inJsonList(stockMobs.id, mobIds))
        : [],
      orderIds.length
        ? this.tx.select({ id: livestockOrders.id, lot: livestockOrders.agendaLotReference })
          .from(livestockOrders).where(inJsonList(livestockOrders.id, orderIds))
        : [],
      this.siteNumber(agenda.tenantSiteId),
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
      (n) => lotReference(agenda.speciesId, agenda.productionDate, n, siteNumber),
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
    if (mobLots.length) {
      await updateEach(
        this.tx,
        stockMobs,
        [stockMobs.agendaLotReference, stockMobs.agendaLotReferenceSuffix],
        mobLots,
      );
    }
    if (orderLots.length) {
      await updateEach(this.tx, livestockOrders, [livestockOrders.agendaLotReference], orderLots);
    }
  }

  /** The site's place among the tenant's sites when it has more than one (lots tell the sites apart). */
  async siteNumber(siteId: number): Promise<number | null> {
    if (!siteId) return null;
    const sites = await this.ctx.app.db.control.select({ id: tenantSites.id }).from(tenantSites)
      .where(eq(tenantSites.tenantId, this.ctx.tenantId)).orderBy(asc(tenantSites.id));
    return sites.length > 1 ? sites.findIndex((s) => s.id === siteId) + 1 || null : null;
  }

  /**
   * Marks the agenda changed: a new lastModified, and a new revision once it was printed or sent to the
   * plant (the plant's copy and the paper then differ from it).
   */
  async touch(agenda: AgendaRow, set: Partial<AgendaRow> = {}): Promise<AgendaRow> {
    const [row] = await this.tx.update(killAgendas).set({
      ...set,
      revision: isFrozen(agenda) ? agenda.revision + 1 : agenda.revision,
      lastModified: nextModified(agenda.lastModified),
    }).where(eq(killAgendas.id, agenda.id)).returning();
    return row;
  }

  audit(entry: Omit<Parameters<typeof recordAudit>[2], "entity"> & { entity?: string }) {
    return recordAudit(this.tx as TenantTx, this.ctx, { entity: AGENDA_ENTITY, ...entry });
  }
}

/**
 * Many rows of `table` set to their own values in one short UPDATE: each row is `[id, value…]` for
 * `columns` in order, passed as one JSON argument (a day can renumber hundreds of lots; a statement with
 * a CASE per row took longer to build and prepare than to run). `same` sets columns every row shares.
 */
async function updateEach(
  tx: Db,
  table: typeof killAgendaItems | typeof stockMobs | typeof livestockOrders,
  columns: readonly SQLiteColumn[],
  rows: readonly (readonly (number | string)[])[],
  same: readonly (readonly [SQLiteColumn, number])[] = [],
) {
  const sets = [
    ...columns.map((c, i) => sql`${sql.identifier(c.name)} = j.value ->> ${sql.raw(String(i + 1))}`),
    ...same.map(([c, value]) => sql`${sql.identifier(c.name)} = ${value}`),
  ];
  await tx.run(
    sql`UPDATE ${table} SET ${sql.join(sets, sql`, `)} FROM json_each(${JSON.stringify(rows)}) AS j
      WHERE ${table.id} = j.value ->> 0`,
  );
}

export const keyOf = (a: AgendaRow): DayKey => ({
  date: a.productionDate,
  speciesId: a.speciesId,
  siteId: a.tenantSiteId,
});

/** Lots stay as they are once the agenda was printed or sent to the plant's systems. */
export const isFrozen = (a: Pick<AgendaRow, "printedAt" | "integrationStatus">) =>
  a.printedAt !== null || a.integrationStatus === "Sent";
