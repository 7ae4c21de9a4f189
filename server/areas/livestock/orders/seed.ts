/**
 * Demo livestock orders for the processor, over the suppliers, buyers and carriers the parties seed
 * created and the grid groups the pricing seed created (run those first). Deterministic for a given
 * `today`.
 */
import type { DemoTenant } from "../../area.ts";
import type { TenantTx } from "../../context.ts";
import { livestockOrders, pricingGridGroups, pricingGrids } from "../../../../db/tenant/schema.ts";
import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import { boxedLotReference } from "../boxing/rules.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../../kernel/enums.ts";
import { pricingOptions } from "../../pricing/rules.ts";
import { addDays, isWeekend, nextWeekday } from "../../../../kernel/dates.ts";
import { seeded } from "../../seeded.ts";
import { insertOrderHistory } from "./historySeed.ts";
import {
  demoOrderValues,
  demoParties,
  insertDemoDelivery,
  insertDemoGroup,
  rollDeliveryTime,
  rollOrder,
} from "./demoOrderParts.ts";

/**
 * A realistic processor calendar: order groups and orders on weekdays over the past 30 and next 30
 * days, sheep most days and beef a few; past orders delivered (some with DOA) and processed, today's
 * partly in, future ones ordered or confirmed, a few cancelled. Idempotent.
 */
/** A processor's demo calendar of orders around today (a farm has none). */
export async function seedOrders(
  tenant: Pick<DemoTenant, "db" | "today" | "siteIds" | "category" | "history">,
) {
  if (tenant.category !== "processor") return;
  const tenantDb = tenant.db, opts = { today: tenant.today, siteIds: tenant.siteIds };
  if ((await tenantDb.select({ id: livestockOrders.id }).from(livestockOrders).limit(1)).length) return;
  // one transaction: one commit instead of a thousand
  await tenantDb.transaction(async (tx) => {
    // the year before the month, for the demo the start command runs (historySeed.ts)
    if (tenant.history === "year") await insertOrderHistory(tx, opts);
    await insertOrders(tx, opts);
    await boxDemoLot(tx, opts.today);
  });
}

/**
 * One boxed lot (livestock boxing): the two beef consignments of the latest day of the last fortnight
 * that had two delivered, boxed into one lot on the lower order (BOX-<id>) as a plant boxes two small
 * mobs before their kill; the kill floor's and the invoices' seeds then treat them as one lot. Beef only:
 * the sheep orders stay free to box by hand. Nothing when no day had two.
 */
async function boxDemoLot(db: TenantTx, today: string) {
  for (let offset = 0; offset >= -14; offset--) {
    const pair = (await db.select().from(livestockOrders).where(and(
      eq(livestockOrders.speciesId, 2),
      eq(livestockOrders.deliveryDate, addDays(today, offset)),
      gt(livestockOrders.totalDelivered, 0),
      ne(livestockOrders.orderStatus, ORDER_STATUS.Cancelled),
    )).orderBy(asc(livestockOrders.id))).slice(0, 2);
    if (pair.length < 2 || pair[0].tenantSiteId !== pair[1].tenantSiteId) continue;
    const host = pair[0].id;
    await db.update(livestockOrders).set({
      boxedLotRef: boxedLotReference(host),
      boxedOrderCollectionId: host,
    })
      .where(inArray(livestockOrders.id, pair.map((o) => o.id)));
    return;
  }
}

async function insertOrders(db: TenantTx, opts: { today: string; siteIds: number[] }) {
  const r = seeded(42);
  const now = new Date().toISOString();
  const parties = await demoParties(db);
  const gridGroups = await db.select().from(pricingGridGroups);
  const grids = await db.select().from(pricingGrids);
  const pricing = gridGroups.map((g) => ({
    ...g,
    grids: grids.filter((x) => x.pricingGridGroupId === g.id),
  }));
  // the last weekday before today: its first order is always one that never arrived, whatever the date
  let lastWorkday = -1;
  while (isWeekend(addDays(opts.today, lastWorkday))) lastWorkday--;
  for (let offset = -30; offset <= 30; offset++) {
    const date = addDays(opts.today, offset);
    if (isWeekend(date)) continue;
    const plan = [
      ...Array.from(
        { length: r.int(3, 5) },
        () => ({ speciesId: 1, categories: [11, 11, 11, 13], size: [150, 600] }),
      ),
      ...Array.from(
        { length: r.int(0, 2) },
        () => ({ speciesId: 2, categories: [23, 24, 25], size: [30, 120] }),
      ),
    ];
    for (const item of plan) {
      const supplier = r.pick(parties.supplierRows.filter((s) => s.stockTypes.includes(item.speciesId)));
      if (!supplier) continue;
      const rolled = rollOrder(r, item, parties);
      const { categoryId, quantity } = rolled;
      const group = await insertDemoGroup(db, r, parties, { ...rolled, item, supplier, date, now });
      // the last weekday's first order never came, whatever the rolls: it is never the cancelled one
      const neverCame = offset === lastWorkday && item === plan[0];
      const cancelled = (offset > -20 && r.next() < 0.04) && !neverCame;
      // a few recent orders never arrived: they show on the undelivered page; today the first is in already
      // (its mobs wait for tomorrow's kill)
      const late = (offset < 0 && offset > -5 && r.next() < 0.1) || neverCame;
      const delivered = !late && (offset < 0 || (offset === 0 && (r.next() < 0.5 || item === plan[0])))
        ? quantity - (r.next() < 0.15 ? r.int(1, 9) : 0)
        : 0;
      const doa = delivered && r.next() < 0.2 ? r.int(1, 3) : 0;
      // killed on the first weekday after delivery: processed once that day is past (Friday's mobs wait in
      // the yard over the weekend and are killed on Monday)
      const processed = Boolean(delivered) && nextWeekday(date) < opts.today;
      const status = cancelled
        ? ORDER_STATUS.Cancelled
        : processed
        ? ORDER_STATUS.Processed
        : delivered
        ? (delivered >= quantity ? ORDER_STATUS.Delivered : ORDER_STATUS.PartiallyDelivered)
        : r.next() < 0.6
        ? ORDER_STATUS.Confirmed
        : ORDER_STATUS.Ordered;
      const time = rollDeliveryTime(r);
      const [order] = await db.insert(livestockOrders).values({
        ...demoOrderValues({ groupId: group.id, supplier, item, categoryId, quantity }, {
          date,
          time,
          ...opts,
        }),
        orderStatus: status,
        orderConfirmed: status !== ORDER_STATUS.Ordered,
        // priced on the first grid group that applies (spec 2 §5), as a buyer would pick it
        pricingGridGroupId: pricingOptions(
          {
            speciesId: item.speciesId,
            speciesCategoryId: categoryId,
            deliveryDate: date,
            productionDate: null,
          },
          pricing,
        ).find((o) => !o.disabled)?.id ?? null,
        nvd: delivered ? `NVD${r.int(100000, 999999)}` : "",
        totalDelivered: cancelled ? 0 : delivered,
        totalDoa: cancelled ? 0 : doa,
        totalUnloaded: processed ? delivered - doa : 0,
        totalProcessed: processed ? delivered - doa : 0,
        statusBeforeCancel: cancelled ? ORDER_STATUS.Confirmed : null,
        cancelReason: cancelled ? "Supplier sold the mob elsewhere" : null,
        cancelledAt: cancelled ? now : null,
        createdAt: now,
        lastModified: now,
      }).returning();
      if (cancelled || !delivered) continue;
      await insertDemoDelivery(db, order, processed ? MOB_STATUS.ReadyToProcess : MOB_STATUS.InYard, now);
    }
  }
}
