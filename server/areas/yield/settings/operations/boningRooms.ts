/**
 * Boning rooms per site (Settings › Yield; spec 3 §7 "boning room data"): a room's name, the species it
 * bones, whether it is in use. A site bones a species when one of its rooms lists it: the yield home offers
 * a plant for a species only then. Rooms are never deleted (runs and cartons name them): set one inactive.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { boningRooms } from "../../../../../db/tenant/schema.ts";
import { type AreaContext, assertUnchanged } from "../../../context.ts";
import { ApiError } from "../../../../http/errors.ts";
import type { In } from "../../../areaApi.ts";
import { saveRow } from "../../../savedRow.ts";
import type { BoningRoom, UpsertBoningRoomBody } from "../schemas.ts";

export const BONING_ROOM_ENTITY = "boningRoom";
type RoomRow = typeof boningRooms.$inferSelect;

/** The rooms of the caller's sites (or one of them), by site and name. */
export async function listBoningRooms(ctx: AreaContext, tenantSiteId?: number): Promise<BoningRoom[]> {
  if (tenantSiteId !== undefined) ctx.scope.assertSite(tenantSiteId, "That site");
  const sites = tenantSiteId !== undefined ? [tenantSiteId] : ctx.scope.siteIds;
  if (!sites.length) return [];
  const rows = await ctx.db.select().from(boningRooms).where(inArray(boningRooms.tenantSiteId, [...sites]))
    .orderBy(asc(boningRooms.tenantSiteId), asc(boningRooms.name));
  return rows.map((r) => toDto(ctx, r));
}

/** Adds or edits a room of one of the caller's sites, boning species of theirs; names are unique per site. */
export async function saveBoningRoom(
  ctx: AreaContext,
  body: In<typeof UpsertBoningRoomBody>,
): Promise<BoningRoom> {
  if (!ctx.scope.hasSite(body.tenantSiteId)) {
    throw ApiError.validation([{ field: "tenantSiteId", message: "Choose one of your sites" }]);
  }
  const strange = body.speciesIds.filter((s) => !ctx.scope.hasSpecies(s));
  if (strange.length) {
    throw ApiError.validation([{ field: "speciesIds", message: "Choose species of yours" }]);
  }
  const row = await ctx.write(async (tx, unit) => {
    const [current] = body.id ? await tx.select().from(boningRooms).where(eq(boningRooms.id, body.id)) : [];
    if (body.id) ctx.scope.assertSite(current?.tenantSiteId, "That boning room");
    if (current) assertUnchanged(current, body.lastModified, "boning room");
    const [clash] = await tx.select({ id: boningRooms.id }).from(boningRooms).where(and(
      eq(boningRooms.tenantSiteId, body.tenantSiteId),
      sql`lower(${boningRooms.name}) = ${body.name.toLowerCase()}`,
      current ? ne(boningRooms.id, current.id) : undefined,
    ));
    if (clash) {
      throw ApiError.validation([{ field: "name", message: "That site already has a room of that name" }]);
    }
    const values = {
      tenantSiteId: body.tenantSiteId,
      name: body.name,
      speciesIds: [...new Set(body.speciesIds)].sort((a, b) => a - b),
      isActive: body.isActive,
    };
    return await saveRow(unit, boningRooms, { entity: BONING_ROOM_ENTITY, current, values });
  });
  return toDto(ctx, row);
}

function toDto(ctx: AreaContext, r: RoomRow): BoningRoom {
  return {
    id: r.id,
    tenantSiteId: r.tenantSiteId,
    site: ctx.scope.siteName(r.tenantSiteId),
    name: r.name,
    speciesIds: r.speciesIds,
    species: r.speciesIds.map((s) => ctx.scope.speciesName(s)),
    isActive: r.isActive,
    lastModified: r.lastModified,
  };
}
