/**
 * What every kill agenda change shares (operations/): the spec's drop rule when a lot changes day, the
 * announcement of the days it touched (once its unit commits, the site's open agendas re-read them), and
 * the answer: the touched days as the API shows them.
 */
import type { z } from "@hono/zod-openapi";
import { livestockOrders } from "../../../db/tenant/schema.ts";
import { eq } from "drizzle-orm";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext, Unit } from "../context.ts";
import { planOrderForKill } from "../livestock/orders/writes.ts";
import { planMobForKill } from "../stockyard/writes.ts";
import { agendaMob, type AgendaRow, type ItemRow } from "./agendaTx.ts";
import { agendaViews } from "./views.ts";
import { isUnscheduled, lotName, refuseDrop } from "./rules.ts";
import type { Agendas } from "./schemas.ts";

/** 400 with the reason a change is refused, on the field the client sent. */
export const refused = (field: string, message: string) => ApiError.validation([{ field, message }]);

/**
 * The days a change touched, each once: announced (grouped by site and species) after the unit commits.
 * `reason` says what changed ("reorder", "recall"…). Answers the days, for `answerDays`.
 */
export function announceDays(unit: Unit, agendas: readonly AgendaRow[], reason: string): AgendaRow[] {
  const unique = [...new Map(agendas.map((a) => [a.id, a])).values()];
  for (const list of Map.groupBy(unique, (a) => `${a.tenantSiteId}:${a.speciesId}`).values()) {
    unit.announce("killAgendaUpdated", {
      siteId: list[0].tenantSiteId,
      speciesId: list[0].speciesId,
      dates: list.map((a) => a.productionDate),
      reason,
    }, { qualifier: list[0].tenantSiteId });
  }
  return unique;
}

/** Every change answers the days it touched, as the API shows them. */
export async function answerDays(
  ctx: AreaContext,
  agendas: readonly AgendaRow[],
): Promise<z.input<typeof Agendas>> {
  return { agendas: await agendaViews(ctx, agendas) };
}

/** An item's mob or expected order changes day (the spec's drop rule first). */
export async function moveToDay(unit: Unit, item: ItemRow, date: string): Promise<void> {
  const { ctx, tx } = unit;
  if (item.stockMobId) {
    const mob = await agendaMob(ctx, tx, item.stockMobId);
    const lot = lotName(mob.agendaLotReference, mob.livestockOrderId);
    const why = refuseDrop(
      { mobStatus: mob.mobStatus, isUnscheduled: isUnscheduled(mob, ctx.today), lot },
      date,
      ctx.today,
    );
    if (why) throw refused("itemId", why);
    await planMobForKill(unit, mob, date);
    return;
  }
  const [order] = await tx.select().from(livestockOrders).where(
    eq(livestockOrders.id, item.livestockOrderId),
  );
  const lot = lotName(order.agendaLotReference, order.id);
  const why = refuseDrop({ mobStatus: null, isUnscheduled: false, lot }, date, ctx.today);
  if (why) throw refused("itemId", why);
  if (order.deliveryDate > date) {
    throw refused(
      "itemId",
      `${lot} arrives on ${order.deliveryDate}: plan it for that day or later, or change its delivery date first.`,
    );
  }
  await planOrderForKill(unit, order, date);
}
