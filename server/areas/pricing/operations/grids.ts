/**
 * Changing the pricing grids of a group (spec 2 §3, §7.3): add or edit, copy, delete, and reorder their
 * priorities. Each is one unit of work with its audit record, answered 409 when the client's copy is
 * stale, and announced on the push hub (PricingGrids interest) after it commits.
 */
import { eq } from "drizzle-orm";
import { pricingGrids } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import { changedValues } from "../../audit.ts";
import { derivedBestPrice } from "../cells.ts";
import { checkCategory, freeReference, refuseDuplicateReference } from "../checks.ts";
import { getGrid, getGroup } from "../queries.ts";
import { findGrid, findGroup, gridsOfGroup, speciesName } from "../records.ts";
import type {
  CopyGridBody,
  DeleteGridBody,
  PricingGrid,
  PricingGridGroup,
  ReorderGridsBody,
  UpsertGridBody,
} from "../schemas.ts";

const GRID = "pricing grid";
const ENTITY = "pricingGrid";

/**
 * Adds or edits a grid of a group. Its category must be one of the group's species; its reference is
 * unique in the group; its best price comes from the cells when they hold a price. `priority` puts it
 * at that position (the others move along, priorities stay 1…n).
 */
export async function upsertGrid(ctx: AreaContext, body: UpsertGridBody): Promise<PricingGrid> {
  const id = await ctx.write(async (tx, unit) => {
    const group = await findGroup(ctx, tx, body.pricingGridGroupId);
    checkCategory(ctx, group, body.speciesCategoryId, "speciesCategoryId");
    const siblings = await gridsOfGroup(tx, group.id);
    const current = body.id ? siblings.find((g) => g.id === body.id) : undefined;
    if (body.id && !current) {
      const elsewhere = await tx.query.pricingGrids.findFirst({ where: eq(pricingGrids.id, body.id) });
      if (!elsewhere) throw ApiError.notFound("That pricing grid does not exist.");
      throw ApiError.validation([{
        field: "pricingGridGroupId",
        message: "A grid stays in its group: copy it to the other group instead.",
      }]);
    }
    if (current) assertUnchanged(current, body.lastModified, GRID);
    refuseDuplicateReference(siblings, body.reference, body.id);

    const others = siblings.filter((g) => g.id !== body.id);
    const wanted = body.priority ?? (current ? siblings.indexOf(current) + 1 : others.length + 1);
    const position = Math.min(Math.max(wanted, 1), others.length + 1);
    const values = {
      pricingGridGroupId: group.id,
      speciesCategoryId: body.speciesCategoryId,
      reference: body.reference,
      bestPrice: derivedBestPrice(body.cells, body.bestPrice),
      priority: position,
      cells: body.cells,
    };
    let id: number;
    if (!current) {
      const now = nextModified();
      const [row] = await tx.insert(pricingGrids).values({ ...values, createdAt: now, lastModified: now })
        .returning();
      id = row.id;
      await unit.audit({ entity: ENTITY, entityId: id, action: "create", after: values });
    } else {
      const next = { ...values, lastModified: nextModified(current.lastModified) };
      await tx.update(pricingGrids).set(next).where(eq(pricingGrids.id, current.id));
      id = current.id;
      await unit.audit({ entity: ENTITY, entityId: id, action: "update", ...changedValues(current, next) });
    }
    const order = others.map((g) => g.id);
    order.splice(position - 1, 0, id);
    await renumber(tx, order, [...others, { id, priority: position }]);
    unit.announce("pricingGridUpdated", { pricingGridId: id, pricingGridGroupId: group.id });
    return id;
  });
  return await getGrid(ctx, id);
}

/**
 * Copies a grid, last in priority, into its own group or another group of the same species. Without
 * a reference it keeps the source's, with "(copy)" when the group already has that one.
 */
export async function copyGrid(ctx: AreaContext, body: CopyGridBody): Promise<PricingGrid> {
  const id = await ctx.write(async (tx, unit) => {
    const source = await findGrid(ctx, tx, body.pricingGridId);
    const sourceGroup = await findGroup(ctx, tx, source.pricingGridGroupId);
    const target = body.pricingGridGroupId ? await findGroup(ctx, tx, body.pricingGridGroupId) : sourceGroup;
    if (target.speciesId !== sourceGroup.speciesId) {
      throw ApiError.validation([{
        field: "pricingGridGroupId",
        message: `Copy it into a group of the same species (${speciesName(ctx, sourceGroup.speciesId)}).`,
      }]);
    }
    const siblings = await gridsOfGroup(tx, target.id);
    let reference = body.reference ?? source.reference;
    if (body.reference) refuseDuplicateReference(siblings, reference, null);
    else reference = freeReference(siblings, reference);
    const now = nextModified();
    const values = {
      pricingGridGroupId: target.id,
      speciesCategoryId: source.speciesCategoryId,
      reference,
      bestPrice: source.bestPrice,
      priority: siblings.length + 1,
      cells: source.cells,
    };
    const [row] = await tx.insert(pricingGrids).values({ ...values, createdAt: now, lastModified: now })
      .returning();
    await unit.audit({
      entity: ENTITY,
      entityId: row.id,
      action: "copy",
      after: { ...values, copiedFromId: source.id },
    });
    unit.announce("pricingGridUpdated", { pricingGridId: row.id, pricingGridGroupId: target.id });
    return row.id;
  });
  return await getGrid(ctx, id);
}

export async function deleteGrid(
  ctx: AreaContext,
  body: DeleteGridBody,
): Promise<{ pricingGridId: number; pricingGridGroupId: number }> {
  return await ctx.write(async (tx, unit) => {
    const current = await findGrid(ctx, tx, body.pricingGridId);
    assertUnchanged(current, body.lastModified, GRID);
    await tx.delete(pricingGrids).where(eq(pricingGrids.id, current.id));
    const rest = await gridsOfGroup(tx, current.pricingGridGroupId);
    await renumber(tx, rest.map((g) => g.id), rest);
    await unit.audit({ entity: ENTITY, entityId: current.id, action: "delete", before: current });
    const payload = { pricingGridId: body.pricingGridId, pricingGridGroupId: current.pricingGridGroupId };
    unit.announce("pricingGridDeleted", payload);
    return payload;
  });
}

/**
 * Sets the priorities of a group's grids by their position in `gridIds` (1 = first). The list must
 * hold exactly the group's grids: a grid added or deleted since the client read them is a 409.
 */
export async function reorderGrids(ctx: AreaContext, body: ReorderGridsBody): Promise<PricingGridGroup> {
  await ctx.write(async (tx, unit) => {
    const group = await findGroup(ctx, tx, body.pricingGridGroupId);
    const grids = await gridsOfGroup(tx, group.id);
    const known = new Set(grids.map((g) => g.id));
    if (grids.length !== body.gridIds.length || body.gridIds.some((id) => !known.has(id))) {
      throw ApiError.conflict("The grids of this group changed since you opened it. Reload and try again.");
    }
    const before = grids.map((g) => g.id);
    if (before.every((id, i) => id === body.gridIds[i])) return;
    await renumber(tx, body.gridIds, grids);
    await unit.audit({
      entity: "pricingGridGroup",
      entityId: group.id,
      action: "reorder grids",
      before: { gridIds: before },
      after: { gridIds: body.gridIds },
    });
    unit.announce("pricingGridGroupUpdated", { pricingGridGroupId: body.pricingGridGroupId });
  });
  return await getGroup(ctx, body.pricingGridGroupId);
}

/** Priorities 1…n in the given order; only grids whose priority moves are written (and re-stamped). */
async function renumber(
  tx: TenantTx,
  orderedIds: number[],
  current: { id: number; priority: number; lastModified?: string }[],
) {
  for (const [i, id] of orderedIds.entries()) {
    const grid = current.find((g) => g.id === id);
    if (grid?.priority === i + 1) continue;
    await tx.update(pricingGrids).set({ priority: i + 1, lastModified: nextModified(grid?.lastModified) })
      .where(eq(pricingGrids.id, id));
  }
}
