/**
 * PlanReorder (spec 1 §4 planning): an item moved to a place on the same or another day (a planner drop).
 * An item of a boxed lot brings the lot's other items on its day: a lot is killed as one and moves whole.
 */
import { ApiError } from "../../../http/errors.ts";
import { assertUnchanged } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import {
  agendaIn,
  agendaItem,
  auditAgenda,
  boxedLotOf,
  itemsOf,
  keyOf,
  syncDay,
  touchAgenda,
  writeItems,
} from "../agendaTx.ts";
import { announceDays, answerDays, moveToDay } from "../changes.ts";
import { insertGroup, keepLotsTogether, moveGroup } from "../rules.ts";
import type { PlanReorderBody } from "../schemas.ts";

export async function planReorder(ctx: AreaContext, input: In<typeof PlanReorderBody>) {
  const days = await ctx.write(async (tx, unit) => {
    const { item, agenda: stored } = await agendaItem(ctx, tx, input.itemId);
    const from = await agendaIn(unit, stored.id, input.fromLastModified);
    const fromItems = await itemsOf(tx, from.id);
    if (!fromItems.some((i) => i.id === item.id)) {
      throw ApiError.conflict("That item has left the day. The agenda has been reloaded.");
    }
    const lotOf = await boxedLotOf(tx, fromItems);
    const lot = lotOf(item);
    const moving = lot === null ? [item] : fromItems.filter((i) => lotOf(i) === lot);
    if (input.toDate === from.productionDate) {
      const at = fromItems.findIndex((i) => i.id === item.id);
      await writeItems(unit, from, moveGroup(fromItems, lotOf, at, input.toIndex), fromItems);
      await auditAgenda(unit, { entityId: from.id, action: "Kill order changed" });
      return announceDays(unit, [await touchAgenda(unit, from)], "reorder");
    }
    const to = await syncDay(unit, { ...keyOf(from), date: input.toDate });
    assertUnchanged(to, input.toLastModified, "kill agenda");
    for (const one of moving) await moveToDay(unit, one, input.toDate);
    // the items change agenda first, so the source day's rewrite no longer holds (or deletes) them
    const toItems = await itemsOf(tx, to.id);
    const lotOfAll = await boxedLotOf(tx, [...toItems, ...moving]);
    const placed = keepLotsTogether(insertGroup(toItems, lotOfAll, moving, input.toIndex), lotOfAll);
    await writeItems(unit, to, placed, toItems);
    const gone = new Set(moving.map((i) => i.id));
    await writeItems(unit, from, fromItems.filter((i) => !gone.has(i.id)));
    return announceDays(unit, [await touchAgenda(unit, from), await touchAgenda(unit, to)], "planReorder");
  });
  return answerDays(ctx, days);
}
