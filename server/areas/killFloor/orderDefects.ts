/**
 * An order's carcasses that carry a defect code or a condemnation, and the kill days of all its carcasses:
 * what the notifications area reads when an order's carcass data is complete, to say which codes no price
 * rule covers (server/areas/invoices/unruledDefects.ts decides that).
 */
import { and, eq, max, min, ne, or, sql } from "drizzle-orm";
import { carcasses } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";

export interface OrderDefects {
  /** only the carcasses with a code or a condemnation (most carry neither) */
  carcasses: { defects: string[]; condemned: string }[];
  /** the first and last kill day of the order's carcasses (null: none yet) */
  firstDay: string | null;
  lastDay: string | null;
}

export async function orderDefects(db: TenantDb, livestockOrderId: number): Promise<OrderDefects> {
  const ofOrder = eq(carcasses.livestockOrderId, livestockOrderId);
  const [days] = await db.select({
    firstDay: min(carcasses.productionDate),
    lastDay: max(carcasses.productionDate),
  })
    .from(carcasses).where(ofOrder);
  const rows = await db.select({ defects: carcasses.defects, condemned: carcasses.condemned }).from(carcasses)
    .where(and(ofOrder, or(sql`${carcasses.defects} <> '[]'`, ne(carcasses.condemned, "none"))));
  return { carcasses: rows, firstDay: days?.firstDay ?? null, lastDay: days?.lastDay ?? null };
}
