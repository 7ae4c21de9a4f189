/**
 * A demo set's days on the kill floor and in the yields (issue 43 item 3): for each production day a load
 * brings (the last FLOOR_DAYS of it), one order of the day's head delivered the day before, its mob sent
 * to the kill floor and killed by the kill floor's simulator, then boned the same day into the set's
 * cartons (one run a day, a cut's rows on one of the species' product codes) through the yield's carton
 * import; each step the owning area's own operation (orders, stockyard, kill floor, yield), so the kill
 * floor day, the orders and the yield screens show the set. An order is found again by its note, so a
 * second load of the same set and day adds nothing. Processors only.
 */
import { and, asc, eq } from "drizzle-orm";
import {
  boningRooms,
  livestockOrders,
  productCodes,
  stockyards,
  suppliers,
} from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { upsertOrderAndGroup } from "../../livestock/orders/operations/save.ts";
import { addDeliveryLoad } from "../../livestock/orders/operations/deliveries.ts";
import { OrderDto, OrderGroupDto } from "../../livestock/orders/schemas.ts";
import { sendToKillFloor } from "../../stockyard/operations/killFloor.ts";
import { simulate } from "../../killFloor/operations/simulate.ts";
import { importCartons } from "../../yield/data/operations/importCartons.ts";
import type { TenantContext } from "../tenantContext.ts";
import { DEMO_SETS, type DemoRow, type DemoSet } from "./rules.ts";

/** Days of a load that get orders and carcasses (a day of 3,000 head is thousands of records). */
export const FLOOR_DAYS = 7;

/** The order's note that marks it as a set's day (found again on the next load). */
export const floorNote = (setId: number, day: string) => `Demo data set ${setId}, kill on ${day}`;

/** The set's own run number on a day (500 up: clear of the plant's runs, one a set). */
const runNumberOf = (demoSet: DemoSet) => 500 + DEMO_SETS.findIndex((s) => s.id === demoSet.id);

type Outcome = { orders: number; carcasses: number; cartons: number };

/** Orders, mobs, carcasses and cartons for the days of the set's rows; answers what was added. */
export async function killSetDays(
  there: TenantContext,
  demoSet: DemoSet,
  rows: readonly DemoRow[],
): Promise<Outcome> {
  const none = { orders: 0, carcasses: 0, cartons: 0 };
  if (there.tenant.category !== "processor") return none;
  const species = there.caller.species.find((s) => s.id === (demoSet.kgPerHead >= 10 ? 2 : 1)) ??
    there.caller.species[0];
  const site = there.caller.sites[0];
  const [supplier] = await there.db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id))
    .limit(1);
  const [yard] = await there.db.select({ id: stockyards.id }).from(stockyards)
    .where(eq(stockyards.tenantSiteId, site?.id ?? 0)).orderBy(asc(stockyards.id)).limit(1);
  if (!species || !site || !supplier || !yard) return none;
  const byDay = Map.groupBy(rows, (r) => r.productionDate);
  const lastDays = [...byDay.keys()].sort().slice(-FLOOR_DAYS);
  const out = { ...none };
  for (const productionDate of lastDays) {
    const cuts = byDay.get(productionDate)!;
    const head = cuts[0].head; // every cut's row carries the day's head
    const notes = floorNote(demoSet.id, productionDate);
    const [held] = await there.db.select({ id: livestockOrders.id }).from(livestockOrders)
      .where(and(eq(livestockOrders.notes, notes), eq(livestockOrders.productionDate, productionDate)));
    if (held) continue;
    const deliveryDate = addDays(productionDate, -1);
    const group = await upsertOrderAndGroup(there, {
      livestockOrderGroupDto: OrderGroupDto.parse({
        speciesId: species.id,
        supplierId: supplier.id,
        quantityRequired: head,
        deliveryDate,
      }),
      livestockOrderDto: OrderDto.parse({
        quantityOrdered: head,
        deliveryDate,
        deliveryTime: "06:00",
        productionDate,
        tenantSiteId: site.id,
        orderConfirmed: true,
        notes,
      }),
    });
    const order = group.livestockOrders.find((o) => o.notes === notes) ?? group.livestockOrders[0];
    const delivered = await addDeliveryLoad(there, {
      livestockOrderId: order.id,
      head,
      doa: 0,
      nvdNumber: "",
      deliveryDate,
      deliveryTime: "06:00",
      confirmOverDelivery: true,
    });
    await sendToKillFloor(there, { livestockOrderId: order.id, stockyardId: yard.id, isLastShift: false });
    const killed = await simulate(there, {
      date: productionDate,
      speciesId: species.id,
      tenantSiteId: site.id,
    });
    out.orders++;
    out.carcasses += killed.added + killed.replaced;
    out.cartons += await boneSetDay(there, demoSet, cuts, {
      speciesId: species.id,
      siteId: site.id,
      stockMobId: delivered.stockMobId!,
    });
  }
  return out;
}

/**
 * The day's mob boned the same day in the site's first room for the species: each cut's cartons (its kg
 * shared between them) under one of the species' product codes, through the yield's own import (serials
 * from the set, day and cut, so a second import replaces rather than adds). Answers the cartons sent.
 */
async function boneSetDay(
  there: TenantContext,
  demoSet: DemoSet,
  cuts: readonly DemoRow[],
  at: { speciesId: number; siteId: number; stockMobId: number },
): Promise<number> {
  const codes = await there.db.select({ code: productCodes.code }).from(productCodes).where(and(
    eq(productCodes.speciesId, at.speciesId),
    eq(productCodes.kind, "product"),
    eq(productCodes.isActive, true),
  )).orderBy(asc(productCodes.id));
  const room = (await there.db.select().from(boningRooms).where(eq(boningRooms.tenantSiteId, at.siteId))
    .orderBy(asc(boningRooms.id))).find((r) => r.isActive && r.speciesIds.includes(at.speciesId));
  if (!codes.length || !room) return 0;
  const cartons = cuts.flatMap((cut) =>
    Array.from({ length: cut.cartons }, (_, i) => ({
      serial: `DEMO-${demoSet.id}-${cut.productionDate}-${cut.cutId}-${i + 1}`,
      productCode: codes[(cut.cutId - 1) % codes.length].code,
      speciesId: at.speciesId,
      netKg: Math.round((cut.netKg / cut.cartons) * 1000) / 1000,
      pieces: 0,
      productionDate: cut.productionDate,
      shift: "day",
      boningRoom: room.name,
      site: at.siteId,
      run: { runNumber: runNumberOf(demoSet), killDate: cut.productionDate, stockMobId: at.stockMobId },
    }))
  );
  // in batches the import takes (a heavy set's day is thousands of cartons)
  for (let i = 0; i < cartons.length; i += 5_000) {
    await importCartons(there, cartons.slice(i, i + 5_000), {
      kind: "simulator",
      name: `Demo data set ${demoSet.id}`,
    });
  }
  return cartons.length;
}
