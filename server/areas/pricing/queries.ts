/**
 * Reading pricing grid groups and grids (spec 2 §3, §7.3): only the caller's species are visible.
 * Who may read is decided by the route rules (api.ts, the page routes) before this is made.
 */
import { asc, count, desc, inArray } from "drizzle-orm";
import { livestockOrders, pricingGridGroups, pricingGrids } from "../../../db/tenant/schema.ts";
import type { AreaContext } from "../context.ts";
import {
  findGrid,
  findGroup,
  type GroupRow,
  type Reader,
  speciesName,
  toGrid,
  visibleSpecies,
} from "./records.ts";
import type { PricingGrid, PricingGridGroup } from "./schemas.ts";

export class PricingQueries {
  constructor(protected readonly ctx: AreaContext) {}

  /** Groups with their grids, newest period first; only the caller's species. */
  async groups(speciesId?: number): Promise<PricingGridGroup[]> {
    const visible = visibleSpecies(this.ctx);
    const wanted = speciesId ? visible.filter((s) => s === speciesId) : visible;
    if (!wanted.length) return [];
    const rows = await this.ctx.db.select().from(pricingGridGroups)
      .where(inArray(pricingGridGroups.speciesId, wanted))
      .orderBy(desc(pricingGridGroups.startDate), asc(pricingGridGroups.name), asc(pricingGridGroups.id));
    return await this.#withGrids(this.ctx.db, rows);
  }

  async group(id: number): Promise<PricingGridGroup> {
    const row = await findGroup(this.ctx, this.ctx.db, id);
    return (await this.#withGrids(this.ctx.db, [row]))[0];
  }

  async grid(id: number): Promise<PricingGrid> {
    const row = await findGrid(this.ctx, this.ctx.db, id);
    return toGrid(row);
  }

  /** The answer shape: each group with its grids in priority order and how many orders use it. */
  async #withGrids(db: Reader, rows: GroupRow[]): Promise<PricingGridGroup[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [grids, usage] = await Promise.all([
      db.select().from(pricingGrids).where(inArray(pricingGrids.pricingGridGroupId, ids))
        .orderBy(asc(pricingGrids.priority), asc(pricingGrids.id)),
      db.select({ groupId: livestockOrders.pricingGridGroupId, n: count() }).from(livestockOrders)
        .where(inArray(livestockOrders.pricingGridGroupId, ids)).groupBy(livestockOrders.pricingGridGroupId),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      speciesId: r.speciesId,
      species: speciesName(this.ctx, r.speciesId),
      startDate: r.startDate,
      endDate: r.endDate,
      isServiceKill: r.isServiceKill,
      isDefaultGroup: r.isDefaultGroup,
      orderCount: usage.find((u) => u.groupId === r.id)?.n ?? 0,
      pricingGrids: grids.filter((g) => g.pricingGridGroupId === r.id).map(toGrid),
      createdAt: r.createdAt,
      lastModified: r.lastModified,
    }));
  }
}
