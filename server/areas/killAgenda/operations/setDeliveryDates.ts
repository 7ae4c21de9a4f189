/**
 * SetDeliveryDates (spec 1 §7 "Kill agenda"): new delivery (and production) days for undelivered orders.
 * The orders are the orders area's: it writes, audits and announces them; the days they leave and join
 * are brought up to date here.
 */
import { eq } from "drizzle-orm";
import { livestockOrders } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { assertUnchanged } from "../../context.ts";
import type { AreaContext } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { ORDER_STATUS } from "../../../../kernel/enums.ts";
import { rescheduleUndeliveredOrders } from "../../livestock/orders/writes.ts";
import { type AgendaRow, type DayKey, mayUse, syncDay } from "../agendaTx.ts";
import { announceDays, answerDays, refused } from "../changes.ts";
import type { SetDeliveryDatesBody } from "../schemas.ts";

export async function setDeliveryDates(ctx: AreaContext, input: In<typeof SetDeliveryDatesBody>) {
  if (input.deliveryDate < ctx.today) throw refused("deliveryDate", "Choose a delivery date from today on.");
  if (input.productionDate && input.productionDate < input.deliveryDate) {
    throw refused("productionDate", "The kill day cannot be before the delivery date.");
  }
  const days = await ctx.write(async (tx, unit) => {
    const touched = new Map<string, DayKey>();
    const changes = [];
    for (const given of input.orders) {
      const [order] = await tx.select().from(livestockOrders).where(
        eq(livestockOrders.id, given.livestockOrderId),
      );
      if (
        !order || !mayUse(ctx.scope, { speciesId: order.speciesId, tenantSiteId: order.tenantSiteId ?? 0 })
      ) {
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
        touched.set(JSON.stringify(key), key);
      }
      changes.push({ order, deliveryDate: input.deliveryDate, productionDate });
    }
    await rescheduleUndeliveredOrders(unit, changes);
    const agendas: AgendaRow[] = [];
    for (const key of touched.values()) if (key.date >= ctx.today) agendas.push(await syncDay(unit, key));
    return announceDays(unit, agendas, "deliveryDates");
  });
  return answerDays(ctx, days);
}
