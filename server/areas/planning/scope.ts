/**
 * Planning's scope checks over the shared `ctx.scope`: a plan's or schedule's day belongs to the caller
 * by its species and its site (0: every site), and a record saved for a species names one of theirs.
 */
import { ApiError } from "../../http/errors.ts";
import type { AreaContext } from "../context.ts";

/** The row when its species and site are the caller's, else 404 in words: "`what` does not exist." */
export function ownDayRow<T extends { speciesId: number; tenantSiteId: number }>(
  ctx: AreaContext,
  row: T | undefined,
  what: string,
): T {
  if (
    !row || !ctx.scope.hasSpecies(row.speciesId) ||
    (row.tenantSiteId !== 0 && !ctx.scope.hasSite(row.tenantSiteId))
  ) {
    throw ApiError.notFound(`${what} does not exist.`);
  }
  return row;
}

/** A body's species must be one of the caller's (a validation error on `speciesId`). */
export function assertOwnSpecies(ctx: AreaContext, speciesId: number) {
  if (!ctx.scope.hasSpecies(speciesId)) {
    throw ApiError.validation([{ field: "speciesId", message: "Choose one of your species" }]);
  }
}

/** The caller's species ids, or only the one asked for (none when it is not one of theirs). */
export const askedSpecies = (ctx: AreaContext, speciesId: number | undefined) =>
  ctx.scope.speciesIds.filter((s) => speciesId === undefined || s === speciesId);
