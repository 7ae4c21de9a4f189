/**
 * Settings › Organisation details › sites and locations (spec 2 §2.2): the tenant's plant sites
 * (control database) and each site's locations with their tenantSiteLocationType (the tenant's
 * `site_locations`, which the kill agenda reads for its kill floors).
 */
import { and, asc, eq } from "drizzle-orm";
import { tenantSites } from "../../../../db/control/schema.ts";
import { siteLocations } from "../../../../db/tenant/schema.ts";
import { ApiError } from "../../../http/errors.ts";
import { changedValues } from "../../audit.ts";
import { type AreaContext, assertUnchanged, nextModified } from "../../context.ts";
import type { In } from "../../areaApi.ts";
import { siteLocationTypeLabel } from "../rules.ts";
import type { SiteBody, SiteLocationBody } from "../schemas.ts";
import { auditControl } from "./organisation.ts";

/** A plant has a handful of sites and locations; these bound the lists all the same. */
export const MAX_SITES = 50;
export const MAX_LOCATIONS = 500;

export function listSites(ctx: AreaContext) {
  return ctx.app.db.control.select({
    id: tenantSites.id,
    name: tenantSites.name,
    isActive: tenantSites.isActive,
  })
    .from(tenantSites).where(eq(tenantSites.tenantId, ctx.tenantId)).orderBy(asc(tenantSites.name))
    .limit(MAX_SITES);
}

export async function saveSite(ctx: AreaContext, input: In<typeof SiteBody>) {
  const control = ctx.app.db.control;
  const sites = await listSites(ctx);
  if (sites.some((s) => s.name.toLowerCase() === input.name.toLowerCase() && s.id !== input.id)) {
    throw ApiError.validation([{
      field: "name",
      message: "The organisation already has a site of that name.",
    }]);
  }
  if (input.id === undefined) {
    if (sites.length >= MAX_SITES) {
      throw ApiError.badRequest(`An organisation has at most ${MAX_SITES} sites.`);
    }
    const [made] = await control.insert(tenantSites)
      .values({ tenantId: ctx.tenantId, name: input.name, isActive: input.isActive }).returning();
    await auditControl(ctx, "TenantSite", made.id, "create", null, made);
  } else {
    const before = sites.find((s) => s.id === input.id);
    if (!before) throw ApiError.notFound("That site is not one of this organisation's.");
    await control.update(tenantSites).set({ name: input.name, isActive: input.isActive })
      .where(and(eq(tenantSites.id, input.id), eq(tenantSites.tenantId, ctx.tenantId)));
    const { before: was, after: now } = changedValues(before, input);
    await auditControl(ctx, "TenantSite", input.id, "update", was, now);
  }
  await ctx.app.callers.changed({ tenantIds: [ctx.tenantId] });
  return listSites(ctx);
}

export type LocationRow = Awaited<ReturnType<typeof listLocations>>[number];

export async function listLocations(ctx: AreaContext) {
  const [sites, rows] = await Promise.all([
    listSites(ctx),
    ctx.db.select().from(siteLocations).orderBy(asc(siteLocations.tenantSiteId), asc(siteLocations.name))
      .limit(MAX_LOCATIONS),
  ]);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  return rows.filter((r) => siteName.has(r.tenantSiteId)).map((r) => ({
    id: r.id,
    tenantSiteId: r.tenantSiteId,
    siteName: siteName.get(r.tenantSiteId)!,
    name: r.name,
    tenantSiteLocationType: r.locationType,
    typeLabel: siteLocationTypeLabel(r.locationType),
    speciesIds: r.speciesIds,
    isActive: r.isActive,
    lastModified: r.lastModified,
  }));
}

export async function saveLocation(ctx: AreaContext, input: In<typeof SiteLocationBody>) {
  if (!(await listSites(ctx)).some((s) => s.id === input.tenantSiteId)) {
    throw ApiError.validation([{
      field: "tenantSiteId",
      message: "Choose one of the organisation's sites.",
    }]);
  }
  if (!input.speciesIds.every((id) => ctx.scope.hasSpecies(id))) {
    throw ApiError.validation([{ field: "speciesIds", message: "Choose from the plant's species." }]);
  }
  const values = {
    tenantSiteId: input.tenantSiteId,
    name: input.name,
    locationType: input.tenantSiteLocationType,
    speciesIds: [...new Set(input.speciesIds)],
    isActive: input.isActive,
  };
  const now = new Date().toISOString();
  const id = await ctx.write(async (tx, unit) => {
    if (input.id === undefined) {
      const [made] = await tx.insert(siteLocations).values({ ...values, createdAt: now, lastModified: now })
        .returning();
      await unit.audit({ entity: "SiteLocation", entityId: made.id, action: "create", after: made });
      return made.id;
    }
    const [before] = await tx.select().from(siteLocations).where(eq(siteLocations.id, input.id));
    if (!before) throw ApiError.notFound("That location does not exist.");
    assertUnchanged(before, input.lastModified, "location");
    await tx.update(siteLocations).set({ ...values, lastModified: nextModified(before.lastModified) })
      .where(eq(siteLocations.id, input.id));
    const { before: was, after: nowValues } = changedValues(before, values);
    await unit.audit({
      entity: "SiteLocation",
      entityId: input.id,
      action: "update",
      before: was,
      after: nowValues,
    });
    return input.id;
  });
  return (await listLocations(ctx)).find((l) => l.id === id)!;
}
