/**
 * Which carcass types (the specifications a carcass meets, spec 3 §3) a carcass meets: the planning
 * catalogue's types and rules (reads.ts), judged by specifications/rules.ts. A species without carcass
 * types judges every carcass as meeting none: a day is then one group (splits still apply).
 */
import type { AreaContext } from "../../context.ts";
import { carcassTypesWithSpecs } from "../reads.ts";
import { carcassTypesMet } from "../specifications/rules.ts";
import { carcassesOfDays, type CarcassFields, type DayKey, type Reader } from "./source.ts";
import type { PlannableCarcass } from "./rules.ts";

export type Judge = (c: CarcassFields) => number[];

export async function specificationJudge(ctx: Reader, speciesId: number): Promise<Judge> {
  const types = await carcassTypesWithSpecs(ctx, speciesId);
  return (c) => carcassTypesMet(c, types);
}

/**
 * The days' carcasses, judged, as the groups are made of them (baseGroups): for a reader without a
 * caller, the demo seed, whose plans must name the groups the builder will make.
 */
export async function judgedCarcassesOfDays(
  reader: Reader,
  key: DayKey,
  days: string[],
): Promise<PlannableCarcass[]> {
  const [source, judge] = await Promise.all([
    carcassesOfDays(reader, key, days),
    specificationJudge(reader, key.speciesId),
  ]);
  return days.flatMap((day) =>
    (source.get(day) ?? []).map((c) => ({
      id: c.id,
      dateValue: day,
      hscwKg: c.hscwKg,
      fatMm: c.fatDepthMm,
      specificationIds: judge(c),
    }))
  );
}

/** The words for each carcass type id a group meets. */
export async function specificationNames(ctx: AreaContext, speciesId: number): Promise<Map<number, string>> {
  return new Map((await carcassTypesWithSpecs(ctx, speciesId)).map((t) => [t.id, t.name]));
}
