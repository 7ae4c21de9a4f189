/**
 * Changing pricing grid groups and grids (spec 2 §3, §7.3). Each write is one transaction with its
 * audit record, answered 409 when the client's copy is stale, and announced on the push hub
 * (PricingGrids interest) after it commits; it answers with the fresh read (hence the queries base).
 */
import { and, eq, ne } from "drizzle-orm";
import { pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { assertUnchanged, nextModified, type TenantTx } from "../context.ts";
import { changedValues, recordAudit } from "../audit.ts";
import { derivedBestPrice } from "./cells.ts";
import {
  checkCategory,
  checkSpecies,
  freeReference,
  refuseDuplicateReference,
  refuseSpeciesChange,
  refuseStrandedOrders,
} from "./checks.ts";
import { PricingQueries } from "./queries.ts";
import { findGrid, findGroup, gridsOfGroup, orderList, ordersPricedWith, speciesName } from "./records.ts";
import type {
  CopyGridBody,
  CopyGroupBody,
  DeleteGridBody,
  DeleteGroupBody,
  PricingGrid,
  PricingGridGroup,
  ReorderGridsBody,
  UpsertGridBody,
  UpsertGroupBody,
} from "./schemas.ts";

const GROUP = "pricing grid group";
const GRID = "pricing grid";

export class PricingCommands extends PricingQueries {
  // ---------- groups ----------

  /**
   * Adds or edits a group. Making it the default of its species takes the default from the previous
   * one (one default per species). An edit may not change the species of a group with grids or orders,
   * nor move its period away from the orders priced with it.
   */
  async upsertGroup(body: UpsertGroupBody): Promise<PricingGridGroup> {
    checkSpecies(this.ctx, body.speciesId);
    const values = {
      name: body.name,
      speciesId: body.speciesId,
      startDate: body.startDate,
      endDate: body.endDate,
      isServiceKill: body.isServiceKill,
      isDefaultGroup: body.isDefaultGroup,
    };
    const { id, demoted } = await this.ctx.db.transaction(async (tx) => {
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
        await recordAudit(tx, this.ctx, {
          entity: "pricingGridGroup",
          entityId: id,
          action: "create",
          after: values,
        });
      } else {
        const current = await findGroup(this.ctx, tx, body.id);
        assertUnchanged(current, body.lastModified, GROUP);
        if (current.speciesId !== values.speciesId) await refuseSpeciesChange(tx, current);
        if (current.startDate !== values.startDate || current.endDate !== values.endDate) {
          await refuseStrandedOrders(tx, current.id, values);
        }
        const next = { ...values, lastModified: nextModified(current.lastModified) };
        await tx.update(pricingGridGroups).set(next).where(eq(pricingGridGroups.id, current.id));
        id = current.id;
        await recordAudit(tx, this.ctx, {
          entity: "pricingGridGroup",
          entityId: id,
          action: "update",
          ...changedValues(current, next),
        });
      }
      const demoted = values.isDefaultGroup ? await this.#demoteOtherDefaults(tx, values.speciesId, id) : [];
      return { id, demoted };
    });
    for (const groupId of [id, ...demoted]) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridGroupUpdated", {
        pricingGridGroupId: groupId,
      });
    }
    return await this.group(id);
  }

  /** A new group for another period with copies of every grid (never the default: that stays put). */
  async copyGroup(body: CopyGroupBody): Promise<PricingGridGroup> {
    const id = await this.ctx.db.transaction(async (tx) => {
      const source = await findGroup(this.ctx, tx, body.pricingGridGroupId);
      const now = nextModified();
      const values = {
        name: body.name,
        speciesId: source.speciesId,
        startDate: body.startDate,
        endDate: body.endDate,
        isServiceKill: source.isServiceKill,
        isDefaultGroup: false,
      };
      const [row] = await tx.insert(pricingGridGroups).values({
        ...values,
        createdAt: now,
        lastModified: now,
      })
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
      await recordAudit(tx, this.ctx, {
        entity: "pricingGridGroup",
        entityId: row.id,
        action: "copy",
        after: { ...values, copiedFromId: source.id, grids: grids.map((g) => g.reference) },
      });
      return row.id;
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridGroupUpdated", { pricingGridGroupId: id });
    return await this.group(id);
  }

  /** Deletes a group and its grids; refused (409) while any order, even a cancelled one, is priced with it. */
  async deleteGroup(body: DeleteGroupBody): Promise<{ pricingGridGroupId: number }> {
    const id = body.pricingGridGroupId;
    await this.ctx.db.transaction(async (tx) => {
      const current = await findGroup(this.ctx, tx, id);
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
      await recordAudit(tx, this.ctx, {
        entity: "pricingGridGroup",
        entityId: id,
        action: "delete",
        before: { ...current, grids: grids.map((g) => g.reference) },
      });
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridGroupDeleted", { pricingGridGroupId: id });
    return { pricingGridGroupId: id };
  }

  // ---------- grids ----------

  /**
   * Adds or edits a grid of a group. Its category must be one of the group's species; its reference is
   * unique in the group; its best price comes from the cells when they hold a price. `priority` puts it
   * at that position (the others move along, priorities stay 1…n).
   */
  async upsertGrid(body: UpsertGridBody): Promise<PricingGrid> {
    const id = await this.ctx.db.transaction(async (tx) => {
      const group = await findGroup(this.ctx, tx, body.pricingGridGroupId);
      checkCategory(this.ctx, group, body.speciesCategoryId, "speciesCategoryId");
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
        await recordAudit(tx, this.ctx, {
          entity: "pricingGrid",
          entityId: id,
          action: "create",
          after: values,
        });
      } else {
        const next = { ...values, lastModified: nextModified(current.lastModified) };
        await tx.update(pricingGrids).set(next).where(eq(pricingGrids.id, current.id));
        id = current.id;
        await recordAudit(tx, this.ctx, {
          entity: "pricingGrid",
          entityId: id,
          action: "update",
          ...changedValues(current, next),
        });
      }
      const order = others.map((g) => g.id);
      order.splice(position - 1, 0, id);
      await renumber(tx, order, [...others, { id, priority: position }]);
      return id;
    });
    const saved = await this.grid(id);
    await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridUpdated", {
      pricingGridId: id,
      pricingGridGroupId: saved.pricingGridGroupId,
    });
    return saved;
  }

  /**
   * Copies a grid, last in priority, into its own group or another group of the same species. Without
   * a reference it keeps the source's, with "(copy)" when the group already has that one.
   */
  async copyGrid(body: CopyGridBody): Promise<PricingGrid> {
    const { id, groupId } = await this.ctx.db.transaction(async (tx) => {
      const source = await findGrid(this.ctx, tx, body.pricingGridId);
      const sourceGroup = await findGroup(this.ctx, tx, source.pricingGridGroupId);
      const target = body.pricingGridGroupId
        ? await findGroup(this.ctx, tx, body.pricingGridGroupId)
        : sourceGroup;
      if (target.speciesId !== sourceGroup.speciesId) {
        throw ApiError.validation([{
          field: "pricingGridGroupId",
          message: `Copy it into a group of the same species (${
            speciesName(this.ctx, sourceGroup.speciesId)
          }).`,
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
      await recordAudit(tx, this.ctx, {
        entity: "pricingGrid",
        entityId: row.id,
        action: "copy",
        after: { ...values, copiedFromId: source.id },
      });
      return { id: row.id, groupId: target.id };
    });
    await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridUpdated", {
      pricingGridId: id,
      pricingGridGroupId: groupId,
    });
    return await this.grid(id);
  }

  async deleteGrid(body: DeleteGridBody): Promise<{ pricingGridId: number; pricingGridGroupId: number }> {
    const groupId = await this.ctx.db.transaction(async (tx) => {
      const current = await findGrid(this.ctx, tx, body.pricingGridId);
      assertUnchanged(current, body.lastModified, GRID);
      await tx.delete(pricingGrids).where(eq(pricingGrids.id, current.id));
      const rest = await gridsOfGroup(tx, current.pricingGridGroupId);
      await renumber(tx, rest.map((g) => g.id), rest);
      await recordAudit(tx, this.ctx, {
        entity: "pricingGrid",
        entityId: current.id,
        action: "delete",
        before: current,
      });
      return current.pricingGridGroupId;
    });
    const payload = { pricingGridId: body.pricingGridId, pricingGridGroupId: groupId };
    await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridDeleted", payload);
    return payload;
  }

  /**
   * Sets the priorities of a group's grids by their position in `gridIds` (1 = first). The list must
   * hold exactly the group's grids: a grid added or deleted since the client read them is a 409.
   */
  async reorderGrids(body: ReorderGridsBody): Promise<PricingGridGroup> {
    const changed = await this.ctx.db.transaction(async (tx) => {
      const group = await findGroup(this.ctx, tx, body.pricingGridGroupId);
      const grids = await gridsOfGroup(tx, group.id);
      const known = new Set(grids.map((g) => g.id));
      if (grids.length !== body.gridIds.length || body.gridIds.some((id) => !known.has(id))) {
        throw ApiError.conflict("The grids of this group changed since you opened it. Reload and try again.");
      }
      const before = grids.map((g) => g.id);
      if (before.every((id, i) => id === body.gridIds[i])) return false;
      await renumber(tx, body.gridIds, grids);
      await recordAudit(tx, this.ctx, {
        entity: "pricingGridGroup",
        entityId: group.id,
        action: "reorder grids",
        before: { gridIds: before },
        after: { gridIds: body.gridIds },
      });
      return true;
    });
    if (changed) {
      await this.ctx.app.push.emit(this.ctx.tenantId, "pricingGridGroupUpdated", {
        pricingGridGroupId: body.pricingGridGroupId,
      });
    }
    return await this.group(body.pricingGridGroupId);
  }

  /** One default per species: the others of the species stop being the default (audited). */
  async #demoteOtherDefaults(tx: TenantTx, speciesId: number, keepId: number): Promise<number[]> {
    const others = await tx.select().from(pricingGridGroups).where(and(
      eq(pricingGridGroups.speciesId, speciesId),
      eq(pricingGridGroups.isDefaultGroup, true),
      ne(pricingGridGroups.id, keepId),
    ));
    for (const other of others) {
      await tx.update(pricingGridGroups)
        .set({ isDefaultGroup: false, lastModified: nextModified(other.lastModified) })
        .where(eq(pricingGridGroups.id, other.id));
      await recordAudit(tx, this.ctx, {
        entity: "pricingGridGroup",
        entityId: other.id,
        action: "update",
        before: { isDefaultGroup: true },
        after: { isDefaultGroup: false },
        reason: `Group #${keepId} became the default for ${speciesName(this.ctx, speciesId)}.`,
      });
    }
    return others.map((o) => o.id);
  }
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
