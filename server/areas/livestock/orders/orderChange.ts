/** The one way an order's own row changes after it was read: its lastModified moves on, the change is audited. */
import { eq } from "drizzle-orm";
import { livestockOrders } from "../../../../db/tenant/schema.ts";
import { nextModified } from "../../context.ts";
import type { AuditEntryInput, Unit } from "../../unit.ts";
import { ORDER_ENTITY } from "./history.ts";

type OrderSet = Partial<typeof livestockOrders.$inferInsert>;

/**
 * Sets `set` on the order read as `order` (its lastModified moved on from the one read) and, given
 * the audit's words, records them against the order. Announcing is the caller's (its date differs).
 */
export async function changeOrder(
  unit: Pick<Unit, "tx" | "audit">,
  order: { id: number; lastModified: string | null },
  set: OrderSet,
  audit?: Omit<AuditEntryInput, "entity" | "entityId">,
): Promise<void> {
  await unit.tx.update(livestockOrders).set({ ...set, lastModified: nextModified(order.lastModified) })
    .where(eq(livestockOrders.id, order.id));
  if (audit) await unit.audit({ entity: ORDER_ENTITY, entityId: order.id, ...audit });
}
