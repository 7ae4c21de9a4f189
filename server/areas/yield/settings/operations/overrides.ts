/**
 * Settings › Cut hierarchy overrides (spec 3 §7 "segment overrides"): the cut hierarchy of a species, and
 * the product codes reported under another cut than their own from a date, with the reason. Adding,
 * editing or deleting one that reaches the past rebuilds those days' summaries (they carry the cut).
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { productCodes, segmentOverrides } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged, type TenantTx } from "../../../context.ts";
import { saveRow } from "../../../savedRow.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { In } from "../../../areaApi.ts";
import { formatDate } from "../../../../../kernel/format.ts";
import { SEGMENT_LEVEL_NAMES, type SegmentLevel } from "../../rules.ts";
import { assertCut, assertReachable, findProductCode, hierarchy, segmentsOf, timingOf } from "../queries.ts";
import { rebuildAfterDatedChange } from "./rebuild.ts";
import type {
  DeleteSegmentOverrideBody,
  Segment,
  SegmentOverride,
  UpsertSegmentOverrideBody,
} from "../schemas.ts";

export const OVERRIDE_ENTITY = "segmentOverride";
type OverrideRow = typeof segmentOverrides.$inferSelect;

/** The cut hierarchy of a species, parents before children, each with its path. */
export async function listSegments(ctx: AreaContext, speciesId: number): Promise<Segment[]> {
  ctx.scope.assertSpecies(speciesId, "That species");
  const rows = await segmentsOf(ctx.db, speciesId);
  const tree = hierarchy(rows);
  const ordered: typeof rows = [];
  const visit = (parentId: number | null) => {
    for (const r of rows.filter((s) => s.parentId === parentId)) {
      ordered.push(r);
      visit(r.id);
    }
  };
  visit(null);
  return ordered.map((r) => ({
    id: r.id,
    level: r.level as SegmentLevel,
    levelName: SEGMENT_LEVEL_NAMES[r.level as SegmentLevel] ?? r.level,
    name: r.name,
    parentId: r.parentId,
    sortOrder: r.sortOrder,
    path: tree.path(r.id),
  }));
}

/** The overrides of a species' codes, by code then date. */
export async function listSegmentOverrides(ctx: AreaContext, speciesId: number): Promise<SegmentOverride[]> {
  ctx.scope.assertSpecies(speciesId, "That species");
  const codes = await ctx.db.select().from(productCodes).where(eq(productCodes.speciesId, speciesId));
  if (!codes.length) return [];
  const [rows, segments] = await Promise.all([
    ctx.db.select().from(segmentOverrides)
      .where(inArray(segmentOverrides.productCodeId, codes.map((c) => c.id)))
      .orderBy(asc(segmentOverrides.effectiveFrom)),
    segmentsOf(ctx.db, speciesId),
  ]);
  const tree = hierarchy(segments);
  const byId = new Map(codes.map((c) => [c.id, c]));
  return rows.map((r) => {
    const code = byId.get(r.productCodeId)!;
    return {
      id: r.id,
      productCodeId: r.productCodeId,
      code: code.code,
      description: code.description,
      ownCutPath: tree.path(code.cutId, true),
      cutId: r.cutId,
      cutPath: tree.path(r.cutId, true),
      effectiveFrom: r.effectiveFrom,
      reason: r.reason,
      timing: timingOf(r, rows.filter((o) => o.productCodeId === r.productCodeId), ctx.today),
      lastModified: r.lastModified,
    };
  }).sort((a, b) => a.code.localeCompare(b.code) || a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** Adds or edits an override: a saleable code, a cut of its species other than its own, one per date. */
export async function saveSegmentOverride(
  ctx: AreaContext,
  body: In<typeof UpsertSegmentOverrideBody>,
): Promise<SegmentOverride> {
  assertReachable(ctx, body.effectiveFrom);
  const speciesId = await ctx.write(async (tx, unit) => {
    const current = body.id ? await findOverride(ctx, tx, body.id) : null;
    if (current) assertUnchanged(current, body.lastModified, "override");
    const code = await findProductCode(ctx, tx, body.productCodeId);
    if (code.kind !== "product") {
      throw ApiError.validation([{
        field: "productCodeId",
        message: "Bone, fat and trim are not under a cut",
      }]);
    }
    assertCut(hierarchy(await segmentsOf(tx, code.speciesId)), body.cutId);
    if (body.cutId === code.cutId) {
      throw ApiError.validation([{ field: "cutId", message: "That is the code's own cut: choose another" }]);
    }
    const [clash] = await tx.select({ id: segmentOverrides.id }).from(segmentOverrides).where(and(
      eq(segmentOverrides.productCodeId, code.id),
      eq(segmentOverrides.effectiveFrom, body.effectiveFrom),
      current ? ne(segmentOverrides.id, current.id) : undefined,
    ));
    if (clash) {
      throw ApiError.validation([{
        field: "effectiveFrom",
        message: `${code.code} already has an override from ${formatDate(body.effectiveFrom)}: edit that one`,
      }]);
    }
    const values = {
      productCodeId: code.id,
      cutId: body.cutId,
      effectiveFrom: body.effectiveFrom,
      reason: body.reason,
    };
    await saveRow(unit, segmentOverrides, { entity: OVERRIDE_ENTITY, current, values });
    const from = current && current.effectiveFrom < body.effectiveFrom
      ? current.effectiveFrom
      : body.effectiveFrom;
    await rebuildAfterDatedChange(unit, code.speciesId, from);
    return code.speciesId;
  });
  return (await listSegmentOverrides(ctx, speciesId)).find((o) =>
    o.productCodeId === body.productCodeId && o.effectiveFrom === body.effectiveFrom
  )!;
}

/** Deletes an override; the days it covered are rebuilt under the code's own cut. */
export async function deleteSegmentOverride(
  ctx: AreaContext,
  body: In<typeof DeleteSegmentOverrideBody>,
): Promise<{ segmentOverrideId: number }> {
  await ctx.write(async (tx, unit) => {
    const current = await findOverride(ctx, tx, body.segmentOverrideId);
    assertUnchanged(current, body.lastModified, "override");
    const code = await findProductCode(ctx, tx, current.productCodeId);
    await tx.delete(segmentOverrides).where(eq(segmentOverrides.id, current.id));
    const { id: _, lastModified: __, ...before } = current;
    await unit.audit({ entity: OVERRIDE_ENTITY, entityId: current.id, action: "delete", before });
    await rebuildAfterDatedChange(unit, code.speciesId, current.effectiveFrom);
  });
  return { segmentOverrideId: body.segmentOverrideId };
}

async function findOverride(ctx: AreaContext, tx: TenantTx, id: number): Promise<OverrideRow> {
  const [row] = await tx.select().from(segmentOverrides).where(eq(segmentOverrides.id, id));
  if (!row) throw ApiError.notFound("That override does not exist.");
  await findProductCode(ctx, tx, row.productCodeId); // another species' override is not there for this caller
  return row;
}
