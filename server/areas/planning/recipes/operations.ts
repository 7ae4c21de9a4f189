/**
 * Recipes and ingredients (issue 41 item 3): a recipe cuts one primal (yield's primal segment) into
 * products; its lines with trim, fat, bone and loss sum to 100 % (400 otherwise, rules.ts). Ingredients
 * say how many of each primal a carcass gives and whether a plan may use it again. Writes need the
 * recipes admin flag (route rules).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  ingredients,
  productDefinitions,
  recipeLines,
  recipes,
  yieldSegments,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { listRecipes as readRecipes } from "../reads.ts";
import { recipeProblem, recipeTotalPercent } from "./rules.ts";
import type { DeleteBody, SetIngredientsBody, UpsertRecipeBody } from "./schemas.ts";
import { askedSpecies, assertOwnSpecies } from "../scope.ts";
import { saveRow } from "../../savedRow.ts";

type Db = TenantTx | AreaContext["db"];

export async function listRecipes(ctx: AreaContext, q: { speciesId?: number; primalId?: number } = {}) {
  const ids = askedSpecies(ctx, q.speciesId);
  const all = (await Promise.all(ids.map((s) => readRecipes(ctx, s)))).flat()
    .filter((r) => q.primalId === undefined || r.primalId === q.primalId);
  if (!all.length) return [];
  const [segments, products, stamps] = await Promise.all([
    ctx.db.select({ id: yieldSegments.id, name: yieldSegments.name }).from(yieldSegments)
      .where(inArray(yieldSegments.id, [...new Set(all.map((r) => r.primalId))])),
    ctx.db.select({ id: productDefinitions.id, name: productDefinitions.name }).from(productDefinitions)
      .where(
        inArray(
          productDefinitions.id,
          [...new Set(all.flatMap((r) => r.lines.map((l) => l.productId)))].concat(0),
        ),
      ),
    ctx.db.select({ id: recipes.id, lastModified: recipes.lastModified }).from(recipes)
      .where(inArray(recipes.id, all.map((r) => r.id))),
  ]);
  const primal = new Map(segments.map((s) => [s.id, s.name]));
  const product = new Map(products.map((p) => [p.id, p.name]));
  const stamp = new Map(stamps.map((s) => [s.id, s.lastModified]));
  return all.map((r) => {
    const lines = r.lines.map((l) => ({
      productDefinitionId: l.productId,
      productName: product.get(l.productId) ?? "",
      yieldPercent: l.yieldPercent,
    }));
    return {
      id: r.id,
      name: r.name,
      speciesId: r.speciesId,
      primalId: r.primalId,
      primalName: primal.get(r.primalId) ?? "",
      trimPercent: r.trimPercent,
      fatPercent: r.fatPercent,
      bonePercent: r.bonePercent,
      lossPercent: r.lossPercent,
      totalPercent: recipeTotalPercent({
        ...r,
        lines: lines.map((l) => ({
          productDefinitionId: l.productDefinitionId,
          yieldPercent: l.yieldPercent,
        })),
      }),
      lines,
      lastModified: stamp.get(r.id) ?? "",
    };
  });
}

export async function getRecipe(ctx: AreaContext, id: number) {
  const row = await findRecipe(ctx, ctx.db, id);
  return (await listRecipes(ctx, { speciesId: row.speciesId, primalId: row.primalId })).find((r) =>
    r.id === id
  )!;
}

export async function saveRecipe(ctx: AreaContext, body: In<typeof UpsertRecipeBody>) {
  const problem = recipeProblem(body);
  if (problem) throw ApiError.validation([{ field: "lines", message: problem }]);
  const [primal] = await ctx.db.select().from(yieldSegments).where(eq(yieldSegments.id, body.primalId));
  if (!primal || primal.level !== "primal" || !ctx.scope.hasSpecies(primal.speciesId)) {
    throw ApiError.validation([{ field: "primalId", message: "Choose a primal of your species" }]);
  }
  const id = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findRecipe(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "recipe");
    const products = await tx.select().from(productDefinitions)
      .where(inArray(productDefinitions.id, body.lines.map((l) => l.productDefinitionId)));
    if (products.length !== body.lines.length || products.some((p) => p.speciesId !== primal.speciesId)) {
      throw ApiError.validation([{ field: "lines", message: "Choose products of the primal's species" }]);
    }
    const values = {
      name: body.name,
      speciesId: primal.speciesId,
      primalId: primal.id,
      trimPercent: body.trimPercent,
      fatPercent: body.fatPercent,
      bonePercent: body.bonePercent,
      lossPercent: body.lossPercent,
    };
    const after = { ...values, lines: body.lines };
    const row = await saveRow(unit, recipes, { entity: "recipe", current, values, after });
    await tx.delete(recipeLines).where(eq(recipeLines.recipeId, row.id));
    await tx.insert(recipeLines).values(
      body.lines.map((l, i) => ({
        recipeId: row.id,
        productDefinitionId: l.productDefinitionId,
        yieldPercent: l.yieldPercent,
        sortOrder: i,
      })),
    );
    return row.id;
  });
  return getRecipe(ctx, id);
}

export async function deleteRecipe(ctx: AreaContext, body: In<typeof DeleteBody>) {
  await ctx.write(async (tx, unit) => {
    const current = await findRecipe(ctx, tx, body.id);
    assertUnchanged(current, body.lastModified, "recipe");
    await tx.delete(recipeLines).where(eq(recipeLines.recipeId, current.id));
    await tx.delete(recipes).where(eq(recipes.id, current.id));
    await unit.audit({ entity: "recipe", entityId: current.id, action: "delete", before: current });
  });
  return { id: body.id };
}

/** Every primal of the species as an ingredient: its saved count and repeatability, else 1 and not. */
export async function listIngredients(ctx: AreaContext, speciesId: number) {
  assertOwnSpecies(ctx, speciesId);
  const [primals, saved] = await Promise.all([
    ctx.db.select().from(yieldSegments).where(
      and(eq(yieldSegments.speciesId, speciesId), eq(yieldSegments.level, "primal")),
    )
      .orderBy(asc(yieldSegments.sortOrder), asc(yieldSegments.id)),
    ctx.db.select().from(ingredients).where(eq(ingredients.speciesId, speciesId)),
  ]);
  const revision = ingredientRevision(saved);
  return primals.map((p) => {
    const s = saved.find((i) => i.primalId === p.id);
    return {
      primalId: p.id,
      primalName: p.name,
      speciesId,
      numeric: s?.numeric ?? 1,
      repeatable: s?.repeatable ?? false,
      revision,
    };
  });
}

/** A species' ingredient list changes as a whole: its revision is its latest row's stamp ("" before any). */
export const ingredientRevision = (rows: readonly { lastModified: string }[]) =>
  rows.reduce((latest, r) => r.lastModified > latest ? r.lastModified : latest, "");

export async function setIngredients(ctx: AreaContext, body: In<typeof SetIngredientsBody>) {
  const current = await listIngredients(ctx, body.speciesId);
  const known = new Set(current.map((p) => p.primalId));
  const stray = body.ingredients.findIndex((i) => !known.has(i.primalId));
  if (stray >= 0) {
    throw ApiError.validation([{ field: "primalId", row: stray, message: "Choose a primal of the species" }]);
  }
  await ctx.write(async (tx, unit) => {
    // read again inside the write: a save between the caller's read and this one is a 409, nothing changed
    const revision = ingredientRevision(
      await tx.select({ lastModified: ingredients.lastModified }).from(ingredients)
        .where(eq(ingredients.speciesId, body.speciesId)),
    );
    if (body.revision != null && body.revision !== revision) {
      throw ApiError.conflict(
        "The ingredients were changed by someone else since you opened them. Reload and try again.",
      );
    }
    const now = nextModified(revision || null);
    for (const { primalId, numeric, repeatable } of body.ingredients) {
      await tx.insert(ingredients).values({
        speciesId: body.speciesId,
        primalId,
        numeric,
        repeatable,
        createdAt: now,
        lastModified: now,
      })
        .onConflictDoUpdate({
          target: [ingredients.speciesId, ingredients.primalId],
          set: { numeric, repeatable, lastModified: now },
        });
    }
    await unit.audit({
      entity: "ingredients",
      entityId: body.speciesId,
      action: "update",
      after: body.ingredients,
    });
  });
  return listIngredients(ctx, body.speciesId);
}

async function findRecipe(ctx: AreaContext, db: Db, id: number) {
  const [row] = await db.select().from(recipes).where(eq(recipes.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That recipe");
  return row;
}
