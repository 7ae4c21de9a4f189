/**
 * The caller's scope: the species and sites their organisation and user settings allow. Every query of
 * species- or site-bound rows starts from `scope.where(...)`, and every id a client names is checked with
 * `assertSpecies`/`assertSite`: one place instead of a hand-written `caller.species.some(...)` per service.
 */
import { inArray, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Caller } from "../auth/userModel.ts";
import { ApiError } from "../http/errors.ts";

export interface Named {
  id: number;
  name: string;
}

export interface Scope {
  readonly species: readonly Named[];
  readonly sites: readonly Named[];
  readonly speciesIds: readonly number[];
  readonly siteIds: readonly number[];
  hasSpecies(id: number | null | undefined): boolean;
  hasSite(id: number | null | undefined): boolean;
  /** the species' name, or "Species 7" for one the caller no longer has */
  speciesName(id: number): string;
  siteName(id: number): string;
  /**
   * 404 in words when the record's species is not the caller's: another species' record is, for them,
   * not there (a 403 would say it exists). `what` names it: "That order does not exist."
   */
  assertSpecies(id: number | null | undefined, what: string): void;
  assertSite(id: number | null | undefined, what: string): void;
  /**
   * A filter every scoped query starts from: the given columns within the caller's species and sites
   * (nothing matches when the caller has none).
   */
  where(columns: { species?: SQLWrapper; site?: SQLWrapper }): SQL;
}

const nothing = sql`0`;

export function scopeOf(caller: Pick<Caller, "species" | "sites">): Scope {
  const species = caller.species, sites = caller.sites;
  const speciesIds = species.map((s) => s.id), siteIds = sites.map((s) => s.id);
  const hasSpecies = (id: number | null | undefined) => id != null && speciesIds.includes(id);
  const hasSite = (id: number | null | undefined) => id != null && siteIds.includes(id);
  const inIds = (column: SQLWrapper, ids: number[]) =>
    ids.length ? inArray(column as Parameters<typeof inArray>[0], ids) : nothing;
  return {
    species,
    sites,
    speciesIds,
    siteIds,
    hasSpecies,
    hasSite,
    speciesName: (id) => species.find((s) => s.id === id)?.name ?? `Species ${id}`,
    siteName: (id) => sites.find((s) => s.id === id)?.name ?? `Site ${id}`,
    assertSpecies(id, what) {
      if (!hasSpecies(id)) throw ApiError.notFound(`${what} does not exist.`);
    },
    assertSite(id, what) {
      if (!hasSite(id)) throw ApiError.notFound(`${what} does not exist.`);
    },
    where({ species: speciesColumn, site }) {
      const parts = [
        ...(speciesColumn ? [inIds(speciesColumn, speciesIds)] : []),
        ...(site ? [inIds(site, siteIds)] : []),
      ];
      return parts.length ? sql.join(parts, sql` and `) : sql`1`;
    },
  };
}
