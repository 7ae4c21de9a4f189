/**
 * Settings → Carcasses and Specifications (issue 41 item 2): specification types (a category and a kill
 * floor field), carcass types with their rules, and rules on primals and cuts. Super only (route rules).
 * Unknown category 0 is refused (400); a rule that cannot work (min above max, no bounds) too.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  boningRooms,
  carcassTypes,
  specifications,
  specificationTypes,
  yieldSegments,
} from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { carcassTypesWithSpecs } from "../reads.ts";
import { dropKeptFrom } from "../groups/operations.ts";
import { categoryName, ruleProblem, ruleSummary, SPEC_CATEGORIES, SPEC_METRICS } from "./rules.ts";
import type {
  DeleteBody,
  RuleInput,
  UpsertCarcassTypeBody,
  UpsertCutSpecificationsBody,
  UpsertSpecificationTypeBody,
} from "./schemas.ts";
import { askedSpecies, assertOwnSpecies } from "../scope.ts";
import { saveRow } from "../../savedRow.ts";

type Db = TenantTx | AreaContext["db"];

export const specificationCategories = () => ({
  categories: SPEC_CATEGORIES.map((c) => ({ ...c })),
  metrics: SPEC_METRICS.map((m) => ({ ...m })),
});

export async function listSpecificationTypes(ctx: AreaContext) {
  const rows = await ctx.db.select().from(specificationTypes).orderBy(
    asc(specificationTypes.categoryId),
    asc(specificationTypes.name),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    categoryId: r.categoryId,
    categoryName: categoryName(r.categoryId),
    metric: r.metric,
    lastModified: r.lastModified,
  }));
}

export async function saveSpecificationType(ctx: AreaContext, body: In<typeof UpsertSpecificationTypeBody>) {
  const values = { name: body.name, categoryId: body.categoryId, metric: body.metric };
  const saved = await ctx.write(async (tx, unit) => {
    const [current] = body.id
      ? await tx.select().from(specificationTypes).where(eq(specificationTypes.id, body.id))
      : [null];
    if (body.id && !current) throw ApiError.notFound("That specification type does not exist.");
    if (current) assertUnchanged(current, body.lastModified, "specification type");
    const row = await saveRow(unit, specificationTypes, { entity: "specificationType", current, values });
    // a type's field judged anew: every species' carcass types using it judge differently
    if (current && current.metric !== values.metric) await dropKeptFrom(unit, {});
    return row;
  });
  return (await listSpecificationTypes(ctx)).find((t) => t.id === saved.id)!;
}

export async function listCarcassTypes(ctx: AreaContext, q: { speciesId?: number } = {}) {
  const ids = askedSpecies(ctx, q.speciesId);
  const out = [];
  for (const speciesId of ids) {
    const types = await carcassTypesWithSpecs(ctx, speciesId);
    const stamps = types.length
      ? await ctx.db.select({ id: carcassTypes.id, lastModified: carcassTypes.lastModified }).from(
        carcassTypes,
      )
        .where(inArray(carcassTypes.id, types.map((t) => t.id)))
      : [];
    const ruleTypes = await ctx.db.select({
      id: specifications.id,
      typeId: specifications.specificationTypeId,
    }).from(specifications)
      .where(
        and(
          eq(specifications.specifiedItemKind, "carcassType"),
          inArray(
            specifications.specifiedItemId,
            types.map((t) => t.id).concat(0),
          ),
        ),
      );
    const typeOf = new Map(ruleTypes.map((r) => [r.id, r.typeId]));
    for (const t of types) {
      out.push({
        id: t.id,
        name: t.name,
        speciesId: t.speciesId,
        speciesName: ctx.scope.speciesName(t.speciesId),
        isOrderable: t.isOrderable,
        isProduceable: t.isProduceable,
        specifications: t.rules.map((r) => ({ ...r, specificationTypeId: typeOf.get(r.id) ?? 0 })),
        lastModified: stamps.find((s) => s.id === t.id)?.lastModified ?? "",
      });
    }
  }
  return out;
}

export async function getCarcassType(ctx: AreaContext, id: number) {
  const row = await findCarcassType(ctx, ctx.db, id);
  return (await listCarcassTypes(ctx, { speciesId: row.speciesId })).find((t) => t.id === id)!;
}

export async function saveCarcassType(ctx: AreaContext, body: In<typeof UpsertCarcassTypeBody>) {
  assertOwnSpecies(ctx, body.speciesId);
  const id = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findCarcassType(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "carcass type");
    const rules = await checkedRules(tx, body.specifications);
    const values = {
      name: body.name,
      speciesId: body.speciesId,
      isOrderable: body.isOrderable,
      isProduceable: body.isProduceable,
    };
    const row = await saveRow(unit, carcassTypes, { entity: "carcassType", current, values });
    await replaceRules(tx, "carcassType", row.id, rules, row.lastModified);
    // the kept carcass groups were judged against the old rules
    for (const speciesId of new Set([body.speciesId, current?.speciesId ?? body.speciesId])) {
      await dropKeptFrom(unit, { speciesId });
    }
    return row.id;
  });
  return getCarcassType(ctx, id);
}

export async function deleteCarcassType(ctx: AreaContext, body: In<typeof DeleteBody>) {
  await ctx.write(async (tx, unit) => {
    const current = await findCarcassType(ctx, tx, body.id);
    assertUnchanged(current, body.lastModified, "carcass type");
    await tx.delete(specifications).where(
      and(
        eq(specifications.specifiedItemKind, "carcassType"),
        eq(specifications.specifiedItemId, current.id),
      ),
    );
    await tx.delete(carcassTypes).where(eq(carcassTypes.id, current.id));
    await dropKeptFrom(unit, { speciesId: current.speciesId });
    await unit.audit({ entity: "carcassType", entityId: current.id, action: "delete", before: current });
  });
  return { id: body.id };
}

/** The rules on the species' primals and cuts (primal specifications). */
export async function listCutSpecifications(ctx: AreaContext, q: { speciesId?: number } = {}) {
  const segments = await segmentsOf(ctx, q.speciesId);
  if (!segments.length) return [];
  const rows = await ctx.db.select({ s: specifications, t: specificationTypes }).from(specifications)
    .innerJoin(specificationTypes, eq(specificationTypes.id, specifications.specificationTypeId))
    .where(
      and(
        eq(specifications.specifiedItemKind, "cut"),
        inArray(
          specifications.specifiedItemId,
          segments.map((s) => s.id),
        ),
      ),
    )
    .orderBy(asc(specifications.id));
  const name = new Map(segments.map((s) => [s.id, s.name]));
  return rows.map(({ s, t }) =>
    ruleView(s, t, { segmentId: s.specifiedItemId, segmentName: name.get(s.specifiedItemId) ?? "" })
  );
}

export async function saveCutSpecifications(ctx: AreaContext, body: In<typeof UpsertCutSpecificationsBody>) {
  const [segment] = await ctx.db.select().from(yieldSegments).where(eq(yieldSegments.id, body.segmentId));
  ctx.scope.assertSpecies(segment?.speciesId, "That primal or cut");
  await ctx.write(async (tx, unit) => {
    const rules = await checkedRules(tx, body.specifications);
    await replaceRules(tx, "cut", segment.id, rules, nextModified());
    await unit.audit({
      entity: "cutSpecification",
      entityId: segment.id,
      action: "update",
      after: body.specifications,
    });
  });
  return (await listCutSpecifications(ctx, { speciesId: segment.speciesId })).filter((s) =>
    s.segmentId === segment.id
  );
}

/** Yield's segments of the caller's species at one level (primal types, cut types). */
export async function segmentsAt(ctx: AreaContext, level: "primal" | "cut", q: { speciesId?: number } = {}) {
  return (await segmentsOf(ctx, q.speciesId)).filter((s) => s.level === level);
}

export async function listBoningRooms(ctx: AreaContext) {
  if (!ctx.scope.siteIds.length) return [];
  const rows = await ctx.db.select().from(boningRooms).where(
    inArray(boningRooms.tenantSiteId, [...ctx.scope.siteIds]),
  )
    .orderBy(asc(boningRooms.tenantSiteId), asc(boningRooms.name));
  return rows.map((r) => ({ id: r.id, tenantSiteId: r.tenantSiteId, name: r.name }));
}

// ---------- helpers ----------

async function segmentsOf(ctx: AreaContext, speciesId?: number) {
  const ids = askedSpecies(ctx, speciesId);
  if (!ids.length) return [];
  const rows = await ctx.db.select().from(yieldSegments).where(inArray(yieldSegments.speciesId, ids))
    .orderBy(asc(yieldSegments.speciesId), asc(yieldSegments.sortOrder), asc(yieldSegments.id));
  return rows.map((r) => ({
    id: r.id,
    speciesId: r.speciesId,
    name: r.name,
    level: r.level,
    parentId: r.parentId,
  }));
}

async function findCarcassType(ctx: AreaContext, db: Db, id: number) {
  const [row] = await db.select().from(carcassTypes).where(eq(carcassTypes.id, id));
  ctx.scope.assertSpecies(row?.speciesId, "That carcass type");
  return row;
}

type RuleIn = In<typeof RuleInput>;

/** Each rule's type must exist and the rule must be workable on its field (400 naming the row). */
async function checkedRules(db: Db, rules: RuleIn[]) {
  if (!rules.length) return [];
  const types = await db.select().from(specificationTypes)
    .where(inArray(specificationTypes.id, rules.map((r) => r.specificationTypeId)));
  const byId = new Map(types.map((t) => [t.id, t]));
  const problems = rules.flatMap((r, row) => {
    const type = byId.get(r.specificationTypeId);
    if (!type) return [{ field: "specificationTypeId", row, message: "Choose a specification type" }];
    const problem = ruleProblem({
      metric: type.metric,
      minValue: r.minValue,
      maxValue: r.maxValue,
      textValue: r.textValue?.toUpperCase() ?? null,
    });
    return problem ? [{ field: "specifications", row, message: `${type.name}: ${problem}` }] : [];
  });
  if (problems.length) throw ApiError.validation(problems);
  return rules;
}

async function replaceRules(
  tx: Db,
  kind: "carcassType" | "cut",
  itemId: number,
  rules: RuleIn[],
  now: string,
) {
  await tx.delete(specifications).where(
    and(eq(specifications.specifiedItemKind, kind), eq(specifications.specifiedItemId, itemId)),
  );
  if (!rules.length) return;
  await tx.insert(specifications).values(rules.map((r) => ({
    specifiedItemKind: kind,
    specifiedItemId: itemId,
    specificationTypeId: r.specificationTypeId,
    minValue: r.minValue,
    maxValue: r.maxValue,
    textValue: r.textValue?.toUpperCase() ?? null,
    description: r.description,
    createdAt: now,
    lastModified: now,
  })));
}

function ruleView<E extends object>(
  s: typeof specifications.$inferSelect,
  t: typeof specificationTypes.$inferSelect,
  extra: E,
) {
  const rule = { metric: t.metric, minValue: s.minValue, maxValue: s.maxValue, textValue: s.textValue };
  return {
    id: s.id,
    specificationTypeId: t.id,
    typeName: t.name,
    categoryId: t.categoryId,
    ...rule,
    description: s.description,
    summary: ruleSummary(rule),
    ...extra,
  };
}
