/**
 * Who sees which yield: the plants and species a caller may look at (their scope, narrowed by the
 * plantSpeciesVisibility of their "yield" user setting, spec 3 §3 and §6), the plants that bone a species
 * (a site bones a species when one of its boning rooms lists it), and the yield revenue module (spec 3 §5:
 * without it no revenue figure, column or filter exists).
 */
import { eq } from "drizzle-orm";
import { boningRooms } from "../../../db/tenant/schema.ts";
import { userSettingValue } from "../../access/flags.ts";
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";
import type { Named } from "../scope.ts";
import { type PlantSpecies, visiblePairs } from "./rules.ts";
import type { YieldFilter } from "./schemas.ts";

export function hasYieldRevenue(ctx: Pick<AreaContext, "caller">): boolean {
  return ctx.caller.subject.modules.includes("yieldRevenue");
}

/** The caller's plantSpeciesVisibility (empty: every plant and species of their scope). */
export function plantSpeciesVisibility(ctx: Pick<AreaContext, "caller">): PlantSpecies[] {
  const value = userSettingValue(ctx.caller.subject, "yield") as
    | { plantSpeciesVisibility?: unknown }
    | undefined;
  const list = value?.plantSpeciesVisibility;
  if (!Array.isArray(list)) return [];
  return list.filter((p): p is PlantSpecies =>
    typeof p?.tenantSiteId === "number" && typeof p?.speciesType === "number"
  );
}

export interface YieldPlants {
  /** species the caller sees at least one boning plant of, in scope order */
  species: Named[];
  /** per species id: the plants that bone it and the caller sees */
  plants: Map<number, Named[]>;
  /** per species id: the boning rooms of those plants */
  rooms: Map<number, (Named & { tenantSiteId: number })[]>;
}

/** The plants and boning rooms the caller sees, per species (one small read). */
export async function yieldPlants(ctx: AreaContext): Promise<YieldPlants> {
  const rooms = await ctx.db.select().from(boningRooms).where(eq(boningRooms.isActive, true)).orderBy(
    boningRooms.tenantSiteId,
    boningRooms.name,
  );
  const pairs = visiblePairs(ctx.scope.siteIds, ctx.scope.speciesIds, plantSpeciesVisibility(ctx));
  const plants = new Map<number, Named[]>();
  const roomsBySpecies = new Map<number, (Named & { tenantSiteId: number })[]>();
  for (const s of ctx.scope.species) {
    const sites = ctx.scope.sites.filter((site) =>
      pairs.some((p) => p.tenantSiteId === site.id && p.speciesType === s.id) &&
      rooms.some((r) => r.tenantSiteId === site.id && r.speciesIds.includes(s.id))
    );
    plants.set(s.id, sites);
    roomsBySpecies.set(
      s.id,
      rooms.filter((r) => r.speciesIds.includes(s.id) && sites.some((site) => site.id === r.tenantSiteId))
        .map((r) => ({ id: r.id, name: r.name, tenantSiteId: r.tenantSiteId })),
    );
  }
  return {
    species: ctx.scope.species.filter((s) => plants.get(s.id)!.length > 0),
    plants,
    rooms: roomsBySpecies,
  };
}

/** A filter the caller may ask: the species is theirs, every plant named is one they see for it. */
export interface ResolvedFilter extends YieldFilter {
  plantIds: number[];
}

/**
 * The filter with its plants resolved (none named: every plant the caller sees for the species). 404 for
 * a species outside the caller's scope; 403 in words for a plant they may not see.
 */
export async function resolveFilter(
  ctx: AreaContext,
  filter: YieldFilter,
  known?: YieldPlants,
): Promise<ResolvedFilter> {
  ctx.scope.assertSpecies(filter.speciesId, "That species");
  const visible = (known ?? await yieldPlants(ctx)).plants.get(filter.speciesId) ?? [];
  if (filter.toDate < filter.fromDate) {
    throw ApiError.validation([{ field: "toDate", message: "The range ends before it starts" }]);
  }
  const asked = filter.plantIds ?? [];
  const refused = asked.filter((id) => !visible.some((p) => p.id === id));
  if (refused.length) {
    throw ApiError.forbidden(
      `You cannot see ${ctx.scope.speciesName(filter.speciesId).toLowerCase()} yield for ${
        refused.map((id) => ctx.scope.siteName(id)).join(", ")
      }.`,
    );
  }
  return { ...filter, plantIds: asked.length ? asked : visible.map((p) => p.id) };
}
