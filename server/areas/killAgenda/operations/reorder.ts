/**
 * Reorder (spec 1 §7 "Kill agenda"): the day's items in a new kill order (lots follow it until printed).
 * A boxed lot is killed as one: an order that cuts one in two is refused (400), nothing changed.
 */
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { agendaWithItems, auditAgenda, boxedLotOf, touchAgenda, writeItems } from "../agendaTx.ts";
import { announceDays, answerDays, refused } from "../changes.ts";
import { splitLot, splitLotRefusal } from "../rules.ts";
import type { ReorderBody } from "../schemas.ts";

export async function reorder(ctx: AreaContext, input: In<typeof ReorderBody>) {
  const days = await ctx.write(async (_, unit) => {
    const { agenda, items } = await agendaWithItems(unit, input.killAgendaId, input.lastModified);
    const asked = new Set(input.itemIds);
    const same = items.length === input.itemIds.length && asked.size === items.length &&
      items.every((i) => asked.has(i.id));
    if (!same) throw ApiError.conflict("The agenda changed since you opened it. It has been reloaded.");
    const byId = new Map(items.map((i) => [i.id, i]));
    const ordered = input.itemIds.map((id) => byId.get(id)!);
    const split = splitLot(ordered, await boxedLotOf(unit.tx, items));
    if (split) throw refused("itemIds", splitLotRefusal(split));
    await writeItems(unit, agenda, ordered, items);
    await auditAgenda(unit, { entityId: agenda.id, action: "Kill order changed" });
    return announceDays(unit, [await touchAgenda(unit, agenda)], "reorder");
  });
  return answerDays(ctx, days);
}
