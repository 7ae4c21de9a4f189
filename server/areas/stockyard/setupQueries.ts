/**
 * The yards' setup as Settings › Yards & paddocks shows it (yard, site, species, pens with their layout
 * and head), and the yard lookups every stockyard read starts from: a yard of the caller's sites (404
 * otherwise) and its species in words. StockyardQueries (queries.ts) extends this class.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import { pens, stockMobs, stockyards } from "../../../db/tenant/schema.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext, TenantTx } from "../context.ts";
import type { StockyardSetup } from "./schemas.ts";

export type YardRow = typeof stockyards.$inferSelect;
export type Db = AreaContext["db"] | TenantTx;

export class YardSetupQueries {
  constructor(protected readonly ctx: AreaContext) {}

  /** A yard of the caller's sites, else 404. */
  protected async yard(id: number, db: Db = this.ctx.db): Promise<YardRow> {
    const [yard] = await db.select().from(stockyards).where(eq(stockyards.id, id));
    if (!yard || !this.ctx.caller.sites.some((s) => s.id === yard.tenantSiteId)) {
      throw ApiError.notFound("That yard does not exist.");
    }
    return yard;
  }

  protected speciesName(yard: YardRow): string {
    if (yard.isAnySpeciesYard || yard.speciesId === null) return "Any species";
    return this.ctx.caller.species.find((s) => s.id === yard.speciesId)?.name ?? `Species ${yard.speciesId}`;
  }

  async setups(tenantSiteId?: number): Promise<z.output<typeof StockyardSetup>[]> {
    const siteIds = this.ctx.caller.sites.map((s) => s.id)
      .filter((id) => tenantSiteId === undefined || id === tenantSiteId);
    if (!siteIds.length) return [];
    const yards = await this.ctx.db.select().from(stockyards).where(inArray(stockyards.tenantSiteId, siteIds))
      .orderBy(asc(stockyards.tenantSiteId), asc(stockyards.sort), asc(stockyards.id));
    return Promise.all(yards.map((y) => this.setupOf(y)));
  }

  async setup(id: number, db: Db = this.ctx.db): Promise<z.output<typeof StockyardSetup>> {
    return this.setupOf(await this.yard(id, db), db);
  }

  protected async setupOf(yard: YardRow, db: Db = this.ctx.db): Promise<z.output<typeof StockyardSetup>> {
    const [penRows, heads] = await Promise.all([
      db.select().from(pens).where(eq(pens.stockyardId, yard.id)).orderBy(asc(pens.id)),
      db.select({ penId: stockMobs.penId, head: stockMobs.head }).from(stockMobs)
        .where(and(eq(stockMobs.stockyardId, yard.id), gt(stockMobs.head, 0))),
    ]);
    return {
      id: yard.id,
      name: yard.name,
      tenantSiteId: yard.tenantSiteId,
      siteName: this.ctx.caller.sites.find((s) => s.id === yard.tenantSiteId)?.name ?? "",
      speciesId: yard.speciesId,
      speciesName: this.speciesName(yard),
      isAnySpeciesYard: yard.isAnySpeciesYard,
      isPaddockGroup: yard.isPaddockGroup,
      isIncludeUnfitBin: yard.isIncludeUnfitBin,
      isOperational: yard.isOperational,
      capacity: yard.capacity,
      hasMapImage: Boolean(yard.mapImageKey),
      lastModified: yard.lastModified,
      pens: penRows.map((p) => ({
        id: p.id,
        name: p.name,
        x: p.x,
        y: p.y,
        width: p.width,
        height: p.height,
        angle: p.angle,
        capacity: p.capacity,
        isOperational: p.isOperational,
        head: heads.filter((h) => h.penId === p.id).reduce((sum, h) => sum + h.head, 0),
      })),
    };
  }
}
