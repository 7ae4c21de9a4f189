/**
 * The yield area's writes that other areas call (it owns the yield tables): each takes the caller's
 * `unit` first, so it joins their transaction, and announces `yieldDataChanged` after the commit. The
 * kill floor calls `rebuildAfterKillFloorChange` from its corrections and imports; the support area's
 * reprocessing (1–21 days) and the yield settings call `rebuildYieldDays`.
 */
import type { Unit } from "../unit.ts";
import type { AreaContext } from "../context.ts";
import { addDays } from "../../../kernel/dates.ts";
import type { YieldReason } from "./events.ts";
import { sql } from "drizzle-orm";
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

/**
 * The support team's yield reprocessing (issue 43): a species' summaries of a range of boning days
 * rebuilt from the carcass and carton records, one day per unit of work (a long range never holds the
 * tenant's database for its whole run), telling `onDay` after each. Idempotent: a day rebuilt twice
 * gives the same rows. A product code narrows only what is counted (`rows`): a run's recount changes
 * every code's expected kg, so whole days are rebuilt.
 */
export async function reprocessYieldSummaries(
  ctx: Pick<AreaContext, "write">,
  range: { speciesId: number; from: string; to: string; productCodeId?: number },
  onDay?: (done: number, total: number) => Promise<void> | void,
): Promise<{ days: number; runs: number; rows: number }> {
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  let runs = 0;
  let rows = 0;
  for (const [i, day] of days.entries()) {
    const rebuilt = await ctx.write(async (tx, unit) => {
      const out = await rebuildYieldDays(unit, { speciesId: range.speciesId, from: day, to: day });
      if (!range.productCodeId) return out;
      const [{ n }] = await tx.all<{ n: number }>(
        sql`select count(*) as n from yield_summaries where production_date = ${day}
          and species_id = ${range.speciesId} and product_code_id = ${range.productCodeId}`,
      );
      return { ...out, rows: n };
    });
    runs += rebuilt.runs;
    rows += rebuilt.rows;
    await onDay?.(i + 1, days.length);
  }
  return { days: days.length, runs, rows };
}
