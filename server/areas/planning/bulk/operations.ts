/**
 * Bulk operations (issue 41 item 8; super): a recipe onto every group of many plans' days, a plan copied
 * to another day, many unmapped product codes mapped onto one product. Each call without `confirm`
 * previews (nothing changes); with the preview's token it makes the change in one transaction, audited,
 * or answers 409 when anything the preview was made from has moved since.
 */
import { and, eq, inArray } from "drizzle-orm";
import { cutPlans } from "../../../../db/tenant/planningSchedules.ts";
import {
  productCodes,
  productDefinitionCodes,
  productDefinitions,
  recipes,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { formatDate } from "../../../../kernel/format.ts";
import { planRow } from "../builder/operations.ts";
import { groupsOnDay } from "../builder/catalogue.ts";
import { listRecipes } from "../reads.ts";
import { applyRecipe, copyGroups, previewToken } from "./rules.ts";
import type { BulkCopyPlanBody, BulkMapCodesBody, BulkRecipeBody } from "./schemas.ts";

type Result = { applied: boolean; token: string; summary: string; changes: string[] };
const STALE = "Something changed since the preview was made. Preview again before applying.";
const groupWord = (n: number) => `${n} ${n === 1 ? "group" : "groups"}`;

/** The preview, or (with its token) the change made by `make`; 409 when the token no longer holds. */
async function previewOrApply(
  confirm: string | null | undefined,
  preview: Omit<Result, "applied">,
  make: () => Promise<void>,
): Promise<Result> {
  if (!confirm) return { applied: false, ...preview };
  if (confirm !== preview.token) throw ApiError.conflict(STALE);
  await make();
  return { applied: true, ...preview };
}

export async function bulkRecipe(ctx: AreaContext, body: In<typeof BulkRecipeBody>): Promise<Result> {
  const [recipe] = await ctx.db.select().from(recipes).where(eq(recipes.id, body.recipeId));
  ctx.scope.assertSpecies(recipe?.speciesId, "That recipe");
  const primalOf = new Map((await listRecipes(ctx, recipe.speciesId)).map((r) => [r.id, r.primalId]));
  const plans: ({ plan: Awaited<ReturnType<typeof planRow>> } & ReturnType<typeof applyRecipe>)[] = [];
  for (const id of [...new Set(body.planIds)]) {
    const plan = await planRow(ctx, id);
    if (plan.speciesId !== recipe.speciesId) {
      throw ApiError.validation([{
        field: "planIds",
        message: `${plan.name} is a plan of another species.`,
      }]);
    }
    const day = await groupsOnDay(ctx, plan, plan.productionDate);
    plans.push({ plan, ...applyRecipe(plan.carcassGroups, day, plan.tenantSiteId, recipe, primalOf) });
  }
  const name = new Map((await listRecipeNames(ctx, recipe.speciesId)).map((r) => [r.id, r.name]));
  const changes = plans.map(({ plan, changed }) => {
    const replaced = [...new Set(changed.flatMap((c) => c.replaced))].map((id) => name.get(id) ?? "");
    return `${plan.name} (${formatDate(plan.productionDate, false)}): ${
      changed.length
        ? `${groupWord(changed.length)} get ${recipe.name}`
        : `every group has ${recipe.name} already`
    }${replaced.length ? `, in place of ${replaced.join(", ")}` : ""}.`;
  });
  const total = plans.reduce((s, p) => s + p.changed.length, 0);
  return await previewOrApply(body.confirm, {
    token: previewToken([recipe.lastModified, plans.map((p) => [p.plan.id, p.plan.lastModified, p.groups])]),
    summary: `${recipe.name} onto ${groupWord(total)} in ${plans.length} ${
      plans.length === 1 ? "plan" : "plans"
    }.`,
    changes,
  }, () =>
    ctx.write(async (tx, unit) => {
      for (const { plan, groups, changed } of plans) {
        if (!changed.length) continue;
        const [row] = await tx.update(cutPlans).set({
          carcassGroups: groups,
          lastModified: nextModified(plan.lastModified),
          modifiedBy: ctx.caller.user.email ?? "",
        }).where(and(eq(cutPlans.id, plan.id), eq(cutPlans.lastModified, plan.lastModified))).returning();
        if (!row) throw ApiError.conflict(STALE);
        await unit.audit({
          entity: "Cut plan",
          entityId: plan.id,
          action: "Bulk recipe",
          before: { carcassGroups: plan.carcassGroups },
          after: { carcassGroups: groups },
          reason: `${recipe.name} onto ${groupWord(changed.length)}`,
        });
      }
    }));
}

export async function bulkCopyPlan(ctx: AreaContext, body: In<typeof BulkCopyPlanBody>): Promise<Result> {
  const source = await planRow(ctx, body.planId);
  if (body.toDate === source.productionDate) {
    throw ApiError.validation([{ field: "toDate", message: "Choose another day than the plan's own." }]);
  }
  const day = await groupsOnDay(ctx, source, body.toDate);
  const { kept, dropped } = copyGroups(source.carcassGroups, day, source.tenantSiteId);
  if (!kept.length) {
    throw ApiError.validation([{
      field: "toDate",
      message: "None of the plan's carcass groups are on that day: there is nothing to copy.",
    }]);
  }
  const name = body.name ?? `${source.name} (copy)`;
  const to = formatDate(body.toDate, false);
  return await previewOrApply(body.confirm, {
    token: previewToken([source.lastModified, kept, name]),
    summary: `${source.name} copied to ${to} as ${name}.`,
    changes: [
      `${groupWord(kept.length)} of ${to} get the plan's recipes.`,
      ...(dropped.length
        ? [`${groupWord(dropped.length)} of the plan are not on ${to}, so are left out.`]
        : []),
    ],
  }, () =>
    ctx.write(async (tx, unit) => {
      const [still] = await tx.select({ lastModified: cutPlans.lastModified }).from(cutPlans)
        .where(eq(cutPlans.id, source.id));
      if (still?.lastModified !== source.lastModified) throw ApiError.conflict(STALE);
      const [row] = await tx.insert(cutPlans).values({
        name,
        productionDate: body.toDate,
        speciesId: source.speciesId,
        tenantSiteId: source.tenantSiteId,
        basis: source.basis,
        carcassGroups: kept,
        lastModified: nextModified(),
        modifiedBy: ctx.caller.user.email ?? "",
      }).returning();
      await unit.audit({
        entity: "Cut plan",
        entityId: row.id,
        action: "Copied",
        after: { name, productionDate: body.toDate, carcassGroups: kept },
        reason: `from ${source.name} (${source.productionDate})`,
      });
    }));
}

export async function bulkMapCodes(ctx: AreaContext, body: In<typeof BulkMapCodesBody>): Promise<Result> {
  const [product] = await ctx.db.select().from(productDefinitions)
    .where(eq(productDefinitions.id, body.productDefinitionId));
  ctx.scope.assertSpecies(product?.speciesId, "That product definition");
  const ids = [...new Set(body.productCodeIds)];
  const [codes, mapped] = await Promise.all([
    ctx.db.select().from(productCodes).where(inArray(productCodes.id, ids)),
    ctx.db.select().from(productDefinitionCodes).where(inArray(productDefinitionCodes.productCodeId, ids)),
  ]);
  const stray = ids.findIndex((id) => {
    const c = codes.find((x) => x.id === id);
    return !c || c.kind !== "product" || c.speciesId !== product.speciesId;
  });
  if (stray >= 0) {
    throw ApiError.validation([{
      field: "productCodeIds",
      row: stray,
      message: "Choose product codes of the product's species.",
    }]);
  }
  const taken = new Set(mapped.map((m) => m.productCodeId));
  const free = codes.filter((c) => !taken.has(c.id)).sort((a, b) => a.code.localeCompare(b.code));
  if (!free.length) {
    throw ApiError.validation([{ field: "productCodeIds", message: "Those codes are all mapped already." }]);
  }
  return await previewOrApply(body.confirm, {
    token: previewToken([
      product.lastModified,
      ids,
      mapped.map((m) => [m.productCodeId, m.productDefinitionId]),
    ]),
    summary: `${free.length} ${free.length === 1 ? "code" : "codes"} mapped to ${product.name}.`,
    changes: [
      ...free.map((c) => `${c.code}${c.description ? ` (${c.description})` : ""} maps to ${product.name}.`),
      ...codes.filter((c) => taken.has(c.id)).map((c) => `${c.code} is mapped already: left as it is.`),
    ],
  }, () =>
    ctx.write(async (tx, unit) => {
      const [still] = await tx.select({ lastModified: productDefinitions.lastModified }).from(
        productDefinitions,
      )
        .where(eq(productDefinitions.id, product.id));
      const now = await tx.select().from(productDefinitionCodes)
        .where(inArray(productDefinitionCodes.productCodeId, ids));
      if (still?.lastModified !== product.lastModified || now.length !== mapped.length) {
        throw ApiError.conflict(STALE);
      }
      await tx.insert(productDefinitionCodes).values(
        free.map((c) => ({ productDefinitionId: product.id, productCodeId: c.id })),
      );
      await tx.update(productDefinitions).set({ lastModified: nextModified(product.lastModified) })
        .where(eq(productDefinitions.id, product.id));
      await unit.audit({
        entity: "productDefinition",
        entityId: product.id,
        action: "map codes",
        after: { codes: free.map((c) => c.code) },
        reason: "Bulk operation",
      });
    }));
}

async function listRecipeNames(ctx: AreaContext, speciesId: number) {
  return await ctx.db.select({ id: recipes.id, name: recipes.name }).from(recipes)
    .where(eq(recipes.speciesId, speciesId));
}
