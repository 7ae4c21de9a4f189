/**
 * Which carcass types (the specifications a carcass meets, spec 3 §3) a carcass meets: the planning
 * catalogue's types and rules (reads.ts), judged by specifications/rules.ts. A species without carcass
 * types judges every carcass as meeting none: a day is then one group (splits still apply).
 */
import type { AreaContext } from "../../context.ts";
import { carcassTypesWithSpecs } from "../reads.ts";
import { carcassTypesMet } from "../specifications/rules.ts";
import type { CarcassFields } from "./source.ts";

export type Judge = (c: CarcassFields) => number[];

export async function specificationJudge(ctx: AreaContext, speciesId: number): Promise<Judge> {
  const types = await carcassTypesWithSpecs(ctx, speciesId);
  return (c) => carcassTypesMet(c, types);
}

/** The words for each carcass type id a group meets. */
export async function specificationNames(ctx: AreaContext, speciesId: number): Promise<Map<number, string>> {
  return new Map((await carcassTypesWithSpecs(ctx, speciesId)).map((t) => [t.id, t.name]));
}
