/**
 * A kill agenda as the API and the pages show it: its items in kill order joined with their mobs,
 * orders, suppliers and pens, each with its status, estimated carcasses and whether it may be moved, and
 * the day's totals against its kill volume target.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
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
import { type JsonRow, jsonRows } from "../../../db/jsonRows.ts";
import type { AreaContext } from "../context.ts";
import { ORDER_STATUS, orderStatusName, orderStatusText } from "../../../kernel/enums.ts";
import { isPartiallyDelivered } from "../livestock/orders/rules.ts";
import { type AgendaRow, isFrozen } from "./agendaTx.ts";
import { sentChangesOf } from "./sentState.ts";
import { ordersWithNvd } from "../livestock/nvd/queries.ts";
import { boxedLotMembers, boxedLotRefsOf } from "../livestock/boxing/queries.ts";
import { inJsonList } from "../../../db/jsonRows.ts";
import { agendaTarget, estimatedCarcasses, itemStatus, lotMissing, lotName, refuseDrop } from "./rules.ts";
import type { AgendaItem, BoxedLotOnDay, KillAgenda } from "./schemas.ts";

type Out<S extends z.ZodType> = z.output<S>;

export const orderWords = (level: number) => orderStatusText(orderStatusName(level));
/**
 * What an item shows, read as one JSON text per row (db/jsonRows.ts): a 300-lot day came back from the
 * driver cell by cell in several times the time SQLite took to join it.
 */
const ITEM_FIELDS = {
  id: killAgendaItems.id,
  killAgendaId: killAgendaItems.killAgendaId,
  orderId: livestockOrders.id,
  supplierId: livestockOrders.supplierId,
  orderPic: livestockOrders.pic,
  quantityOrdered: livestockOrders.quantityOrdered,
  declaredQuantity: livestockOrders.declaredQuantity,
  orderStatus: livestockOrders.orderStatus,
  orderLot: livestockOrders.agendaLotReference,
  isMsaEligible: livestockOrders.isMsaEligible,
  totalDelivered: livestockOrders.totalDelivered,
  deliveryDate: livestockOrders.deliveryDate,
  deliveryTime: livestockOrders.deliveryTime,
  orderLastModified: livestockOrders.lastModified,
  supplierName: suppliers.name,
};
/** The mob's side, null for an expected order (no mob yet). */
const MOB_FIELDS = {
  mobId: stockMobs.id,
  head: stockMobs.head,
  mobPic: stockMobs.pic,
  mobStatus: stockMobs.mobStatus,
  plannedProductionDate: stockMobs.plannedProductionDate,
  mobLot: stockMobs.agendaLotReference,
  mobLotSuffix: stockMobs.agendaLotReferenceSuffix,
  mobLastModified: stockMobs.lastModified,
  pen: pens.name,
};
type ItemRead = JsonRow<typeof ITEM_FIELDS, typeof MOB_FIELDS>;

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
    jsonRows(
      ctx.db,
      ITEM_FIELDS,
      sql`from ${killAgendaItems}
        join ${livestockOrders} on ${livestockOrders.id} = ${killAgendaItems.livestockOrderId}
        join ${suppliers} on ${suppliers.id} = ${livestockOrders.supplierId}
        left join ${stockMobs} on ${stockMobs.id} = ${killAgendaItems.stockMobId}
        left join ${pens} on ${pens.id} = ${stockMobs.penId}
        where ${inArray(killAgendaItems.killAgendaId, ids)}
        order by ${killAgendaItems.killAgendaId}, ${killAgendaItems.killOrder}`,
      MOB_FIELDS,
    ),
    ctx.db.select().from(killVolumeTargets).where(inArray(killVolumeTargets.speciesId, speciesIds)),
    locationIds.length
      ? ctx.db.select({ id: siteLocations.id, name: siteLocations.name }).from(siteLocations)
        .where(inArray(siteLocations.id, locationIds))
      : [],
  ]);
  const byAgenda = Map.groupBy(rows, (r) => r.killAgendaId);
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [withNvd, boxedRefs] = await Promise.all([
    ordersWithNvd(ctx.db, orderIds),
    boxedLotRefsOf(ctx.db, orderIds),
  ]);
  const itemsOf = new Map(agendas.map((agenda) => {
    const species = ctx.scope.speciesName(agenda.speciesId);
    return [
      agenda.id,
      (byAgenda.get(agenda.id) ?? []).map((r, i) =>
        itemView(ctx, r, i + 1, species, agenda, withNvd, boxedRefs.get(r.orderId) ?? null)
      ),
    ];
  }));
  const lotsOf = await boxedLotsOfDays(ctx, itemsOf);
  const changes = await sentChangesOf(
    ctx.db,
    agendas.map((row) => ({ row, items: itemsOf.get(row.id)! })),
  );
  return agendas.map((agenda) => {
    const species = ctx.scope.speciesName(agenda.speciesId);
    const items = itemsOf.get(agenda.id)!;
    const head = items.reduce((n, i) => n + i.numberOfHead, 0);
    const target = agendaTarget(targets, agenda);
    return {
      id: agenda.id,
      productionDate: agenda.productionDate,
      speciesId: agenda.speciesId,
      species,
      tenantSiteId: agenda.tenantSiteId,
      siteName: ctx.scope.sites.find((s) => s.id === agenda.tenantSiteId)?.name ?? "",
      siteLocationId: agenda.siteLocationId,
      siteLocationName: locations.find((l) => l.id === agenda.siteLocationId)?.name ?? null,
      revision: agenda.revision,
      printedAt: agenda.printedAt,
      isFrozen: isFrozen(agenda),
      integrationStatus: agenda.integrationStatus as "NotSent" | "Sent" | "Failed",
      integrationSentAt: agenda.integrationSentAt,
      sentRevision: agenda.sentRevision,
      changesSinceSent: changes.get(agenda.id) ?? null,
      lastModified: agenda.lastModified,
      items,
      boxedLots: lotsOf.get(agenda.id) ?? [],
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
  r: ItemRead,
  killOrder: number,
  species: string,
  agenda: AgendaRow,
  withNvd: ReadonlySet<number>,
  boxedLotRef: string | null,
): Out<typeof AgendaItem> {
  const mob = r.mobId !== null;
  const head = mob ? r.head! : r.declaredQuantity ?? r.quantityOrdered;
  const lot = (mob ? r.mobLot : r.orderLot) ?? "";
  return {
    id: r.id,
    livestockOrderId: r.orderId,
    stockMobId: r.mobId,
    agendaLotReference: lot,
    agendaLotReferenceSuffix: r.mobLotSuffix ?? "",
    speciesId: agenda.speciesId,
    species,
    supplierId: r.supplierId,
    supplierName: r.supplierName,
    pic: r.mobPic || r.orderPic,
    numberOfHead: head,
    estimatedCarcasses: estimatedCarcasses(head, agenda.speciesId),
    mobStatusNumber: r.mobStatus,
    orderStatusNumber: r.orderStatus,
    orderStatus: orderWords(r.orderStatus),
    status: itemStatus(r.mobStatus, r.orderStatus),
    applicableProductionDate: agenda.productionDate,
    isPlannedProductionDateSetForMob: Boolean(r.plannedProductionDate),
    isPartiallyDelivered: r.orderStatus === ORDER_STATUS.PartiallyDelivered || isPartiallyDelivered(r),
    isForDeliveryDisplay: !mob,
    isMsaEligible: r.isMsaEligible,
    killAgendaOrderNumber: killOrder,
    deliveryDate: r.deliveryDate,
    deliveryTime: r.deliveryTime,
    pens: r.pen ? [r.pen] : [],
    moveRefusal: refuseDrop(
      { mobStatus: r.mobStatus, isUnscheduled: false, lot: lotName(lot, r.orderId) },
      ctx.today,
      ctx.today,
    ),
    isLinkedNvd: withNvd.has(r.orderId),
    boxedLotRef,
    lastModified: r.mobLastModified ?? r.orderLastModified,
  };
}

/**
 * The boxed lots on each day (in kill order): every order of the lot with its suppliers, the head on the
 * day, and its orders that are not on the day, with where they are (their mobs' days, read here).
 */
async function boxedLotsOfDays(
  ctx: AreaContext,
  itemsOf: ReadonlyMap<number, Out<typeof AgendaItem>[]>,
): Promise<Map<number, Out<typeof BoxedLotOnDay>[]>> {
  const all = [...itemsOf.values()].flat();
  const refs = [...new Set(all.flatMap((i) => (i.boxedLotRef ? [i.boxedLotRef] : [])))];
  const members = await boxedLotMembers(ctx.db, refs);
  if (!members.length) return new Map();
  // where each order's mobs are planned (an order missing from one day may be on another)
  const days = await ctx.db.selectDistinct({
    id: stockMobs.livestockOrderId,
    date: stockMobs.applicableProductionDate,
  })
    .from(stockMobs)
    .where(and(
      inJsonList(stockMobs.livestockOrderId, members.map((m) => m.livestockOrderId)),
      gt(stockMobs.head, 0),
      eq(stockMobs.isInBin, false),
    ))
    .orderBy(asc(stockMobs.applicableProductionDate));
  const daysOf = Map.groupBy(days.filter((d) => d.date !== null), (d) => d.id);
  const membersOf = Map.groupBy(members, (m) => m.boxedLotRef);
  return new Map([...itemsOf].map(([agendaId, items]) => {
    const onDay = new Set(items.map((i) => i.livestockOrderId));
    const byLot = Map.groupBy(items.filter((i) => i.boxedLotRef), (i) => i.boxedLotRef!);
    return [
      agendaId,
      [...byLot].map(([ref, lotItems]) => {
        const lot = membersOf.get(ref) ?? [];
        return {
          boxedLotRef: ref,
          livestockOrderIds: lot.map((m) => m.livestockOrderId),
          suppliers: [...new Set(lot.map((m) => m.supplierName))],
          head: lotItems.reduce((n, i) => n + i.numberOfHead, 0),
          missing: lotMissing(
            lot.map((m) => ({
              ...m,
              productionDates: (daysOf.get(m.livestockOrderId) ?? []).map((d) => d.date!),
            })),
            onDay,
          ),
        };
      }),
    ];
  }));
}
