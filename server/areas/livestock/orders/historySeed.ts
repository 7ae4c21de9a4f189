/**
 * A year of demo order history before the demo's month (issue 39, "Demo data"): on each weekday two or
 * three sheep and lamb orders and, most days, one of cattle, across the suppliers of every state, all
 * delivered (a few with DOA) and processed on the next weekday. Their mobs wait for the kill floor like
 * the month's processed ones (the stockyard seed sends them, the kill floor seed kills them, the
 * invoices seed pays them). Only for the demo the start command runs (`history: "year"`): the tests'
 * template stays a month.
 */
import type { TenantTx } from "../../context.ts";
import { livestockOrders, pricingGridGroups } from "../../../../db/tenant/schema.ts";
import { MOB_STATUS, ORDER_STATUS } from "../../../../kernel/enums.ts";
import { addDays, isWeekend } from "../../../../kernel/dates.ts";
// the parts the demo's month of orders (seed.ts) shares
import * as demo from "./demoOrderParts.ts";
import { seeded } from "../../seeded.ts";

/** The history's days: from a year before today up to the demo's own month (which starts 30 days back). */
export const HISTORY_FIRST_DAY = -365;
export const HISTORY_LAST_DAY = -31;

export async function insertOrderHistory(db: TenantTx, opts: { today: string; siteIds: number[] }) {
  const r = seeded(7);
  const now = new Date().toISOString();
  const parties = await demo.demoParties(db);
  // a year back the month's grids had not started: the orders are priced on the standing grids
  const standing = new Map(
    (await db.select().from(pricingGridGroups))
      .filter((g) => g.isDefaultGroup && !g.isServiceKill)
      .map((g) => [g.speciesId, g.id]),
  );
  for (let offset = HISTORY_FIRST_DAY; offset <= HISTORY_LAST_DAY; offset++) {
    const date = addDays(opts.today, offset);
    if (isWeekend(date)) continue;
    const plan = [
      ...Array.from(
        { length: r.int(2, 3) },
        () => ({ speciesId: 1, categories: [11, 11, 11, 13], size: [100, 400] }),
      ),
      ...(r.next() < 0.7 ? [{ speciesId: 2, categories: [23, 24, 25], size: [20, 80] }] : []),
    ];
    for (const item of plan) {
      const supplier = r.pick(parties.supplierRows.filter((s) => s.stockTypes.includes(item.speciesId)));
      if (!supplier) continue;
      const rolled = demo.rollOrder(r, item, parties);
      const { categoryId, quantity } = rolled;
      const delivered = quantity - (r.next() < 0.15 ? r.int(1, 9) : 0);
      const doa = r.next() < 0.2 ? r.int(1, 3) : 0;
      const time = demo.rollDeliveryTime(r);
      const group = await demo.insertDemoGroup(db, r, parties, { ...rolled, item, supplier, date, now });
      const [order] = await db.insert(livestockOrders).values({
        ...demo.demoOrderValues({ groupId: group.id, supplier, item, categoryId, quantity }, {
          date,
          time,
          ...opts,
        }),
        orderStatus: ORDER_STATUS.Processed,
        orderConfirmed: true,
        pricingGridGroupId: standing.get(item.speciesId) ?? null,
        nvd: `NVD${r.int(100000, 999999)}`,
        totalDelivered: delivered,
        totalDoa: doa,
        totalUnloaded: delivered - doa,
        totalProcessed: delivered - doa,
        createdAt: now,
        lastModified: now,
      }).returning();
      await demo.insertDemoDelivery(db, order, MOB_STATUS.ReadyToProcess, now);
    }
  }
}
