/**
 * The layout designer's calls: the report's lines and layouts, save (a new layout or a change; 409 when
 * someone saved it since it was loaded; the report's isLayoutSaved set through the definitions' write)
 * and delete (never the last one).
 */
import { and, eq } from "drizzle-orm";
import { roiLayouts } from "../../../../db/tenant/schema.ts";
import { layoutProblems, walk } from "../../../../reports/roi/layoutRules.ts";
import type { LayoutNode } from "../../../../reports/roi/model.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { getDefinition } from "../reads.ts";
import { setLayoutSaved } from "../writes.ts";
import { labelsOf, layoutRows, layoutsOf, type StoredLayout, toLayout } from "./reads.ts";
import {
  type DeleteRoiLayoutBody,
  MAX_LAYOUT_DEPTH,
  MAX_LAYOUT_NODES,
  type SaveRoiLayoutBody,
} from "./schemas.ts";

export const LAYOUT_ENTITY = "roiLayout";

export async function getLayouts(ctx: AreaContext, definitionId: number) {
  const definition = await getDefinition(ctx, definitionId);
  return {
    definitionId: definition.id,
    reportName: definition.name,
    ...labelsOf(definition),
    lines: definition.reportDataLines.map((l) => ({
      lineId: l.lineId,
      displayName: l.displayName,
      isDebit: l.isDebit,
      isHidden: l.sectionOption === 1,
    })),
    layouts: await layoutsOf(ctx, definition),
  };
}

function sizeProblem(trees: LayoutNode[]): string | null {
  let count = 0;
  let deepest = 0;
  for (const tree of trees) {
    walk(tree, (_, __, depth) => {
      count++;
      deepest = Math.max(deepest, depth);
    });
  }
  if (count > MAX_LAYOUT_NODES) return `A layout holds at most ${MAX_LAYOUT_NODES} items.`;
  if (deepest > MAX_LAYOUT_DEPTH) return `Sections nest at most ${MAX_LAYOUT_DEPTH} deep.`;
  return null;
}

export async function saveLayout(
  ctx: AreaContext,
  body: In<typeof SaveRoiLayoutBody>,
): Promise<StoredLayout> {
  const definition = await getDefinition(ctx, body.definitionId);
  const problems = layoutProblems(body, definition.reportDataLines);
  const tooBig = sizeProblem([body.creditLayoutSection, body.debitLayoutSection]);
  if (tooBig) problems.creditLayoutSection = tooBig;
  if (Object.keys(problems).length) {
    throw ApiError.validation(Object.entries(problems).map(([field, message]) => ({ field, message })));
  }
  const saved = await ctx.write(async (tx, unit) => {
    const rows = await layoutRows(tx, definition.id);
    const current = body.id ? rows.find((r) => r.id === body.id) : undefined;
    if (body.id && !current) throw ApiError.notFound("That layout does not exist: it may have been deleted.");
    if (current) assertUnchanged(current, body.lastModified, "layout");
    const clash = rows.find((r) => r.name.toLowerCase() === body.name.toLowerCase() && r.id !== body.id);
    if (clash) {
      throw ApiError.validation([{
        field: "name",
        message: `There is already a layout called ${clash.name}.`,
      }]);
    }
    const values = {
      name: body.name,
      creditTree: body.creditLayoutSection,
      debitTree: body.debitLayoutSection,
      settings: body.layoutSettings,
      isLayoutSaved: true,
      lastModified: nextModified(current?.lastModified),
    };
    const [row] = current
      ? await tx.update(roiLayouts).set(values).where(eq(roiLayouts.id, current.id)).returning()
      : await tx.insert(roiLayouts).values({
        ...values,
        definitionId: definition.id,
        position: rows.length ? Math.max(...rows.map((r) => r.position)) + 1 : 0,
        createdAt: values.lastModified,
      }).returning();
    await setLayoutSaved(unit, definition.id);
    await unit.audit({
      entity: LAYOUT_ENTITY,
      entityId: String(row.id),
      action: current ? "Layout changed" : "Layout added",
    });
    return row;
  });
  return toLayout(saved);
}

export async function deleteLayout(ctx: AreaContext, body: In<typeof DeleteRoiLayoutBody>) {
  await ctx.write(async (tx, unit) => {
    const [row] = await tx.select().from(roiLayouts).where(eq(roiLayouts.id, body.id));
    if (!row) throw ApiError.notFound("That layout does not exist: it may have been deleted.");
    assertUnchanged(row, body.lastModified, "layout");
    const others = (await layoutRows(tx, row.definitionId)).filter((r) => r.id !== row.id);
    if (others.length === 0) throw ApiError.badRequest("A report keeps at least one layout.");
    await tx.delete(roiLayouts).where(
      and(eq(roiLayouts.id, row.id), eq(roiLayouts.definitionId, row.definitionId)),
    );
    await unit.audit({ entity: LAYOUT_ENTITY, entityId: String(row.id), action: "Layout deleted" });
  });
  return { id: body.id };
}
