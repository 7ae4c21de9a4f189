/**
 * Settings › Yards & paddocks writes (spec 2 §2.2, §3 "Stockyard (settings view)"): a yard's details and
 * its pen layout. A layout is saved whole against the yard's lastModified (someone else's save since is a
 * 409), pens missing from it are deleted unless they hold stock, and every open yard view is told.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { pens, stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../context.ts";
import { changedValues, recordAudit } from "../audit.ts";
import { normalisePen } from "./rules.ts";
import type { SaveLayoutBody, StockyardBody } from "./schemas.ts";
import { type StockyardQueries, YARD_ENTITY } from "./queries.ts";

export class StockyardSetupCommands {
  constructor(private readonly ctx: AreaContext, private readonly queries: StockyardQueries) {}

  async upsertStockyard(input: z.output<typeof StockyardBody>) {
    if (!this.ctx.caller.sites.some((s) => s.id === input.tenantSiteId)) {
      throw ApiError.validation([{ field: "tenantSiteId", message: "That site is not one of your sites." }]);
    }
    const speciesId = input.isAnySpeciesYard ? null : input.speciesId;
    if (
      !input.isAnySpeciesYard &&
      (speciesId === null || !this.ctx.caller.species.some((s) => s.id === speciesId))
    ) {
      throw ApiError.validation([{
        field: "speciesId",
        message: "Choose one of your species, or any species.",
      }]);
    }
    const now = new Date().toISOString();
    const values = {
      name: input.name,
      tenantSiteId: input.tenantSiteId,
      speciesId,
      isAnySpeciesYard: input.isAnySpeciesYard,
      isPaddockGroup: input.isPaddockGroup,
      isIncludeUnfitBin: input.isIncludeUnfitBin,
      isOperational: input.isOperational,
      capacity: input.capacity,
    };
    const id = await this.ctx.db.transaction(async (tx) => {
      await this.#uniqueName(tx, input.tenantSiteId, input.name, input.id);
      if (input.id) {
        const [current] = await tx.select().from(stockyards).where(eq(stockyards.id, input.id));
        if (!current || !this.ctx.caller.sites.some((s) => s.id === current.tenantSiteId)) {
          throw ApiError.notFound("That yard does not exist.");
        }
        assertUnchanged(current, input.lastModified, "yard");
        await tx.update(stockyards).set({ ...values, lastModified: nextModified(current.lastModified) })
          .where(eq(stockyards.id, current.id));
        await recordAudit(tx, this.ctx, {
          entity: YARD_ENTITY,
          entityId: current.id,
          action: "Yard changed",
          ...changedValues(current, values),
        });
        return current.id;
      }
      const [created] = await tx.insert(stockyards).values({ ...values, createdAt: now, lastModified: now })
        .returning();
      await recordAudit(tx, this.ctx, {
        entity: YARD_ENTITY,
        entityId: created.id,
        action: "Yard added",
        after: values,
      });
      return created.id;
    });
    await this.ctx.app.push.emit(
      this.ctx.tenantId,
      input.id ? "stockyardSetupUpdated" : "stockyardAdded",
      { stockyardId: id, siteId: input.tenantSiteId },
      { qualifier: input.tenantSiteId },
    );
    return this.queries.setup(id);
  }

  async saveLayout(input: z.output<typeof SaveLayoutBody>) {
    const yard = await this.ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(stockyards).where(eq(stockyards.id, input.stockyardId));
      if (!current || !this.ctx.caller.sites.some((s) => s.id === current.tenantSiteId)) {
        throw ApiError.notFound("That yard does not exist.");
      }
      if (current.lastModified !== input.lastModified) {
        throw ApiError.conflict(
          "Someone else saved this yard's layout since you opened it. Reload to see theirs.",
        );
      }
      const existing = await tx.select().from(pens).where(eq(pens.stockyardId, current.id));
      const names = input.pens.map((p) => p.name.toLowerCase());
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice) {
        throw ApiError.validation([{
          field: "pens",
          message: `Two pens are called “${twice.toUpperCase()}”.`,
        }]);
      }
      const kept = new Set(input.pens.flatMap((p) => (p.id ? [p.id] : [])));
      for (const id of kept) {
        if (!existing.some((p) => p.id === id)) {
          throw ApiError.validation([{
            field: "pens",
            message: "A pen in the layout is not one of this yard's.",
          }]);
        }
      }
      const removed = existing.filter((p) => !kept.has(p.id));
      if (removed.length) {
        const stocked = await tx.select({ penId: stockMobs.penId, head: stockMobs.head }).from(stockMobs)
          .where(and(inArray(stockMobs.penId, removed.map((p) => p.id)), gt(stockMobs.head, 0)));
        const full = removed.find((p) => stocked.some((s) => s.penId === p.id));
        if (full) {
          throw ApiError.validation([{
            field: "pens",
            message: `Pen ${full.name} holds stock: move it out before deleting the pen.`,
          }]);
        }
        await tx.delete(pens).where(inArray(pens.id, removed.map((p) => p.id)));
      }
      const now = new Date().toISOString();
      for (const pen of input.pens) {
        const shape = normalisePen({ ...pen, x: pen.x, y: pen.y }, 1);
        const values = {
          name: pen.name,
          x: shape.x,
          y: shape.y,
          width: shape.width,
          height: shape.height,
          angle: shape.angle,
          capacity: pen.capacity,
          isOperational: pen.isOperational,
        };
        if (pen.id) {
          const before = existing.find((p) => p.id === pen.id)!;
          const changed = Object.entries(values).some(([k, v]) => before[k as keyof typeof before] !== v);
          if (changed) {
            await tx.update(pens).set({ ...values, lastModified: nextModified(before.lastModified) })
              .where(eq(pens.id, pen.id));
          }
        } else {
          await tx.insert(pens).values({ ...values, stockyardId: current.id, lastModified: now });
        }
      }
      await tx.update(stockyards).set({ lastModified: nextModified(current.lastModified) })
        .where(eq(stockyards.id, current.id));
      await recordAudit(tx, this.ctx, {
        entity: YARD_ENTITY,
        entityId: current.id,
        action: `Layout saved: ${input.pens.length} pens` +
          (removed.length ? `, ${removed.map((p) => p.name).join(", ")} deleted` : ""),
      });
      return current;
    });
    await this.ctx.app.push.emit(
      this.ctx.tenantId,
      "stockyardSetupUpdated",
      { stockyardId: yard.id, siteId: yard.tenantSiteId },
      { qualifier: yard.tenantSiteId },
    );
    return this.queries.setup(yard.id);
  }

  /** Yard names are unique within a site (the yard switcher shows names). */
  async #uniqueName(tx: Pick<AreaContext["db"], "select">, siteId: number, name: string, id?: number) {
    const same = await tx.select({ id: stockyards.id, name: stockyards.name }).from(stockyards)
      .where(eq(stockyards.tenantSiteId, siteId));
    if (same.some((y) => y.id !== id && y.name.toLowerCase() === name.toLowerCase())) {
      throw ApiError.validation([{ field: "name", message: "Another yard of this site has that name." }]);
    }
  }
}
