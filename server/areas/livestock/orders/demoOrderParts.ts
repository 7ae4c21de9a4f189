/**
 * What the demo's month of orders (seed.ts) and its year of history (historySeed.ts) share: the parties
 * an order is rolled from, the roll of its buyer, category and size, and its order group. The rolls are
 * taken in the order the callers make them, so the demo stays the same for a given `today`.
 */
import type { TenantTx } from "../../context.ts";
import {
  buyers,
  deliveryLoads,
  livestockOrderGroups,
  livestockOrders,
  suppliers,
  transportCompanies,
} from "../../../../db/tenant/schema.ts";
import { addDays, nextWeekday } from "../../../../kernel/dates.ts";
import type { seeded } from "../../seeded.ts";
import { receiveDeliveredMob } from "../../stockyard/writes.ts";
import { loadMob } from "./mapping.ts";

type Rolls = ReturnType<typeof seeded>;
type Supplier = typeof suppliers.$inferSelect;
type Buyer = typeof buyers.$inferSelect;
export type DemoParties = Awaited<ReturnType<typeof demoParties>>;

/** One kind of order on a day's plan: sheep or cattle, the categories to pick from and its size range. */
export interface PlannedOrder {
  speciesId: number;
  categories: number[];
  size: number[];
}

export async function demoParties(db: TenantTx) {
  const supplierRows = await db.select().from(suppliers);
  const buyerRows = await db.select().from(buyers);
  const carriers = await db.select().from(transportCompanies);
  return {
    supplierRows,
    carriers,
    sheepBuyers: buyerRows.filter((b) => /Lamb|Consignment/.test(b.name)),
    beefBuyers: buyerRows.filter((b) => /Cattle|Beef/.test(b.name)),
  };
}

/** The order's buyer (or none: a direct consignment), category and head, a round ten. */
export function rollOrder(r: Rolls, item: PlannedOrder, parties: DemoParties) {
  const buyer: Buyer | undefined = r.pick(item.speciesId === 1 ? parties.sheepBuyers : parties.beefBuyers);
  const categoryId: number = r.pick(item.categories);
  const quantity = Math.round(r.int(item.size[0], item.size[1]) / 10) * 10;
  return { buyer, categoryId, quantity };
}

/** The order's group: its carrier rolled, ordered 5 to 20 days ahead when a buyer placed it. */
export async function insertDemoGroup(
  db: TenantTx,
  r: Rolls,
  parties: DemoParties,
  order: ReturnType<typeof rollOrder> & { item: PlannedOrder; supplier: Supplier; date: string; now: string },
) {
  const [group] = await db.insert(livestockOrderGroups).values({
    speciesId: order.item.speciesId,
    speciesCategoryId: order.categoryId,
    quantityRequired: order.quantity,
    supplierId: order.supplier.id,
    transportCompanyId: r.pick(parties.carriers).id,
    buyerId: order.buyer?.id ?? null,
    deliveryDate: order.date,
    orderDate: order.buyer ? addDays(order.date, -r.int(5, 20)) : null,
    createdAt: order.now,
    lastModified: order.now,
  }).returning();
  return group;
}

/** A truck's arrival between 4 and 9 in the morning, on the quarter hour. */
export const rollDeliveryTime = (r: Rolls) =>
  `${String(r.int(4, 9)).padStart(2, "0")}:${r.pick(["00", "15", "30", "45"])}`;

/**
 * What every demo order says the same way: its group, supplier (and the supplier's PIC and MSA standing),
 * species, category and head, its delivery and the kill the next weekday, at the plant's first site for
 * sheep and its last for cattle. The seeds add the status, price grid and totals.
 */
export function demoOrderValues(
  order: { groupId: number; supplier: Supplier; item: PlannedOrder; categoryId: number; quantity: number },
  delivery: { date: string; time: string; siteIds: number[] },
) {
  const { item, supplier } = order, { siteIds } = delivery;
  return {
    livestockOrderGroupId: order.groupId,
    supplierId: supplier.id,
    tenantSiteId: siteIds[item.speciesId === 1 ? 0 : siteIds.length - 1] ?? null,
    speciesId: item.speciesId,
    speciesCategoryId: order.categoryId,
    quantityOrdered: order.quantity,
    deliveryDate: delivery.date,
    deliveryTime: delivery.time,
    productionDate: nextWeekday(delivery.date),
    pic: supplier.pic,
    isMsaEligible: Boolean(supplier.msaProperties?.isMsaAccredited),
  };
}

/**
 * A delivered order's one load, as its totals say (head, DOA), at its delivery date and time, and the mob
 * of its live head waiting in `mobStatus`: the mob is the stockyard's, its own write makes it.
 */
export async function insertDemoDelivery(
  db: TenantTx,
  order: typeof livestockOrders.$inferSelect,
  mobStatus: number,
  now: string,
) {
  const [load] = await db.insert(deliveryLoads).values({
    livestockOrderId: order.id,
    head: order.totalDelivered,
    doa: order.totalDoa,
    nvdNumber: order.nvd,
    deliveryDate: order.deliveryDate,
    deliveryTime: order.deliveryTime ?? "", // the seeds give every order its time
    createdAt: now,
    createdBy: "Demo data",
  }).returning();
  const head = order.totalDelivered - order.totalDoa;
  await receiveDeliveredMob({ tx: db }, loadMob(order, load, { head, mobStatus, now }));
}
