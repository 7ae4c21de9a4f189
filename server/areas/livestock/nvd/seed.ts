/**
 * Demo NVDs for the processor, over the demo orders (../orders/seed.ts): the orders delivered in the
 * last fortnight have their NVD matched by serial, except every seventh (its NVD has not come: the yard
 * and the agenda badge it) and one in seven with a head count that differs; two NVDs wait unmatched, one
 * with a mistyped serial from the PIC of an order still without its NVD (so it is suggested), one from a
 * PIC no order has. Sent by the plant's systems (no files). Idempotent: nothing when any NVD exists.
 */
import { and, asc, gt, gte, lte, ne } from "drizzle-orm";
import type { DemoTenant } from "../../area.ts";
import { livestockOrders, nvdDocuments } from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";

export async function seedNvds({ db, today, category }: Pick<DemoTenant, "db" | "today" | "category">) {
  if (category !== "processor") return;
  if ((await db.select({ id: nvdDocuments.id }).from(nvdDocuments).limit(1)).length) return;
  const orders = await db.select().from(livestockOrders).where(and(
    gte(livestockOrders.deliveryDate, addDays(today, -13)),
    lte(livestockOrders.deliveryDate, today),
    gt(livestockOrders.totalDelivered, 0),
    ne(livestockOrders.nvd, ""),
  )).orderBy(asc(livestockOrders.id));
  const now = new Date().toISOString();
  const base = { source: "system", consignee: "Demo processor", createdAt: now, lastModified: now };
  const rows: (typeof nvdDocuments.$inferInsert)[] = [];
  const waiting = orders.filter((_, i) => i % 7 === 3);
  orders.forEach((o, i) => {
    if (i % 7 === 3) return;
    const head = i % 7 === 5 ? o.totalDelivered + 2 : o.totalDelivered;
    rows.push({
      ...base,
      serialNumber: o.nvd,
      pic: o.pic,
      nvdDate: addDays(o.deliveryDate, -1),
      head,
      livestockOrderId: o.id,
      matchReason: `Serial number ${o.nvd} matches the order's NVD number`,
      matchedAt: now,
      matchedBy: "Matched on arrival",
    });
  });
  const late = waiting.find((o) => o.pic);
  if (late) {
    rows.push({
      ...base,
      serialNumber: `${late.nvd}X`, // typed with a stray character: found by PIC and date instead
      pic: late.pic,
      nvdDate: addDays(late.deliveryDate, -1),
      head: late.totalDelivered,
    });
  }
  rows.push({ ...base, serialNumber: "7310452B", pic: "QDBV0417", nvdDate: addDays(today, -2), head: 64 });
  for (let i = 0; i < rows.length; i += 200) await db.insert(nvdDocuments).values(rows.slice(i, i + 200));
}
