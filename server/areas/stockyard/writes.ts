/**
 * The stockyard's writes that other areas call (the kill agenda, the kill floor, livestock orders):
 * the stockyard owns stockMobs, stockyards, pens, mobRequirements and yardSettings, so only functions
 * here change them for others. Each takes the caller's `Unit` first (it joins their transaction),
 * writes only the stockyard's tables and announces the stockyard's own push events through
 * `unit.announce`.
 */
import type { Unit } from "../unit.ts";
import { stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { nextModified } from "../context.ts";
import { settleSeparatedHead } from "./rules.ts";
import { updateEach } from "../../../db/updateEach.ts";
import type { TenantDb } from "../../../db/client.ts";
import { MOB_STATUS } from "../../../kernel/enums.ts";
import { changeMob } from "./mobChange.ts";

export type { Unit };

// ---------- for livestock orders (deliveries and head counts) ----------

/**
 * A delivery load's live head arrived: the mob that now waits in the yard. Needs only the transaction
 * (the load's order announces the delivery; the demo seed calls it too). Answers the mob.
 */
export async function receiveDeliveredMob(
  unit: Pick<Unit, "tx">,
  mob: Omit<typeof stockMobs.$inferInsert, "id">,
): Promise<typeof stockMobs.$inferSelect> {
  const [row] = await unit.tx.insert(stockMobs).values(mob).returning();
  return row;
}

/**
 * A mob re-counted (the orders' head-count correction or balancing): its head, and head already
 * separated that no longer fits is let go (the yard's rule: rules.ts settleSeparatedHead). The caller
 * audits the change in the order's history.
 */
export async function recountMob(
  unit: Pick<Unit, "tx">,
  mob: Pick<typeof stockMobs.$inferSelect, "id" | "separatedHead" | "lastModified">,
  head: number,
): Promise<void> {
  await unit.tx.update(stockMobs).set({
    head,
    separatedHead: settleSeparatedHead(mob.separatedHead, head),
    lastModified: nextModified(mob.lastModified),
  }).where(eq(stockMobs.id, mob.id));
}

// ---------- for the kill agenda and the kill floor ----------

type MobForKill = Pick<
  typeof stockMobs.$inferSelect,
  "id" | "lastModified" | "applicableProductionDate"
>;

/** The kill agenda planned a mob for a kill day: its planned and applicable production dates, audited. */
export async function planMobForKill(unit: Unit, mob: MobForKill, date: string): Promise<void> {
  await changeMob(unit, mob, { plannedProductionDate: date, applicableProductionDate: date }, {
    action: `Planned for the kill on ${date}`,
    before: { applicableProductionDate: mob.applicableProductionDate },
    after: { applicableProductionDate: date },
  });
}

/** A kill agenda day moved to another kill floor: its mobs are killed there. */
export async function moveMobsToKillFloor(unit: Unit, mobIds: readonly number[], killFloorId: number) {
  if (!mobIds.length) return;
  await unit.tx.update(stockMobs).set({ killFloorId }).where(inArray(stockMobs.id, [...mobIds]));
}

/**
 * The lot references the kill agenda numbered, `[mob id, lot, suffix]` each, in one statement. Needs
 * only the transaction (no audit, no event: lots follow the kill order), so the demo seed calls it too.
 */
export async function setMobLots(
  unit: Pick<Unit, "tx">,
  lots: readonly (readonly [number, string, string])[],
): Promise<void> {
  await updateEach(
    unit.tx,
    stockMobs,
    [stockMobs.agendaLotReference, stockMobs.agendaLotReferenceSuffix],
    lots,
  );
}

/**
 * A mob at the kill floor recalled to its yard (the kill agenda's RecallMob): it is moving between yards
 * again, to be unloaded into a pen; audited with the reason, and the yard's open screens redraw.
 */
export async function recallMobToYard(
  unit: Unit,
  mob: Pick<typeof stockMobs.$inferSelect, "id" | "head" | "mobStatus" | "lastModified"> & {
    stockyardId: number;
  },
  reason: string,
): Promise<void> {
  const [yard] = await unit.tx.select({ id: stockyards.id, tenantSiteId: stockyards.tenantSiteId }).from(
    stockyards,
  )
    .where(eq(stockyards.id, mob.stockyardId));
  await changeMob(unit, mob, {
    mobStatus: MOB_STATUS.MovingBetweenYards,
    sentToKillFloorAt: null,
    isLastShift: false,
  }, {
    action: `Recalled from the kill floor to the yard (${mob.head} head)`,
    reason,
    before: { mobStatus: mob.mobStatus },
    after: { mobStatus: MOB_STATUS.MovingBetweenYards },
  });
  if (yard) {
    unit.announce("stockyardUpdated", {
      stockyardId: yard.id,
      siteId: yard.tenantSiteId,
      penIds: [],
      reason: "recall",
    }, { qualifier: yard.tenantSiteId });
  }
}

/** Demo data: the yard's mobs for the coming days were planned by the livestock office (their day set). */
export async function planDemoYardMobs(db: Pick<TenantDb, "update">, today: string): Promise<void> {
  await db.update(stockMobs).set({ plannedProductionDate: stockMobs.applicableProductionDate })
    .where(and(
      gt(stockMobs.applicableProductionDate, today),
      isNull(stockMobs.plannedProductionDate),
      eq(stockMobs.mobStatus, MOB_STATUS.InYard),
    ));
}

/** Demo data (the kill floor's seed): a past kill day's mob gets its agenda's lot (its suffix kept). */
export async function setDemoMobLot(unit: Pick<Unit, "tx">, mobId: number, lot: string): Promise<void> {
  await unit.tx.update(stockMobs).set({ agendaLotReference: lot }).where(eq(stockMobs.id, mobId));
}
