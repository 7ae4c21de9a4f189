/**
 * The planning catalogue's reads for other planning parts (groups, builder, schedules) and other areas.
 * What each returns:
 * - `carcassTypesWithSpecs(ctx, speciesId)`: the species' carcass types, each with its rules
 *   ({ id, metric, minValue, maxValue, textValue }) and their plain summaries; judge a carcass with
 *   `carcassTypesMet` / `meetsSpecification` (specifications/rules.ts).
 * - `productDefinitionsWithPackaging(ctx, speciesId)`: the species' product definitions with the plant
 *   product codes mapped to each, the statistics cut (leg, rack, … or null) and the default packaging
 *   (weightType fixed|catch, nominalKg, minKg, maxKg, piecesPerCarton) or null.
 * - `listRecipes(ctx, speciesId)`: recipes ({ id, name, primalId (yield segment), trim/fat/bone/loss %,
 *   lines: { productId, yieldPercent }[] }), lines in their order; fits the builder's PlanRecipe.
 * - `confirmedOrderLines(ctx, from, to, speciesId?)`: lines of Confirmed sales orders with etd in
 *   [from, to] (plant dates), with the kg they ask the plan for (catch weight: cartons × nominal kg).
 */
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  carcassTypes,
  productDefinitionCodes,
  productDefinitions,
  productPackagings,
  recipeLines,
  recipes,
  salesOrderLines,
  salesOrders,
  specifications,
  specificationTypes,
} from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import { ruleSummary, type SpecRule } from "./specifications/rules.ts";
import { plannedKg } from "./salesOrders/rules.ts";

export type CarcassTypeWithSpecs = {
  id: number;
  name: string;
  speciesId: number;
  isOrderable: boolean;
  isProduceable: boolean;
  rules: (SpecRule & { categoryId: number; typeName: string; description: string; summary: string })[];
};

export async function carcassTypesWithSpecs(
  ctx: Pick<AreaContext, "db">,
  speciesId: number,
): Promise<CarcassTypeWithSpecs[]> {
  const types = await ctx.db.select().from(carcassTypes).where(eq(carcassTypes.speciesId, speciesId))
    .orderBy(asc(carcassTypes.name), asc(carcassTypes.id));
  if (types.length === 0) return [];
  const rows = await ctx.db.select({ s: specifications, t: specificationTypes }).from(specifications)
    .innerJoin(specificationTypes, eq(specificationTypes.id, specifications.specificationTypeId))
    .where(and(
      eq(specifications.specifiedItemKind, "carcassType"),
      inArray(specifications.specifiedItemId, types.map((t) => t.id)),
    )).orderBy(asc(specifications.id));
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    speciesId: t.speciesId,
    isOrderable: t.isOrderable,
    isProduceable: t.isProduceable,
    rules: rows.filter((r) => r.s.specifiedItemId === t.id).map(({ s, t: type }) => {
      const rule = {
        id: s.id,
        metric: type.metric,
        minValue: s.minValue,
        maxValue: s.maxValue,
        textValue: s.textValue,
      };
      return {
        ...rule,
        categoryId: type.categoryId,
        typeName: type.name,
        description: s.description,
        summary: ruleSummary(rule),
      };
    }),
  }));
}

export type PackagingView = {
  id: number;
  name: string;
  weightType: "fixed" | "catch";
  nominalKg: number;
  minKg: number;
  maxKg: number;
  piecesPerCarton: number;
  isDefault: boolean;
};
export type ProductWithPackaging = {
  id: number;
  name: string;
  referenceNumber: string;
  speciesId: number;
  isRedMeatCut: boolean;
  statCut: string | null;
  productCodeIds: number[];
  packaging: PackagingView | null;
};

export const packagingView = (p: typeof productPackagings.$inferSelect): PackagingView => ({
  id: p.id,
  name: p.name,
  weightType: p.weightType === "catch" ? "catch" : "fixed",
  nominalKg: p.nominalKg,
  minKg: p.minKg,
  maxKg: p.maxKg,
  piecesPerCarton: p.piecesPerCarton,
  isDefault: p.isDefault,
});

/** The packaging a product is planned with: its default, else its first. */
export function defaultPackaging<T extends { isDefault: boolean; id: number }>(list: readonly T[]): T | null {
  return list.find((p) => p.isDefault) ?? [...list].sort((a, b) => a.id - b.id)[0] ?? null;
}

export async function productDefinitionsWithPackaging(
  ctx: AreaContext,
  speciesId?: number,
): Promise<ProductWithPackaging[]> {
  const products = await ctx.db.select().from(productDefinitions)
    .where(speciesId === undefined ? undefined : eq(productDefinitions.speciesId, speciesId))
    .orderBy(asc(productDefinitions.name), asc(productDefinitions.id));
  if (products.length === 0) return [];
  const ids = products.map((p) => p.id);
  const [codes, packs] = await Promise.all([
    ctx.db.select().from(productDefinitionCodes).where(
      inArray(productDefinitionCodes.productDefinitionId, ids),
    ),
    ctx.db.select().from(productPackagings).where(inArray(productPackagings.productDefinitionId, ids)),
  ]);
  return products.map((p) => {
    const own = packs.filter((k) => k.productDefinitionId === p.id);
    const chosen = defaultPackaging(own);
    return {
      id: p.id,
      name: p.name,
      referenceNumber: p.referenceNumber,
      speciesId: p.speciesId,
      isRedMeatCut: p.isRedMeatCut,
      statCut: p.statCut,
      productCodeIds: codes.filter((c) => c.productDefinitionId === p.id).map((c) => c.productCodeId).sort((
        a,
        b,
      ) => a - b),
      packaging: chosen ? packagingView(chosen) : null,
    };
  });
}

export type RecipeView = {
  id: number;
  name: string;
  speciesId: number;
  primalId: number;
  trimPercent: number;
  fatPercent: number;
  bonePercent: number;
  lossPercent: number;
  lines: { productId: number; yieldPercent: number }[];
};

export async function listRecipes(ctx: AreaContext, speciesId?: number): Promise<RecipeView[]> {
  const list = await ctx.db.select().from(recipes)
    .where(speciesId === undefined ? undefined : eq(recipes.speciesId, speciesId))
    .orderBy(asc(recipes.primalId), asc(recipes.name), asc(recipes.id));
  if (list.length === 0) return [];
  const lines = await ctx.db.select().from(recipeLines)
    .where(inArray(recipeLines.recipeId, list.map((r) => r.id)))
    .orderBy(asc(recipeLines.sortOrder), asc(recipeLines.id));
  return list.map((r) => ({
    id: r.id,
    name: r.name,
    speciesId: r.speciesId,
    primalId: r.primalId,
    trimPercent: r.trimPercent,
    fatPercent: r.fatPercent,
    bonePercent: r.bonePercent,
    lossPercent: r.lossPercent,
    lines: lines.filter((l) => l.recipeId === r.id).map((l) => ({
      productId: l.productDefinitionId,
      yieldPercent: l.yieldPercent,
    })),
  }));
}

export type ConfirmedOrderLine = {
  salesOrderId: number;
  reference: string;
  etd: string;
  productDefinitionId: number;
  speciesId: number;
  cartons: number | null;
  kg: number;
  centsPerKg: number;
};

export async function confirmedOrderLines(
  ctx: AreaContext,
  from: string,
  to: string,
  speciesId?: number,
): Promise<ConfirmedOrderLine[]> {
  const rows = await ctx.db.select({ o: salesOrders, l: salesOrderLines, p: productDefinitions })
    .from(salesOrderLines)
    .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.salesOrderId))
    .innerJoin(productDefinitions, eq(productDefinitions.id, salesOrderLines.productDefinitionId))
    .where(and(
      eq(salesOrders.status, "Confirmed"),
      gte(salesOrders.etd, from),
      lte(salesOrders.etd, to),
      speciesId === undefined ? undefined : eq(productDefinitions.speciesId, speciesId),
    )).orderBy(
      asc(salesOrders.etd),
      asc(salesOrders.id),
      asc(salesOrderLines.sortOrder),
      asc(salesOrderLines.id),
    );
  if (rows.length === 0) return [];
  const packs = await ctx.db.select().from(productPackagings)
    .where(inArray(productPackagings.productDefinitionId, [...new Set(rows.map((r) => r.p.id))]));
  return rows.map(({ o, l, p }) => {
    const pack = defaultPackaging(packs.filter((k) => k.productDefinitionId === p.id));
    return {
      salesOrderId: o.id,
      reference: o.reference,
      etd: o.etd,
      productDefinitionId: p.id,
      speciesId: p.speciesId,
      cartons: l.cartons,
      kg: plannedKg(l, pack),
      centsPerKg: l.centsPerKg,
    };
  });
}
