/**
 * Kill volume against target as an ROI source (category 1, "killTargets"): per day, the head the kill
 * volume targets ask for, the head ordered for that day and the difference, read through the volume
 * targets area's exported operation (ordersAgainstTargets), summed over the species asked for.
 */
import type { LineFilter, SourceDefinition } from "../../../../reports/roi/model.ts";
import { addDays, daysBetween } from "../../../../kernel/dates.ts";
import type { AreaContext } from "../../context.ts";
import { ordersAgainstTargets } from "../../livestock/volumeTargets/operations.ts";
import type { DayFacts } from "./product.ts";
import { plantSource, scopeSpeciesFilter, summed } from "./columns.ts";

export const TARGETS_SOURCE_ID = "killTargets";
/** ordersAgainstTargets answers at most a year at a time */
const CHUNK_DAYS = 366;

export function targetsSourceDefinition(ctx: AreaContext): SourceDefinition {
  return plantSource(TARGETS_SOURCE_ID, "Kill volume targets", "kill volume against target", {
    valueColumns: [
      summed("targetHead", "Target head", "#"),
      summed("orderedHead", "Head ordered", "#"),
      summed("differenceHead", "Ordered − target (head)", "#"),
    ],
    filterableColumns: [scopeSpeciesFilter(ctx.scope.species)],
    groupableColumns: [],
  });
}

/** Target, ordered and difference head per day between two ISO days (no groups). */
export async function targetFacts(
  ctx: AreaContext,
  q: { from: string; to: string; speciesId: number | null; filters: LineFilter[] },
): Promise<DayFacts[]> {
  const chosen = q.filters.find((f) => f.sourceColumn === "speciesId")?.values.map(Number) ?? [];
  const species = ctx.scope.species.map((s) => s.id).filter((id) =>
    (q.speciesId === null || id === q.speciesId) && (!chosen.length || chosen.includes(id))
  );
  const byDay = new Map<string, DayFacts>();
  const total = daysBetween(q.from, q.to) + 1;
  for (let start = 0; start < total; start += CHUNK_DAYS) {
    const fromDate = addDays(q.from, start);
    const days = Math.min(CHUNK_DAYS, total - start);
    for (const speciesId of species) {
      const { series } = await ordersAgainstTargets(ctx, { fromDate, days, speciesId });
      for (const day of series.flatMap((s) => s.days)) {
        const facts = byDay.get(day.date) ??
          { day: day.date, group: "", count: 1, sums: { targetHead: 0, orderedHead: 0, differenceHead: 0 } };
        facts.sums.targetHead += day.target;
        facts.sums.orderedHead += day.ordered;
        facts.sums.differenceHead += day.difference;
        byDay.set(day.date, facts);
      }
    }
  }
  return [...byDay.values()];
}
