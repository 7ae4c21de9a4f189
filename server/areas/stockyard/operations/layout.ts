/**
 * A yard's pen layout in Settings › Yards & paddocks (spec 2 §2.2, §3 "Stockyard (settings view)"):
 * saved whole against the yard's lastModified (someone else's save since is a 409); pens missing from it
 * are deleted unless they hold stock, and every open yard view is told.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import { pens, stockMobs, stockyards } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { normalisePen } from "../rules.ts";
import type { SaveLayoutBody } from "../schemas.ts";
import { setup, YARD_ENTITY } from "../queries.ts";

export async function saveLayout(ctx: AreaContext, input: In<typeof SaveLayoutBody>) {
  const yard = await ctx.write(async (tx, unit) => {
    const [current] = await tx.select().from(stockyards).where(eq(stockyards.id, input.stockyardId));
    if (!current) throw ApiError.notFound("That yard does not exist.");
    ctx.scope.assertSite(current.tenantSiteId, "That yard");
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
    await unit.audit({
      entity: YARD_ENTITY,
      entityId: current.id,
      action: `Layout saved: ${input.pens.length} pens` +
        (removed.length ? `, ${removed.map((p) => p.name).join(", ")} deleted` : ""),
    });
    unit.announce(
      "stockyardSetupUpdated",
      { stockyardId: current.id, siteId: current.tenantSiteId },
      { qualifier: current.tenantSiteId },
    );
    return current;
  });
  return setup(ctx, yard.id);
}
