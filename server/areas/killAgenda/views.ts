/**
 * A kill agenda as the API and the pages show it: its items in kill order joined with their mobs,
 * orders, suppliers and pens, each with its status, estimated carcasses and whether it may be moved, and
 * the day's totals against its kill volume target.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  killAgendaItems,
  killVolumeTargets,
  livestockOrders,
  pens,
  siteLocations,
  stockMobs,
  suppliers,
} from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { ORDER_STATUS, orderStatusName, orderStatusText } from "../livestock/enums.ts";
import { isPartiallyDelivered } from "../livestock/orders/rules.ts";
import { type AgendaRow, isFrozen } from "./agendaTx.ts";
import { agendaTarget, estimatedCarcasses, itemStatus, lotName, refuseDrop } from "./rules.ts";
import type { AgendaItem, KillAgenda } from "./schemas.ts";

type Out<S extends z.ZodType> = z.output<S>;

export const orderWords = (level: number) => orderStatusText(orderStatusName(level));
type MobRow = typeof stockMobs.$inferSelect;
type OrderRow = typeof livestockOrders.$inferSelect;
type ItemMob = Pick<
  MobRow,
  | "id"
  | "head"
  | "pic"
  | "mobStatus"
  | "plannedProductionDate"
  | "agendaLotReference"
  | "agendaLotReferenceSuffix"
  | "lastModified"
>;
type ItemOrder = Pick<
  OrderRow,
  | "id"
  | "supplierId"
  | "pic"
  | "quantityOrdered"
  | "declaredQuantity"
  | "orderStatus"
  | "agendaLotReference"
  | "isMsaEligible"
  | "totalDelivered"
  | "totalDoa"
  | "totalUnloaded"
  | "deliveryDate"
  | "deliveryTime"
  | "lastModified"
>;

/** The agendas as the API answers them: items joined with their mobs, orders, suppliers and pens. */
export async function agendaViews(
  ctx: AreaContext,
  agendas: readonly AgendaRow[],
): Promise<Out<typeof KillAgenda>[]> {
  if (!agendas.length) return [];
  const ids = agendas.map((a) => a.id);
  const speciesIds = [...new Set(agendas.map((a) => a.speciesId))];
  const locationIds = [...new Set(agendas.flatMap((a) => (a.siteLocationId ? [a.siteLocationId] : [])))];
  const [rows, targets, locations] = await Promise.all([
    ctx.db.select({
      item: killAgendaItems,
      // only what an item shows: decoding whole 40-column rows is most of a day's read time
      mob: {
        id: stockMobs.id,
        head: stockMobs.head,
        pic: stockMobs.pic,
        mobStatus: stockMobs.mobStatus,
        plannedProductionDate: stockMobs.plannedProductionDate,
        agendaLotReference: stockMobs.agendaLotReference,
        agendaLotReferenceSuffix: stockMobs.agendaLotReferenceSuffix,
        lastModified: stockMobs.lastModified,
      },
      order: {
        id: livestockOrders.id,
        supplierId: livestockOrders.supplierId,
        pic: livestockOrders.pic,
        quantityOrdered: livestockOrders.quantityOrdered,
        declaredQuantity: livestockOrders.declaredQuantity,
        orderStatus: livestockOrders.orderStatus,
        agendaLotReference: livestockOrders.agendaLotReference,
        isMsaEligible: livestockOrders.isMsaEligible,
        totalDelivered: livestockOrders.totalDelivered,
        totalDoa: livestockOrders.totalDoa,
        totalUnloaded: livestockOrders.totalUnloaded,
        deliveryDate: livestockOrders.deliveryDate,
        deliveryTime: livestockOrders.deliveryTime,
        lastModified: livestockOrders.lastModified,
      },
      supplierName: suppliers.name,
      pen: pens.name,
    }).from(killAgendaItems)
      .innerJoin(livestockOrders, eq(livestockOrders.id, killAgendaItems.livestockOrderId))
      .innerJoin(suppliers, eq(suppliers.id, livestockOrders.supplierId))
      .leftJoin(stockMobs, eq(stockMobs.id, killAgendaItems.stockMobId))
      .leftJoin(pens, eq(pens.id, stockMobs.penId))
      .where(inArray(killAgendaItems.killAgendaId, ids))
      .orderBy(asc(killAgendaItems.killAgendaId), asc(killAgendaItems.killOrder)),
    ctx.db.select().from(killVolumeTargets).where(inArray(killVolumeTargets.speciesId, speciesIds)),
    locationIds.length
      ? ctx.db.select({ id: siteLocations.id, name: siteLocations.name }).from(siteLocations)
        .where(inArray(siteLocations.id, locationIds))
      : [],
  ]);
  const byAgenda = Map.groupBy(rows, (r) => r.item.killAgendaId);
  return agendas.map((agenda) => {
    const species = speciesName(ctx, agenda.speciesId);
    const items = (byAgenda.get(agenda.id) ?? []).map((r, i) => itemView(ctx, r, i + 1, species, agenda));
    const head = items.reduce((n, i) => n + i.numberOfHead, 0);
    const target = agendaTarget(targets, agenda);
    return {
      id: agenda.id,
      productionDate: agenda.productionDate,
      speciesId: agenda.speciesId,
      species,
      tenantSiteId: agenda.tenantSiteId,
      siteName: ctx.caller.sites.find((s) => s.id === agenda.tenantSiteId)?.name ?? "",
      siteLocationId: agenda.siteLocationId,
      siteLocationName: locations.find((l) => l.id === agenda.siteLocationId)?.name ?? null,
      revision: agenda.revision,
      printedAt: agenda.printedAt,
      isFrozen: isFrozen(agenda),
      integrationStatus: agenda.integrationStatus as "NotSent" | "Sent" | "Failed",
      integrationSentAt: agenda.integrationSentAt,
      lastModified: agenda.lastModified,
      items,
      totals: {
        head,
        estimatedCarcasses: items.reduce((n, i) => n + i.estimatedCarcasses, 0),
        target,
        difference: head - target,
      },
    };
  });
}

function itemView(
  ctx: AreaContext,
  r: {
    item: typeof killAgendaItems.$inferSelect;
    mob: ItemMob | null;
    order: ItemOrder;
    supplierName: string;
    pen: string | null;
  },
  killOrder: number,
  species: string,
  agenda: AgendaRow,
): Out<typeof AgendaItem> {
  const { mob, order } = r;
  const head = mob ? mob.head : order.declaredQuantity ?? order.quantityOrdered;
  const lot = (mob ? mob.agendaLotReference : order.agendaLotReference) ?? "";
  return {
    id: r.item.id,
    livestockOrderId: order.id,
    stockMobId: mob?.id ?? null,
    agendaLotReference: lot,
    agendaLotReferenceSuffix: mob?.agendaLotReferenceSuffix ?? "",
    speciesId: agenda.speciesId,
    species,
    supplierId: order.supplierId,
    supplierName: r.supplierName,
    pic: mob?.pic || order.pic,
    numberOfHead: head,
    estimatedCarcasses: estimatedCarcasses(head, agenda.speciesId),
    mobStatusNumber: mob?.mobStatus ?? null,
    orderStatusNumber: order.orderStatus,
    orderStatus: orderWords(order.orderStatus),
    status: itemStatus(mob?.mobStatus ?? null, order.orderStatus),
    applicableProductionDate: agenda.productionDate,
    isPlannedProductionDateSetForMob: Boolean(mob?.plannedProductionDate),
    isPartiallyDelivered: order.orderStatus === ORDER_STATUS.PartiallyDelivered ||
      isPartiallyDelivered(order),
    isForDeliveryDisplay: !mob,
    isMsaEligible: order.isMsaEligible,
    killAgendaOrderNumber: killOrder,
    deliveryDate: order.deliveryDate,
    deliveryTime: order.deliveryTime,
    pens: r.pen ? [r.pen] : [],
    moveRefusal: refuseDrop(
      { mobStatus: mob?.mobStatus ?? null, isUnscheduled: false, lot: lotName(lot, order.id) },
      ctx.today,
      ctx.today,
    ),
    lastModified: mob?.lastModified ?? order.lastModified,
  };
}

function speciesName(ctx: AreaContext, id: number) {
  return ctx.caller.species.find((s) => s.id === id)?.name ?? `Species ${id}`;
}
