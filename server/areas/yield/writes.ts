/**
 * The yield area's writes that other areas call (it owns the yield tables): each takes the caller's
 * `unit` first, so it joins their transaction, and announces `yieldDataChanged` after the commit. The
 * kill floor calls `rebuildAfterKillFloorChange` from its corrections and imports; the support area's
 * reprocessing (1–21 days) and the yield settings call `rebuildYieldDays`.
 */
import type { Unit } from "../unit.ts";
import type { YieldReason } from "./events.ts";
import { rebuildDays, type RebuildFilter, type Rebuilt, runsOfMobs } from "./data/rebuild.ts";

export type { RebuildFilter, Rebuilt } from "./data/rebuild.ts";
export type { YieldReason } from "./events.ts";

/** Tells open yield screens the days changed (after the commit). */
export function announceYieldDays(unit: Pick<Unit, "announce">, rebuilt: Rebuilt, reason: YieldReason) {
  if (!rebuilt.productionDates.length) return;
  unit.announce("yieldDataChanged", {
    productionDates: rebuilt.productionDates,
    speciesIds: rebuilt.speciesIds,
    reason,
  });
}

/**
 * Counts the boning runs of the days again from the kill floor's carcasses and writes the days' summaries
 * afresh (a species and a site narrow it).
 */
export async function rebuildYieldDays(
  unit: Unit,
  filter: Omit<RebuildFilter, "runIds">,
  reason: YieldReason = "reprocess",
): Promise<Rebuilt> {
  const rebuilt = await rebuildDays(unit.tx, filter);
  announceYieldDays(unit, rebuilt, reason);
  return rebuilt;
}

/**
 * A kill floor correction or import of these mobs' kill dates: the runs that boned them are counted again
 * and their summaries rewritten, so late or corrected carcasses refresh the yields. Nothing when no run
 * boned them yet.
 */
export async function rebuildAfterKillFloorChange(
  unit: Unit,
  { stockMobIds, killDates }: { stockMobIds: readonly number[]; killDates: readonly string[] },
): Promise<Rebuilt> {
  const runs = await runsOfMobs(unit.tx, stockMobIds, killDates);
  const none: Rebuilt = { productionDates: [], speciesIds: [], runs: 0, rows: 0 };
  if (!runs.length) return none;
  const days = runs.map((r) => r.productionDate).sort();
  const rebuilt = await rebuildDays(unit.tx, {
    from: days[0],
    to: days[days.length - 1],
    runIds: runs.map((r) => r.id),
  });
  announceYieldDays(unit, rebuilt, "killFloor");
  return rebuilt;
}
