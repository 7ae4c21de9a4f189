/**
 * What a plan is worked out with, for a species on a production day: the primals' shares of HSCW, the
 * recipes, the products (cut, packaging, price) and the confirmed orders per cut, plus the day's groups.
 * Recipes, products and orders are the planning area's (plana's reads.ts); groups are groups/.
 */
import { addDays } from "../../../../kernel/dates.ts";
import type { AreaContext } from "../../context.ts";
import { carcassGroups } from "../groups/operations.ts";
import type { CarcassGroup } from "../groups/rules.ts";
import type { DayKey } from "../groups/source.ts";
import { primalShares } from "./primals.ts";
import { planRecipesAndProducts } from "./products.ts";
import type { PlanProduct, PlanRecipe, PrimalShare, StatCut } from "./rules.ts";

/** Kill days before a production day whose groups may have been moved onto it. */
export const MOVE_BACK_DAYS = 6;

export type PlanCatalogue = {
  primals: PrimalShare[];
  recipes: PlanRecipe[];
  /** each with the plant's product codes it is packed under (what the boning room's cartons say) */
  products: (PlanProduct & { productCodeIds: number[] })[];
  orderedKgByCut: Record<StatCut, number>;
};

export async function planCatalogue(
  ctx: AreaContext,
  speciesId: number,
  date: string,
): Promise<PlanCatalogue> {
  const [primals, rest] = await Promise.all([
    primalShares(ctx, speciesId, date),
    planRecipesAndProducts(ctx, speciesId, date),
  ]);
  return { primals, ...rest };
}

/** The groups planned on a production day: its own kill day's and those moved onto it. */
export async function groupsOnDay(ctx: AreaContext, key: DayKey, date: string): Promise<CarcassGroup[]> {
  const groups = await carcassGroups(ctx, {
    ...key,
    fromDateValue: addDays(date, -MOVE_BACK_DAYS),
    toDateValue: date,
  });
  return groups.filter((g) => g.dateValue === date);
}
