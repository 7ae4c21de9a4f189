/**
 * The invoices of the demo's year of history (livestock/orders/historySeed.ts): every order killed
 * before the month seed's last days (seed.ts) is invoiced, one in four finalised, the rest published (the
 * payments seed pays them as they fall due); all through the same computation and publishing as the
 * month's invoices (seed.ts).
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { carcasses } from "../../../db/tenant/schema.ts";
import type { DemoTenant } from "../area.ts";
import { addDays } from "../../../kernel/dates.ts";
import { type DemoOrder, writeDemoInvoice } from "./seed.ts";

export async function seedInvoiceHistory(
  db: DemoTenant["db"],
  orders: DemoOrder[],
  today: string,
  numbering: { last: number },
) {
  // every kill up to the days the month's seed leaves in each state (seed.ts: nine to two days back), so
  // the year demo's plant has invoiced its kills as it goes, as its suppliers would expect
  const before = addDays(today, -9);
  let n = 0;
  for (const order of orders) {
    const killed = await db.select({ mobId: carcasses.stockMobId, day: carcasses.productionDate })
      .from(carcasses).where(
        and(eq(carcasses.livestockOrderId, order.id), lt(carcasses.productionDate, before)),
      )
      .orderBy(asc(carcasses.id));
    if (!killed.length) continue;
    await writeDemoInvoice(db, order, killed, n++ % 4 === 0 ? "Finalised" : "Published", today, numbering);
  }
}
