/**
 * CorrectHead (spec 1 §7 api/KillAgendaManagement/): the head of an agenda item re-counted, with the
 * reason. A mob's count goes through the orders' correction (the order's delivered head follows); an
 * expected order's declared head is set. Both are the orders area's writes, in this one unit.
 */
import { eq } from "drizzle-orm";
import { livestockOrders } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { correctDeliveredHead, correctExpectedHead } from "../../livestock/orders/writes.ts";
import { agendaIn, agendaItem, auditAgenda, touchAgenda } from "../agendaTx.ts";
import { announceDays, answerDays } from "../changes.ts";
import type { CorrectAgendaHeadBody } from "../schemas.ts";

export async function correctHead(ctx: AreaContext, input: In<typeof CorrectAgendaHeadBody>) {
  const days = await ctx.write(async (tx, unit) => {
    const { item } = await agendaItem(ctx, tx, input.itemId);
    const agenda = await agendaIn(unit, item.killAgendaId, input.lastModified);
    if (item.stockMobId) {
      await correctDeliveredHead(unit, {
        stockMobId: item.stockMobId,
        correctedHead: input.head,
        reason: input.reason,
      });
    } else {
      const [order] = await tx.select().from(livestockOrders).where(
        eq(livestockOrders.id, item.livestockOrderId),
      );
      const before = order.declaredQuantity ?? order.quantityOrdered;
      if (before === input.head) throw ApiError.conflict(`That order already has ${before} head.`);
      await correctExpectedHead(unit, order, { before, head: input.head, reason: input.reason });
    }
    await auditAgenda(unit, {
      entityId: agenda.id,
      action: `Head of order ${item.livestockOrderId}${
        item.stockMobId ? ` (mob ${item.stockMobId})` : ""
      } corrected to ${input.head}`,
      reason: input.reason,
    });
    return announceDays(unit, [await touchAgenda(unit, agenda)], "correctHead");
  });
  return answerDays(ctx, days);
}
