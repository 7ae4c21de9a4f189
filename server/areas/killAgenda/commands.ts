/**
 * Kill agenda changes (spec 1 §4 planning, §7 "Kill agenda"): reorder a day, move an item to another day
 * (plan reorder), swap two days, schedule a mob, add an unscheduled mob, set a day's kill floor, set
 * delivery dates of undelivered orders, mark a day printed. Each is one transaction that first brings the
 * days it touches up to date, refuses a change made on a stale read (409) and a drop the spec does not
 * allow (400 with the reason), records the audit trail and, once committed, tells the site's open
 * agendas which days changed. Every change answers the days it touched.
 */
import { eq, inArray } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { killAgendas, livestockOrders, stockMobs } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified } from "../context.ts";
import { displayName } from "../audit.ts";
import { ORDER_ENTITY } from "../livestock/orders/service.ts";
import { ORDER_STATUS } from "../../../kernel/enums.ts";
import { MOB_ENTITY } from "../stockyard/queries.ts";
import { type AgendaRow, AgendaTx, type DayKey, type ItemRow, keyOf } from "./agendaTx.ts";
import { KillAgendaQueries } from "./queries.ts";
import { isUnscheduled, lotName, moveTo, refuseDrop } from "./rules.ts";
import type {
  AddUnscheduledMobBody,
  PlanReorderBody,
  ReorderBody,
  ScheduleMobBody,
  SetDeliveryDatesBody,
  SetSiteLocationBody,
  SwapDatesBody,
} from "./schemas.ts";

type In<S extends z.ZodType> = z.output<S>;

/** What a change touched: the days to answer and announce, and why. */
interface Touched {
  agendas: AgendaRow[];
  reason: string;
}

const refused = (field: string, message: string) => ApiError.validation([{ field, message }]);

export class KillAgendaService extends KillAgendaQueries {
  /** Reorder: the day's items in a new kill order (lots follow it until the agenda is printed). */
  reorder(input: In<typeof ReorderBody>) {
    return this.act(async (w) => {
      const { agenda, items } = await w.agendaWithItems(input.killAgendaId, input.lastModified);
      const asked = new Set(input.itemIds);
      const same = items.length === input.itemIds.length && asked.size === items.length &&
        items.every((i) => asked.has(i.id));
      if (!same) throw ApiError.conflict("The agenda changed since you opened it. It has been reloaded.");
      const byId = new Map(items.map((i) => [i.id, i]));
      await w.write(agenda, input.itemIds.map((id) => byId.get(id)!), items);
      await w.audit({ entityId: agenda.id, action: "Kill order changed" });
      return { agendas: [await w.touch(agenda)], reason: "reorder" };
    });
  }

  /** PlanReorder: an item moved to a place on the same or another day (a drop in the planner). */
  planReorder(input: In<typeof PlanReorderBody>) {
    return this.act(async (w) => {
      const { item, agenda: stored } = await w.item(input.itemId);
      const from = await w.agenda(stored.id, input.fromLastModified);
      const fromItems = await w.items(from.id);
      if (!fromItems.some((i) => i.id === item.id)) {
        throw ApiError.conflict("That item has left the day. The agenda has been reloaded.");
      }
      if (input.toDate === from.productionDate) {
        const at = fromItems.findIndex((i) => i.id === item.id);
        await w.write(from, moveTo(fromItems, at, input.toIndex), fromItems);
        await w.audit({ entityId: from.id, action: "Kill order changed" });
        return { agendas: [await w.touch(from)], reason: "reorder" };
      }
      const to = await w.sync({ ...keyOf(from), date: input.toDate });
      assertUnchanged(to, input.toLastModified, "kill agenda");
      await this.#moveToDay(w, item, input.toDate);
      // the item changes agenda first, so the source day's rewrite no longer holds (or deletes) it
      const toItems = await w.items(to.id);
      await w.write(to, moveTo([...toItems, item], toItems.length, input.toIndex), toItems);
      await w.write(from, fromItems.filter((i) => i.id !== item.id));
      return { agendas: [await w.touch(from), await w.touch(to)], reason: "planReorder" };
    });
  }

  /** SwapDates: everything planned on one day goes to the other and back (kill order kept). */
  swapDates(input: In<typeof SwapDatesBody>) {
    return this.act(async (w) => {
      if (input.firstDate === input.secondDate) throw refused("secondDate", "Choose two different days.");
      const { speciesId, siteId } = await this.scope({
        speciesId: input.speciesId,
        tenantSiteId: input.tenantSiteId,
      });
      const first = await w.sync({ date: input.firstDate, speciesId, siteId });
      const second = await w.sync({ date: input.secondDate, speciesId, siteId });
      assertUnchanged(first, input.firstLastModified, "kill agenda");
      assertUnchanged(second, input.secondLastModified, "kill agenda");
      const [a, b] = [await w.items(first.id), await w.items(second.id)];
      for (const item of a) await this.#moveToDay(w, item, second.productionDate);
      for (const item of b) await this.#moveToDay(w, item, first.productionDate);
      await w.reassign(a, second.id);
      await w.reassign(b, first.id);
      await w.write(first, b);
      await w.write(second, a);
      await w.audit({
        entityId: first.id,
        action: `Days swapped: ${first.productionDate} and ${second.productionDate}`,
      });
      return { agendas: [await w.touch(first), await w.touch(second)], reason: "swapDates" };
    });
  }

  /** ScheduleMob: a mob planned for a production day (it joins that day's agenda last). */
  scheduleMob(input: In<typeof ScheduleMobBody>) {
    return this.#schedule(input, undefined, false);
  }

  /** AddUnscheduledMob: an unscheduled mob (spec 1 §4) put on a day, at a place or last. */
  addUnscheduledMob(input: In<typeof AddUnscheduledMobBody>) {
    return this.#schedule(input, input.toIndex, true);
  }

  /** SetSiteLocation: the kill floor the day's stock is killed on (its mobs carry it). */
  setSiteLocation(input: In<typeof SetSiteLocationBody>) {
    return this.act(async (w) => {
      const agenda = await w.agenda(input.killAgendaId, input.lastModified);
      const floors = await w.killFloors(agenda.tenantSiteId);
      const floor = floors.find((f) => f.id === input.siteLocationId);
      if (!floor) throw refused("siteLocationId", "Choose a kill floor of this site.");
      if (floor.id === agenda.siteLocationId) throw ApiError.conflict(`The day is already on ${floor.name}.`);
      const mobIds = (await w.items(agenda.id)).flatMap((i) => (i.stockMobId ? [i.stockMobId] : []));
      if (mobIds.length) {
        await w.tx.update(stockMobs).set({ killFloorId: floor.id }).where(inArray(stockMobs.id, mobIds));
      }
      await w.audit({ entityId: agenda.id, action: `Kill floor set to ${floor.name}` });
      return { agendas: [await w.touch(agenda, { siteLocationId: floor.id })], reason: "siteLocation" };
    });
  }

  /** SetDeliveryDates: new delivery (and production) days for undelivered orders. */
  setDeliveryDates(input: In<typeof SetDeliveryDatesBody>) {
    return this.act(async (w) => {
      if (input.deliveryDate < this.ctx.today) {
        throw refused("deliveryDate", "Choose a delivery date from today on.");
      }
      if (input.productionDate && input.productionDate < input.deliveryDate) {
        throw refused("productionDate", "The kill day cannot be before the delivery date.");
      }
      const days = new Map<string, DayKey>();
      for (const given of input.orders) {
        const [order] = await w.tx.select().from(livestockOrders).where(
          eq(livestockOrders.id, given.livestockOrderId),
        );
        if (!order || !w.mayUse({ speciesId: order.speciesId, tenantSiteId: order.tenantSiteId ?? 0 })) {
          throw ApiError.notFound("That order does not exist.");
        }
        assertUnchanged(order, given.lastModified, "order");
        if (order.orderStatus !== ORDER_STATUS.Ordered && order.orderStatus !== ORDER_STATUS.Confirmed) {
          throw refused("orders", `Order ${order.id} has been delivered or cancelled: its dates stay.`);
        }
        const productionDate = input.productionDate ??
          (order.productionDate && order.productionDate >= input.deliveryDate
            ? order.productionDate
            : input.deliveryDate);
        for (const date of [order.productionDate ?? order.deliveryDate, productionDate]) {
          const key = { date, speciesId: order.speciesId, siteId: order.tenantSiteId ?? 0 };
          days.set(JSON.stringify(key), key);
        }
        await w.tx.update(livestockOrders).set({
          deliveryDate: input.deliveryDate,
          productionDate,
          lastModified: nextModified(order.lastModified),
        }).where(eq(livestockOrders.id, order.id));
        await w.audit({
          entity: ORDER_ENTITY,
          entityId: order.id,
          action: "Delivery date set on the kill agenda",
          before: { deliveryDate: order.deliveryDate, productionDate: order.productionDate },
          after: { deliveryDate: input.deliveryDate, productionDate },
        });
      }
      const agendas: AgendaRow[] = [];
      for (const key of days.values()) if (key.date >= this.ctx.today) agendas.push(await w.sync(key));
      return { agendas, reason: "deliveryDates", orderIds: input.orders.map((o) => o.livestockOrderId) };
    });
  }

  /** MarkPrinted: the day's lots are kept from now on (the printed agenda is what the floor works from). */
  markPrinted(killAgendaId: number) {
    return this.act(async (w) => {
      const agenda = await w.agenda(killAgendaId);
      if (agenda.printedAt) return { agendas: [agenda], reason: "printed" };
      await w.audit({ entityId: agenda.id, action: "Printed: lot references kept from now on" });
      const [row] = await w.tx.update(killAgendas).set({
        printedAt: new Date().toISOString(),
        printedBy: displayName(this.ctx.caller),
        lastModified: nextModified(agenda.lastModified),
      }).where(eq(killAgendas.id, agenda.id)).returning();
      return { agendas: [row], reason: "printed" };
    });
  }

  // ---------- shared ----------

  /** Plans a mob for a day: checks the spec's drop rule, moves it, places it. */
  #schedule(input: In<typeof ScheduleMobBody>, toIndex: number | undefined, onlyUnscheduled: boolean) {
    return this.act(async (w) => {
      const mob = await w.mob(input.stockMobId, input.lastModified);
      const unscheduled = isUnscheduled(mob, this.ctx.today);
      if (onlyUnscheduled && !unscheduled) {
        throw ApiError.conflict(
          `That mob is already planned for ${mob.applicableProductionDate}. The agenda has been reloaded.`,
        );
      }
      const lot = lotName(mob.agendaLotReference, mob.livestockOrderId);
      const why = refuseDrop(
        { mobStatus: mob.mobStatus, isUnscheduled: unscheduled, lot },
        input.productionDate,
        this.ctx.today,
      );
      if (why) throw refused("stockMobId", why);
      if (mob.applicableProductionDate === input.productionDate) {
        throw ApiError.conflict(`That mob is already planned for ${input.productionDate}.`);
      }
      const key = { date: input.productionDate, speciesId: mob.speciesId, siteId: mob.tenantSiteId ?? 0 };
      const old = mob.applicableProductionDate && mob.applicableProductionDate >= this.ctx.today
        ? { ...key, date: mob.applicableProductionDate }
        : null;
      await this.#setMobDay(w, mob, input.productionDate);
      const agendas = [await w.sync(key)];
      if (toIndex !== undefined) {
        const items = await w.items(agendas[0].id);
        const at = items.findIndex((i) => i.stockMobId === mob.id);
        await w.write(agendas[0], moveTo(items, at, toIndex), items);
      }
      if (old) agendas.push(await w.sync(old));
      return { agendas, reason: "scheduleMob" };
    });
  }

  /** An item's mob or expected order changes day (the spec's drop rule first). */
  async #moveToDay(w: AgendaTx, item: ItemRow, date: string) {
    if (item.stockMobId) {
      const mob = await w.mob(item.stockMobId);
      const lot = lotName(mob.agendaLotReference, mob.livestockOrderId);
      const why = refuseDrop(
        { mobStatus: mob.mobStatus, isUnscheduled: isUnscheduled(mob, this.ctx.today), lot },
        date,
        this.ctx.today,
      );
      if (why) throw refused("itemId", why);
      await this.#setMobDay(w, mob, date);
      return;
    }
    const [order] = await w.tx.select().from(livestockOrders).where(
      eq(livestockOrders.id, item.livestockOrderId),
    );
    const lot = lotName(order.agendaLotReference, order.id);
    const why = refuseDrop({ mobStatus: null, isUnscheduled: false, lot }, date, this.ctx.today);
    if (why) throw refused("itemId", why);
    if (order.deliveryDate > date) {
      throw refused(
        "itemId",
        `${lot} arrives on ${order.deliveryDate}: plan it for that day or later, or change its delivery date first.`,
      );
    }
    await w.tx.update(livestockOrders).set({
      productionDate: date,
      lastModified: nextModified(order.lastModified),
    })
      .where(eq(livestockOrders.id, order.id));
    await w.audit({
      entity: ORDER_ENTITY,
      entityId: order.id,
      action: `Planned for the kill on ${date}`,
      before: { productionDate: order.productionDate },
      after: { productionDate: date },
    });
  }

  async #setMobDay(w: AgendaTx, mob: typeof stockMobs.$inferSelect, date: string) {
    await w.tx.update(stockMobs).set({
      plannedProductionDate: date,
      applicableProductionDate: date,
      lastModified: nextModified(mob.lastModified),
    }).where(eq(stockMobs.id, mob.id));
    await w.audit({
      entity: MOB_ENTITY,
      entityId: mob.id,
      action: `Planned for the kill on ${date}`,
      before: { applicableProductionDate: mob.applicableProductionDate },
      after: { applicableProductionDate: date },
    });
  }

  /** Runs a change in one transaction, then announces the days it touched and answers them. */
  protected async act(run: (w: AgendaTx) => Promise<Touched & { orderIds?: number[] }>) {
    const touched = await this.ctx.db.transaction((tx) => run(new AgendaTx(this.ctx, tx)));
    const unique = [...new Map(touched.agendas.map((a) => [a.id, a])).values()];
    for (const [siteId, list] of Map.groupBy(unique, (a) => `${a.tenantSiteId}:${a.speciesId}`)) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "killAgendaUpdated", {
        siteId: list[0].tenantSiteId,
        speciesId: list[0].speciesId,
        dates: list.map((a) => a.productionDate),
        reason: touched.reason,
      }, { qualifier: siteId.split(":")[0] });
    }
    if (touched.orderIds?.length) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "deliveryStatusUpdated", {
        livestockOrderIds: touched.orderIds,
        deliveryDate: null,
      });
    }
    return { agendas: await this.views(unique) };
  }
}
