/**
 * The recipes and products a plan is worked out with: the planning catalogue's (reads.ts) recipes,
 * product definitions (statistics cut, default packaging, the price in force of their codes) and the
 * Confirmed sales orders leaving in the week from the production day (the Orders row).
 *
 * A species whose catalogue has no recipes yet gets the yield reference instead: each saleable product
 * code is a product and a recipe of its primal that turns the whole primal into it, so a primal offers
 * as many recipes as it has codes (a lamb rack: cap on, or frenched). The Orders row is then zero.
 */
import { and, eq, inArray, lte } from "drizzle-orm";
import { productCodes, productPrices, yieldSegments } from "../../../../db/tenant/schema.ts";
import { addDays } from "../../../../kernel/dates.ts";
import type { AreaContext } from "../../context.ts";
import { confirmedOrderLines, listRecipes, productDefinitionsWithPackaging } from "../reads.ts";
import { type PlanProduct, type PlanRecipe, STAT_CUTS, type StatCut, statCutOf } from "./rules.ts";

/** A carton's nominal kg where the product has no packaging of its own (lamb, beef). */
const NOMINAL_KG: Record<number, number> = { 1: 20, 2: 27.2 };
/** Sales orders leaving up to this many days after the production day count in its Orders row. */
export const ORDER_WINDOW_DAYS = 6;

export type PlanProducts = {
  recipes: PlanRecipe[];
  products: (PlanProduct & { productCodeIds: number[] })[];
  orderedKgByCut: Record<StatCut, number>;
};

export const noOrders = () => Object.fromEntries(STAT_CUTS.map((c) => [c, 0])) as Record<StatCut, number>;
const asStatCut = (cut: string | null) =>
  (STAT_CUTS as readonly string[]).includes(cut ?? "") ? cut as StatCut : null;

export async function planRecipesAndProducts(
  ctx: AreaContext,
  speciesId: number,
  date: string,
): Promise<PlanProducts> {
  const recipes = await listRecipes(ctx, speciesId);
  if (!recipes.length) return await fromYieldReference(ctx, speciesId, date);
  const [definitions, orders] = await Promise.all([
    productDefinitionsWithPackaging(ctx, speciesId),
    confirmedOrderLines(ctx, date, addDays(date, ORDER_WINDOW_DAYS), speciesId),
  ]);
  const price = await pricesOn(ctx, definitions.flatMap((d) => d.productCodeIds), date);
  const products = definitions.map((d) => {
    const prices = d.productCodeIds.flatMap((id) => price.has(id) ? [price.get(id)!] : []);
    return {
      id: d.id,
      name: d.name,
      cut: asStatCut(d.statCut),
      nominalKg: d.packaging?.nominalKg ?? NOMINAL_KG[speciesId] ?? 20,
      piecesPerCarton: d.packaging?.piecesPerCarton ?? 0,
      centsPerKg: prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) / prices.length) : null,
      productCodeIds: d.productCodeIds,
    };
  });
  const cutOf = new Map(products.map((p) => [p.id, p.cut]));
  const orderedKgByCut = noOrders();
  for (const line of orders) {
    const cut = cutOf.get(line.productDefinitionId);
    if (cut) orderedKgByCut[cut] += line.kg;
  }
  return {
    recipes: recipes.map((r) => ({ id: r.id, name: r.name, primalId: r.primalId, lines: r.lines })),
    products,
    orderedKgByCut,
  };
}

/** The $/kg (cents) in force on the day per product code. */
async function pricesOn(ctx: AreaContext, codeIds: number[], date: string): Promise<Map<number, number>> {
  if (!codeIds.length) return new Map();
  const prices = await ctx.db.select().from(productPrices).where(and(
    inArray(productPrices.productCodeId, codeIds),
    lte(productPrices.effectiveFrom, date),
  ));
  const latest = new Map<number, { from: string; cents: number }>();
  for (const p of prices) {
    const seen = latest.get(p.productCodeId);
    if (!seen || seen.from < p.effectiveFrom) {
      latest.set(p.productCodeId, { from: p.effectiveFrom, cents: p.centsPerKg });
    }
  }
  return new Map([...latest].map(([id, p]) => [id, p.cents]));
}

async function fromYieldReference(ctx: AreaContext, speciesId: number, date: string): Promise<PlanProducts> {
  const segments = await ctx.db.select().from(yieldSegments).where(eq(yieldSegments.speciesId, speciesId));
  const byId = new Map(segments.map((s) => [s.id, s]));
  const codes = await ctx.db.select().from(productCodes).where(and(
    eq(productCodes.speciesId, speciesId),
    eq(productCodes.kind, "product"),
    eq(productCodes.isActive, true),
  )).orderBy(productCodes.id);
  const price = await pricesOn(ctx, codes.map((c) => c.id), date);
  const recipes: PlanRecipe[] = [];
  const products: PlanProducts["products"] = [];
  for (const code of codes) {
    const cut = code.cutId === null ? undefined : byId.get(code.cutId);
    const primalId = cut?.parentId ?? null;
    if (!cut || primalId === null) continue;
    products.push({
      id: code.id,
      name: code.description,
      cut: statCutOf(cut.name, code.description, speciesId),
      nominalKg: NOMINAL_KG[speciesId] ?? 20,
      piecesPerCarton: 0,
      centsPerKg: price.get(code.id) ?? null,
      productCodeIds: [code.id],
    });
    recipes.push({
      id: code.id,
      name: code.description,
      primalId,
      lines: [{ productId: code.id, yieldPercent: 100 }],
    });
  }
  return { recipes, products, orderedKgByCut: noOrders() };
}
