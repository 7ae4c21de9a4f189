/** PlanReorder (spec 1 §4 planning): an item moved to a place on the same or another day (a planner drop). */
import { ApiError } from "../../../http/errors.ts";
import { assertUnchanged } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import {
  agendaIn,
  agendaItem,
  auditAgenda,
  itemsOf,
  keyOf,
  syncDay,
  touchAgenda,
  writeItems,
} from "../agendaTx.ts";
import { announceDays, answerDays, moveToDay } from "../changes.ts";
import { moveTo } from "../rules.ts";
import type { PlanReorderBody } from "../schemas.ts";

export async function planReorder(ctx: AreaContext, input: In<typeof PlanReorderBody>) {
  const days = await ctx.write(async (tx, unit) => {
    const { item, agenda: stored } = await agendaItem(ctx, tx, input.itemId);
    const from = await agendaIn(unit, stored.id, input.fromLastModified);
    const fromItems = await itemsOf(tx, from.id);
    if (!fromItems.some((i) => i.id === item.id)) {
      throw ApiError.conflict("That item has left the day. The agenda has been reloaded.");
    }
    if (input.toDate === from.productionDate) {
      const at = fromItems.findIndex((i) => i.id === item.id);
      await writeItems(unit, from, moveTo(fromItems, at, input.toIndex), fromItems);
      await auditAgenda(unit, { entityId: from.id, action: "Kill order changed" });
      return announceDays(unit, [await touchAgenda(unit, from)], "reorder");
    }
    const to = await syncDay(unit, { ...keyOf(from), date: input.toDate });
    assertUnchanged(to, input.toLastModified, "kill agenda");
    await moveToDay(unit, item, input.toDate);
    // the item changes agenda first, so the source day's rewrite no longer holds (or deletes) it
    const toItems = await itemsOf(tx, to.id);
    await writeItems(unit, to, moveTo([...toItems, item], toItems.length, input.toIndex), toItems);
    await writeItems(unit, from, fromItems.filter((i) => i.id !== item.id));
    return announceDays(unit, [await touchAgenda(unit, from), await touchAgenda(unit, to)], "planReorder");
  });
  return answerDays(ctx, days);
}
