/**
 * The skin room's figures per production day, for reports that read skins (the ROI skins source): the
 * skins or hides counted, by grade, and their value at the day's price, per day, species and supplier.
 * Read-only; counts as recorded (a record still being counted adds what is counted so far).
 */
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { livestockOrders, skinCounts, skinPrices } from "../../../../db/tenant/schema.ts";
import type { AreaContext } from "../../context.ts";
import { hasSkins, skinKindOf, skinValue } from "../rules.ts";

export interface SkinDayFigure {
  day: string;
  speciesId: number;
  supplierId: number;
  /** pieces counted */
  count: number;
  /** pieces by grade ("1", "2", "3", "reject") */
  graded: Record<string, number>;
  /** value at the day's price, in cents (grades without a price add nothing) */
  valueCents: number;
}

/** Skin figures per day, species and supplier between two ISO days, for the caller's species. */
export async function skinDayFigures(
  ctx: AreaContext,
  q: { from: string; to: string; speciesIds?: number[] },
): Promise<SkinDayFigure[]> {
  const species = ctx.scope.species.map((s) => s.id).filter((id) =>
    hasSkins(id) && (!q.speciesIds?.length || q.speciesIds.includes(id))
  );
  if (!species.length) return [];
  const rows = await ctx.db.select({
    day: skinCounts.productionDate,
    counts: skinCounts.counts,
    speciesId: livestockOrders.speciesId,
    speciesCategoryId: livestockOrders.speciesCategoryId,
    supplierId: livestockOrders.supplierId,
  }).from(skinCounts)
    .innerJoin(livestockOrders, eq(livestockOrders.id, skinCounts.livestockOrderId))
    .where(and(
      gte(skinCounts.productionDate, q.from),
      lte(skinCounts.productionDate, q.to),
      inArray(livestockOrders.speciesId, species),
    ));
  const priceOf = await dayPrices(ctx, species);
  const byKey = new Map<string, SkinDayFigure>();
  for (const r of rows) {
    const key = `${r.day}:${r.speciesId}:${r.supplierId}`;
    const figure = byKey.get(key) ??
      { day: r.day, speciesId: r.speciesId, supplierId: r.supplierId, count: 0, graded: {}, valueCents: 0 };
    for (const [grade, n] of Object.entries(r.counts)) {
      figure.graded[grade] = (figure.graded[grade] ?? 0) + n;
      figure.count += n;
    }
    figure.valueCents += skinValue(r.counts, priceOf(r.speciesId, r.speciesCategoryId, r.day)).cents;
    byKey.set(key, figure);
  }
  return [...byKey.values()];
}

/**
 * The grades' prices on a day, read once for the species (a year's report would otherwise ask per day):
 * the same choice as the invoices' skinPriceFor — a price of the order's category before one for every
 * category, then the latest start, not archived on the day.
 */
async function dayPrices(ctx: AreaContext, species: number[]) {
  const prices = await ctx.db.select().from(skinPrices).where(inArray(skinPrices.speciesId, species));
  const chosen = new Map<string, typeof prices[number]["grades"] | null>();
  return (speciesId: number, categoryId: number | null, day: string) => {
    const key = `${speciesId}:${categoryId}:${day}`;
    if (!chosen.has(key)) {
      const live = prices.filter((p) =>
        p.speciesId === speciesId && p.kind === skinKindOf(speciesId) && p.startDate <= day &&
        (p.archivedDate === null || p.archivedDate > day) &&
        (p.speciesCategoryId === null || p.speciesCategoryId === categoryId)
      );
      const rank = (p: typeof live[number]) => `${p.speciesCategoryId === null ? 0 : 1}${p.startDate}`;
      chosen.set(key, live.sort((a, b) => rank(b).localeCompare(rank(a)))[0]?.grades ?? null);
    }
    return chosen.get(key)!;
  };
}
