/**
 * The invoices of the demo's year of history (livestock/orders/historySeed.ts): every order killed
 * before the demo's month is paid, one in four finalised, the rest published; all through the same
 * computation and publishing as the month's invoices (seed.ts).
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
  const before = addDays(today, -29);
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
