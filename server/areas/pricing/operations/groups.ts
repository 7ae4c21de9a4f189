/**
 * Changing pricing grid groups (spec 2 §3, §7.3): add or edit, copy to a new period, delete. Each is one
 * unit of work with its audit record, answered 409 when the client's copy is stale, and announced on the
 * push hub (PricingGrids interest) after it commits; it answers with the fresh read.
 */
import { and, eq, ne } from "drizzle-orm";
import { pricingGridGroups, pricingGrids } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type Unit } from "../../context.ts";
import { changedValues } from "../../audit.ts";
import { checkSpecies, refuseSpeciesChange, refuseStrandedOrders } from "../checks.ts";
import { getGroup } from "../queries.ts";
import { findGroup, gridsOfGroup, orderList, ordersPricedWith, speciesName } from "../records.ts";
import type { CopyGroupBody, DeleteGroupBody, PricingGridGroup, UpsertGroupBody } from "../schemas.ts";

const GROUP = "pricing grid group";
const ENTITY = "pricingGridGroup";

/**
 * Adds or edits a group. Making it the default of its species takes the default from the previous
 * one (one default per species). An edit may not change the species of a group with grids or orders,
 * nor move its period away from the orders priced with it.
 */
export async function upsertGroup(ctx: AreaContext, body: UpsertGroupBody): Promise<PricingGridGroup> {
  checkSpecies(ctx, body.speciesId);
  const values = {
    name: body.name,
    speciesId: body.speciesId,
    startDate: body.startDate,
    endDate: body.endDate,
    isServiceKill: body.isServiceKill,
    isDefaultGroup: body.isDefaultGroup,
  };
  const id = await ctx.write(async (tx, unit) => {
    let id: number;
    if (!body.id) {
      const now = nextModified();
      const [row] = await tx.insert(pricingGridGroups).values({
        ...values,
        createdAt: now,
        lastModified: now,
      })
        .returning();
      id = row.id;
      await unit.audit({ entity: ENTITY, entityId: id, action: "create", after: values });
    } else {
      const current = await findGroup(ctx, tx, body.id);
      assertUnchanged(current, body.lastModified, GROUP);
      if (current.speciesId !== values.speciesId) await refuseSpeciesChange(tx, current);
      if (current.startDate !== values.startDate || current.endDate !== values.endDate) {
        await refuseStrandedOrders(tx, current.id, values);
      }
      const next = { ...values, lastModified: nextModified(current.lastModified) };
      await tx.update(pricingGridGroups).set(next).where(eq(pricingGridGroups.id, current.id));
      id = current.id;
      await unit.audit({ entity: ENTITY, entityId: id, action: "update", ...changedValues(current, next) });
    }
    const demoted = values.isDefaultGroup ? await demoteOtherDefaults(unit, values.speciesId, id) : [];
    for (const groupId of [id, ...demoted]) {
      unit.announce("pricingGridGroupUpdated", { pricingGridGroupId: groupId });
    }
    return id;
  });
  return await getGroup(ctx, id);
}

/** A new group for another period with copies of every grid (never the default: that stays put). */
export async function copyGroup(ctx: AreaContext, body: CopyGroupBody): Promise<PricingGridGroup> {
  const id = await ctx.write(async (tx, unit) => {
    const source = await findGroup(ctx, tx, body.pricingGridGroupId);
    const now = nextModified();
    const values = {
      name: body.name,
      speciesId: source.speciesId,
      startDate: body.startDate,
      endDate: body.endDate,
      isServiceKill: source.isServiceKill,
      isDefaultGroup: false,
    };
    const [row] = await tx.insert(pricingGridGroups).values({ ...values, createdAt: now, lastModified: now })
      .returning();
    const grids = await gridsOfGroup(tx, source.id);
    if (grids.length) {
      await tx.insert(pricingGrids).values(grids.map((g, i) => ({
        pricingGridGroupId: row.id,
        speciesCategoryId: g.speciesCategoryId,
        reference: g.reference,
        bestPrice: g.bestPrice,
        priority: i + 1,
        cells: g.cells,
        createdAt: now,
        lastModified: now,
      })));
    }
    await unit.audit({
      entity: ENTITY,
      entityId: row.id,
      action: "copy",
      after: { ...values, copiedFromId: source.id, grids: grids.map((g) => g.reference) },
    });
    unit.announce("pricingGridGroupUpdated", { pricingGridGroupId: row.id });
    return row.id;
  });
  return await getGroup(ctx, id);
}

/** Deletes a group and its grids; refused (409) while any order, even a cancelled one, is priced with it. */
export async function deleteGroup(
  ctx: AreaContext,
  body: DeleteGroupBody,
): Promise<{ pricingGridGroupId: number }> {
  const id = body.pricingGridGroupId;
  await ctx.write(async (tx, unit) => {
    const current = await findGroup(ctx, tx, id);
    assertUnchanged(current, body.lastModified, GROUP);
    const used = await ordersPricedWith(tx, id);
    if (used.length) {
      throw ApiError.conflict(
        `${used.length} order${used.length === 1 ? " is" : "s are"} priced with this group (${
          orderList(used)
        }): choose another group on ${used.length === 1 ? "it" : "them"} first.`,
      );
    }
    const grids = await gridsOfGroup(tx, id);
    await tx.delete(pricingGrids).where(eq(pricingGrids.pricingGridGroupId, id));
    await tx.delete(pricingGridGroups).where(eq(pricingGridGroups.id, id));
    await unit.audit({
      entity: ENTITY,
      entityId: id,
      action: "delete",
      before: { ...current, grids: grids.map((g) => g.reference) },
    });
    unit.announce("pricingGridGroupDeleted", { pricingGridGroupId: id });
  });
  return { pricingGridGroupId: id };
}

/** One default per species: the others of the species stop being the default (audited). */
async function demoteOtherDefaults(unit: Unit, speciesId: number, keepId: number): Promise<number[]> {
  const { tx, ctx } = unit;
  const others = await tx.select().from(pricingGridGroups).where(and(
    eq(pricingGridGroups.speciesId, speciesId),
    eq(pricingGridGroups.isDefaultGroup, true),
    ne(pricingGridGroups.id, keepId),
  ));
  for (const other of others) {
    await tx.update(pricingGridGroups)
      .set({ isDefaultGroup: false, lastModified: nextModified(other.lastModified) })
      .where(eq(pricingGridGroups.id, other.id));
    await unit.audit({
      entity: ENTITY,
      entityId: other.id,
      action: "update",
      before: { isDefaultGroup: true },
      after: { isDefaultGroup: false },
      reason: `Group #${keepId} became the default for ${speciesName(ctx, speciesId)}.`,
    });
  }
  return others.map((o) => o.id);
}
