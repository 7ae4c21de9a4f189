/**
 * The caller's scope (server/areas/scope.ts): ids and names, the checks that answer 404 in words, and
 * the filter every scoped query starts from, run on a real tenant database.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestApp, type TestApp } from "../../helpers/app.ts";
import { livestockOrders } from "../../../db/tenant/schema.ts";
import type { TenantDb } from "../../../db/client.ts";
import { scopeOf } from "../../../server/areas/scope.ts";
import { ApiError } from "../../../server/http/errors.ts";

const scope = scopeOf({
  species: [{ id: 1, name: "Cattle" }, { id: 3, name: "Sheep" }],
  sites: [{ id: 10, name: "North yard" }],
});

describe("scopeOf", () => {
  test("holds the caller's species and sites, by id and by name", () => {
    expect(scope.speciesIds).toEqual([1, 3]);
    expect(scope.siteIds).toEqual([10]);
    expect([scope.hasSpecies(3), scope.hasSpecies(2), scope.hasSpecies(null), scope.hasSpecies(undefined)])
      .toEqual([true, false, false, false]);
    expect([scope.hasSite(10), scope.hasSite(11)]).toEqual([true, false]);
    expect([scope.speciesName(3), scope.speciesName(7)]).toEqual(["Sheep", "Species 7"]);
    expect([scope.siteName(10), scope.siteName(12)]).toEqual(["North yard", "Site 12"]);
  });

  test("another species' or site's record is, for the caller, not there: 404 in words", () => {
    expect(() => scope.assertSpecies(1, "That order")).not.toThrow();
    expect(() => scope.assertSite(10, "That yard")).not.toThrow();
    for (
      const refuse of [
        () => scope.assertSpecies(2, "That order"),
        () => scope.assertSpecies(null, "That order"),
        () => scope.assertSite(11, "That yard"),
      ]
    ) {
      let error: unknown;
      try {
        refuse();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
    }
    expect(() => scope.assertSpecies(2, "That order")).toThrow("That order does not exist.");
    expect(() => scope.assertSite(11, "That yard")).toThrow("That yard does not exist.");
  });
});

describe("scope.where on a real table", () => {
  let t: TestApp;
  let db: TenantDb;
  let all: { speciesId: number; tenantSiteId: number | null }[];

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await t.services.db.control.query.tenants.findFirst();
    db = await t.services.db.tenantDb(tenant!.id);
    all = await db.select({
      speciesId: livestockOrders.speciesId,
      tenantSiteId: livestockOrders.tenantSiteId,
    })
      .from(livestockOrders);
  });
  afterAll(() => t.close());

  const scoped = (species: number[], sites: number[], columns: Parameters<typeof scope.where>[0]) =>
    db.select({ speciesId: livestockOrders.speciesId, tenantSiteId: livestockOrders.tenantSiteId })
      .from(livestockOrders)
      .where(
        scopeOf({
          species: species.map((id) => ({ id, name: `S${id}` })),
          sites: sites.map((id) => ({ id, name: `Y${id}` })),
        }).where(columns),
      );

  test("keeps the rows of the caller's species and sites, and nothing for a caller with none", async () => {
    const species = [...new Set(all.map((r) => r.speciesId))];
    const sites = [...new Set(all.map((r) => r.tenantSiteId).filter((s): s is number => s !== null))];
    expect(species.length).toBeGreaterThan(0);
    expect(sites.length).toBeGreaterThan(0);
    const one = species[0], site = sites[0];

    expect(await scoped([one], [], { species: livestockOrders.speciesId }))
      .toEqual(all.filter((r) => r.speciesId === one));
    expect(
      await scoped([one], [site], { species: livestockOrders.speciesId, site: livestockOrders.tenantSiteId }),
    )
      .toEqual(all.filter((r) => r.speciesId === one && r.tenantSiteId === site));
    expect(await scoped([], [site], { species: livestockOrders.speciesId })).toEqual([]);
    expect(await scoped([one], [], { site: livestockOrders.tenantSiteId })).toEqual([]);
    // no columns named: nothing to narrow
    expect(await scoped([], [], {})).toHaveLength(all.length);
  });
});
