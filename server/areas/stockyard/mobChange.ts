/**
 * One mob changed in a unit of work, the yard's way: its row updated with `lastModified` moved on (so
 * a form opened before the change is told it changed) and the change written to the mob's history.
 */
import { eq } from "drizzle-orm";
import { stockMobs } from "../../../db/tenant/schema.ts";
import { nextModified } from "../context.ts";
import type { AuditEntryInput, Unit } from "../unit.ts";
import { MOB_ENTITY } from "./queries/yards.ts";

/** The mob's history entry: what was done, and the values before and after (the entity is the mob). */
export type MobAudit = Omit<AuditEntryInput, "entity" | "entityId">;

/** Sets `values` on the mob, moves its `lastModified` on and audits `entry` on it. */
export async function changeMob(
  unit: Unit,
  mob: Pick<typeof stockMobs.$inferSelect, "id" | "lastModified">,
  values: Partial<typeof stockMobs.$inferInsert>,
  entry: MobAudit,
): Promise<void> {
  await unit.tx.update(stockMobs).set({ ...values, lastModified: nextModified(mob.lastModified) })
    .where(eq(stockMobs.id, mob.id));
  await unit.audit({ entity: MOB_ENTITY, entityId: mob.id, ...entry });
}
