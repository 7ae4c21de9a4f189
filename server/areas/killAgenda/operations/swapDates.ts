/** SwapDates (spec 1 §4 planning): everything planned on one day goes to the other and back (kill order kept). */
import { assertUnchanged } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { auditAgenda, itemsOf, reassignItems, syncDay, touchAgenda, writeItems } from "../agendaTx.ts";
import { announceDays, answerDays, moveToDay, refused } from "../changes.ts";
import { speciesSiteOf } from "../queries.ts";
import type { SwapDatesBody } from "../schemas.ts";

export async function swapDates(ctx: AreaContext, input: In<typeof SwapDatesBody>) {
  if (input.firstDate === input.secondDate) throw refused("secondDate", "Choose two different days.");
  const { speciesId, siteId } = await speciesSiteOf(ctx, {
    speciesId: input.speciesId,
    tenantSiteId: input.tenantSiteId,
  });
  const days = await ctx.write(async (tx, unit) => {
    const first = await syncDay(unit, { date: input.firstDate, speciesId, siteId });
    const second = await syncDay(unit, { date: input.secondDate, speciesId, siteId });
    assertUnchanged(first, input.firstLastModified, "kill agenda");
    assertUnchanged(second, input.secondLastModified, "kill agenda");
    const [a, b] = [await itemsOf(tx, first.id), await itemsOf(tx, second.id)];
    for (const item of a) await moveToDay(unit, item, second.productionDate);
    for (const item of b) await moveToDay(unit, item, first.productionDate);
    await reassignItems(unit, a, second.id);
    await reassignItems(unit, b, first.id);
    await writeItems(unit, first, b);
    await writeItems(unit, second, a);
    await auditAgenda(unit, {
      entityId: first.id,
      action: `Days swapped: ${first.productionDate} and ${second.productionDate}`,
    });
    return announceDays(unit, [await touchAgenda(unit, first), await touchAgenda(unit, second)], "swapDates");
  });
  return answerDays(ctx, days);
}
