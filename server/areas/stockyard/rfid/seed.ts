/**
 * Demo race readings (processor tenants): the NLIS devices of the last ten days' cattle deliveries as the
 * race reader would have read them — the devices the kill floor recorded, and devices for the head still
 * in the yard — with the slips a real race has: now and then a beast missed (a count error and a device
 * killed but never read) or a stray read from the next truck. Runs after the kill floor's seed.
 */
import { and, eq, gt, gte, inArray, isNotNull } from "drizzle-orm";
import { carcasses, livestockOrders, rfidScans } from "../../../../db/tenant/schema.ts";
import type { DemoTenant } from "../../area.ts";
import { processorSeedDue } from "../../demoSeedDue.ts";
import { addDays } from "../../../../kernel/dates.ts";
import { normaliseRfid } from "../rules.ts";

const CATTLE = 2;

/** A device number for a beast not killed yet: 982 (the maker's code) then order and head. */
const liveDevice = (orderId: number, k: number) => `982${String(orderId * 10_000 + k).padStart(12, "0")}`;

export async function seedRfidScans({ db, category, today }: DemoTenant) {
  if (!(await processorSeedDue({ db, category }, rfidScans))) return;
  const orders = await db.select({
    id: livestockOrders.id,
    delivered: livestockOrders.totalDelivered,
    doa: livestockOrders.totalDoa,
    deliveryDate: livestockOrders.deliveryDate,
  }).from(livestockOrders).where(and(
    eq(livestockOrders.speciesId, CATTLE),
    gt(livestockOrders.totalDelivered, 0),
    gte(livestockOrders.deliveryDate, addDays(today, -10)),
  )).orderBy(livestockOrders.id);
  if (!orders.length) return;
  const killed = await db.select({ id: carcasses.livestockOrderId, rfid: carcasses.rfid }).from(carcasses)
    .where(and(inArray(carcasses.livestockOrderId, orders.map((o) => o.id)), isNotNull(carcasses.rfid)));
  const values: (typeof rfidScans.$inferInsert)[] = [];
  orders.forEach((o, i) => {
    const devices = killed.filter((k) => k.id === o.id).map((k) => normaliseRfid(k.rfid!)).filter((d) =>
      d !== null
    );
    for (let k = devices.length; k < o.delivered - o.doa; k++) devices.push(liveDevice(o.id, k));
    if (i % 3 === 0) devices.shift(); // a beast through the race unread
    if (i % 4 === 2) devices.push(liveDevice(o.id, 9_999)); // a stray read
    const at = `${o.deliveryDate}T06:30:00.000Z`;
    for (const rfid of devices) {
      values.push({ livestockOrderId: o.id, rfid, scannedAt: at, source: "Race reader" });
    }
  });
  for (let i = 0; i < values.length; i += 500) await db.insert(rfidScans).values(values.slice(i, i + 500));
}
