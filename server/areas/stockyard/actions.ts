/**
 * How a stockyard action runs (spec 1 §4 "Actions", §5): one unit of work over the tenant database
 * (`ctx.write`) whose pieces (yardTx.ts) check that the mob or pen has not changed since the client read
 * it (409 Change Conflict) and record the audit trail; once committed, the yard's open screens hear which
 * pens changed (stockyardUpdated, per site) and the action answers the yard as it now is. Head is never
 * created or lost: a split takes head from one mob and gives it to another in the same unit, so pens +
 * bin + kill floor + waiting always add up to the live delivered.
 */
import { eq } from "drizzle-orm";
import { stockyards } from "../../../db/tenant/schema.ts";
import type { AreaContext, Unit } from "../context.ts";
import { yardView } from "./queries.ts";

/** What one action changed: the yard to answer and the pens to redraw. */
export interface Touched {
  yardId: number;
  penIds: number[];
  reason: string;
  alsoYardId?: number;
  /** a move, merge or unload: what it did in words (the undo toast) */
  label?: string;
}

/** The yard's screens (and another yard's, for a move between yards) redraw these pens after the commit. */
export async function announceYard(unit: Unit, touched: Touched) {
  const [yard] = await unit.tx.select({ siteId: stockyards.tenantSiteId }).from(stockyards)
    .where(eq(stockyards.id, touched.yardId));
  const siteId = yard?.siteId ?? null;
  for (const yardId of [touched.yardId, touched.alsoYardId].filter((y): y is number => y !== undefined)) {
    unit.announce("stockyardUpdated", {
      stockyardId: yardId,
      siteId,
      penIds: yardId === touched.yardId ? touched.penIds : [],
      reason: touched.reason,
    }, { qualifier: siteId ?? undefined });
  }
}

/** Runs one action as one unit of work, tells the yard's screens, and answers the yard. */
export async function yardAction(ctx: AreaContext, work: (unit: Unit) => Promise<Touched>) {
  const touched = await ctx.write(async (_tx, unit) => {
    const done = await work(unit);
    await announceYard(unit, done);
    return done;
  });
  return yardView(ctx, touched.yardId);
}
