/**
 * A yard's details in Settings › Yards & paddocks (spec 2 §2.2, §3 "Stockyard (settings view)"): added,
 * or changed against its lastModified (409 when someone saved since). Names are unique within a site.
 */
import { eq } from "drizzle-orm";
import { stockyards } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { type AreaContext, assertUnchanged, nextModified, type TenantTx } from "../../context.ts";
import { changedValues } from "../../audit.ts";
import type { In } from "../../areaApi.ts";
import { setup, YARD_ENTITY } from "../queries.ts";
import type { StockyardBody } from "../schemas.ts";

export async function upsertStockyard(ctx: AreaContext, input: In<typeof StockyardBody>) {
  if (!ctx.scope.hasSite(input.tenantSiteId)) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "That site is not one of your sites." }]);
  }
  const speciesId = input.isAnySpeciesYard ? null : input.speciesId;
  if (!input.isAnySpeciesYard && !ctx.scope.hasSpecies(speciesId)) {
    throw ApiError.validation([{
      field: "speciesId",
      message: "Choose one of your species, or any species.",
    }]);
  }
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
  const id = await ctx.write(async (tx, unit) => {
    await uniqueName(tx, input.tenantSiteId, input.name, input.id);
    const where = { stockyardId: 0, siteId: input.tenantSiteId };
    const qualifier = { qualifier: input.tenantSiteId };
    if (input.id) {
      const [current] = await tx.select().from(stockyards).where(eq(stockyards.id, input.id));
      if (!current) throw ApiError.notFound("That yard does not exist.");
      ctx.scope.assertSite(current.tenantSiteId, "That yard");
      assertUnchanged(current, input.lastModified, "yard");
      await tx.update(stockyards).set({ ...values, lastModified: nextModified(current.lastModified) })
        .where(eq(stockyards.id, current.id));
      await unit.audit({
        entity: YARD_ENTITY,
        entityId: current.id,
        action: "Yard changed",
        ...changedValues(current, values),
      });
      unit.announce("stockyardSetupUpdated", { ...where, stockyardId: current.id }, qualifier);
      return current.id;
    }
    const now = new Date().toISOString();
    const [created] = await tx.insert(stockyards).values({ ...values, createdAt: now, lastModified: now })
      .returning();
    await unit.audit({ entity: YARD_ENTITY, entityId: created.id, action: "Yard added", after: values });
    unit.announce("stockyardAdded", { ...where, stockyardId: created.id }, qualifier);
    return created.id;
  });
  return setup(ctx, id);
}

/** Yard names are unique within a site (the yard switcher shows names). */
async function uniqueName(tx: TenantTx, siteId: number, name: string, id?: number) {
  const same = await tx.select({ id: stockyards.id, name: stockyards.name }).from(stockyards)
    .where(eq(stockyards.tenantSiteId, siteId));
  if (same.some((y) => y.id !== id && y.name.toLowerCase() === name.toLowerCase())) {
    throw ApiError.validation([{ field: "name", message: "Another yard of this site has that name." }]);
  }
}
