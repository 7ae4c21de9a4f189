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
import { settleSeparatedHead as settleSeparatedHeadLo } from "./rules.ts";

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
 * separated that no longer fits is let go (the yard's rule: rules.ts settleSeparatedHead). The caller
 * audits the change in the order's history.
 */
export async function recountMob(
  unit: Pick<Unit, "tx">,
  mob: Pick<typeof mobsLo.$inferSelect, "id" | "separatedHead" | "lastModified">,
  head: number,
): Promise<void> {
  await unit.tx.update(mobsLo).set({
    head,
    separatedHead: settleSeparatedHeadLo(mob.separatedHead, head),
    lastModified: nextModifiedLo(mob.lastModified),
  }).where(eqLo(mobsLo.id, mob.id));
}

// ---------- for the kill agenda and the kill floor ----------
import { and as andKa, eq as eqKa, gt as gtKa, inArray as inArrayKa, isNull as isNullKa } from "drizzle-orm";
import { stockMobs as mobsKa, stockyards as yardsKa } from "../../../db/tenant/schema.ts";
import { updateEach as updateEachKa } from "../../../db/updateEach.ts";
import type { TenantDb } from "../../../db/client.ts";
import { MOB_STATUS as MOB_STATUS_KA } from "../../../kernel/enums.ts";
import { nextModified as nextModifiedKa } from "../context.ts";
import { MOB_ENTITY as MOB_ENTITY_KA } from "./queries.ts";

type MobForKill = Pick<
  typeof mobsKa.$inferSelect,
  "id" | "lastModified" | "applicableProductionDate"
>;

/** The kill agenda planned a mob for a kill day: its planned and applicable production dates, audited. */
export async function planMobForKill(unit: Unit, mob: MobForKill, date: string): Promise<void> {
  await unit.tx.update(mobsKa).set({
    plannedProductionDate: date,
    applicableProductionDate: date,
    lastModified: nextModifiedKa(mob.lastModified),
  }).where(eqKa(mobsKa.id, mob.id));
  await unit.audit({
    entity: MOB_ENTITY_KA,
    entityId: mob.id,
    action: `Planned for the kill on ${date}`,
    before: { applicableProductionDate: mob.applicableProductionDate },
    after: { applicableProductionDate: date },
  });
}

/** A kill agenda day moved to another kill floor: its mobs are killed there. */
export async function moveMobsToKillFloor(unit: Unit, mobIds: readonly number[], killFloorId: number) {
  if (!mobIds.length) return;
  await unit.tx.update(mobsKa).set({ killFloorId }).where(inArrayKa(mobsKa.id, [...mobIds]));
}

/**
 * The lot references the kill agenda numbered, `[mob id, lot, suffix]` each, in one statement. Needs
 * only the transaction (no audit, no event: lots follow the kill order), so the demo seed calls it too.
 */
export async function setMobLots(
  unit: Pick<Unit, "tx">,
  lots: readonly (readonly [number, string, string])[],
): Promise<void> {
  await updateEachKa(unit.tx, mobsKa, [mobsKa.agendaLotReference, mobsKa.agendaLotReferenceSuffix], lots);
}

/**
 * A mob at the kill floor recalled to its yard (the kill agenda's RecallMob): it is moving between yards
 * again, to be unloaded into a pen; audited with the reason, and the yard's open screens redraw.
 */
export async function recallMobToYard(
  unit: Unit,
  mob: Pick<typeof mobsKa.$inferSelect, "id" | "head" | "mobStatus" | "lastModified"> & {
    stockyardId: number;
  },
  reason: string,
): Promise<void> {
  const [yard] = await unit.tx.select({ id: yardsKa.id, tenantSiteId: yardsKa.tenantSiteId }).from(yardsKa)
    .where(eqKa(yardsKa.id, mob.stockyardId));
  await unit.tx.update(mobsKa).set({
    mobStatus: MOB_STATUS_KA.MovingBetweenYards,
    sentToKillFloorAt: null,
    isLastShift: false,
    lastModified: nextModifiedKa(mob.lastModified),
  }).where(eqKa(mobsKa.id, mob.id));
  await unit.audit({
    entity: MOB_ENTITY_KA,
    entityId: mob.id,
    action: `Recalled from the kill floor to the yard (${mob.head} head)`,
    reason,
    before: { mobStatus: mob.mobStatus },
    after: { mobStatus: MOB_STATUS_KA.MovingBetweenYards },
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
  await db.update(mobsKa).set({ plannedProductionDate: mobsKa.applicableProductionDate })
    .where(andKa(
      gtKa(mobsKa.applicableProductionDate, today),
      isNullKa(mobsKa.plannedProductionDate),
      eqKa(mobsKa.mobStatus, MOB_STATUS_KA.InYard),
    ));
}

/** Demo data (the kill floor's seed): a past kill day's mob gets its agenda's lot (its suffix kept). */
export async function setDemoMobLot(unit: Pick<Unit, "tx">, mobId: number, lot: string): Promise<void> {
  await unit.tx.update(mobsKa).set({ agendaLotReference: lot }).where(eqKa(mobsKa.id, mobId));
}
