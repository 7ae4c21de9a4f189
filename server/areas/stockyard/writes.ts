/**
 * The stockyard's writes that other areas call (the kill agenda, the kill floor, livestock orders):
 * the stockyard owns stockMobs, stockyards, pens, mobRequirements and yardSettings, so only functions
 * here change them for others. Each takes the caller's `Unit` first (it joins their transaction),
 * writes only the stockyard's tables and announces the stockyard's own push events through
 * `unit.announce`. Shared file: append a function, never rewrite or reorder.
 */
import type { Unit } from "../unit.ts";

export type { Unit };

// ---------- for livestock orders (deliveries and head counts) ----------
import { stockMobs as mobsLo } from "../../../db/tenant/schema.ts";
import { eq as eqLo } from "drizzle-orm";
import { nextModified as nextModifiedLo } from "../context.ts";
import { separatedHeadAfter as separatedHeadAfterLo } from "../livestock/orders/rules.ts";

/**
 * A delivery load's live head arrived: the mob that now waits in the yard. Needs only the transaction
 * (the load's order announces the delivery; the demo seed calls it too). Answers the mob.
 */
export async function receiveDeliveredMob(
  unit: Pick<Unit, "tx">,
  mob: Omit<typeof mobsLo.$inferInsert, "id">,
): Promise<typeof mobsLo.$inferSelect> {
  const [row] = await unit.tx.insert(mobsLo).values(mob).returning();
  return row;
}

/**
 * A mob re-counted (the orders' head-count correction or balancing): its head, and head already
 * separated that no longer fits is let go. The caller audits the change in the order's history.
 */
export async function recountMob(
  unit: Pick<Unit, "tx">,
  mob: Pick<typeof mobsLo.$inferSelect, "id" | "separatedHead" | "lastModified">,
  head: number,
): Promise<void> {
  await unit.tx.update(mobsLo).set({
    head,
    separatedHead: separatedHeadAfterLo(mob.separatedHead, head),
    lastModified: nextModifiedLo(mob.lastModified),
  }).where(eqLo(mobsLo.id, mob.id));
}
