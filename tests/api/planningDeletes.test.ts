/**
 * The planning catalogue's delete calls and its categories (issue 41 items 1–3, 5: recipe delete; spec 3
 * §7), over real HTTP on the demo catalogue: each delete is 409 when the record changed since it was read
 * and nothing goes, 403 without the right (no admin flag, not super), 404 for a record that is not there,
 * and then goes, audited. A cut plan naming a deleted recipe still opens. The specification categories
 * are the five of spec 3 §3 (Unknown 0 is not one).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { jsonCalls, serveTestApp } from "../helpers/app.ts";
import { auditLog } from "../../db/tenant/schema.ts";
import { BUILDER_API as B } from "../../server/areas/planning/builder/api.ts";

let t: Awaited<ReturnType<typeof serveTestApp>>;
const tokens: Record<string, string> = {};
const { get, post } = jsonCalls(() => t, tokens);
const LAMB = 1;
const STALE = "2000-01-01T00:00:00.000Z";

beforeAll(async () => {
  t = await serveTestApp();
  for (const who of ["admin", "display", "super"]) tokens[who] = await t.login(`${who}@demo.processor`);
  tokens.farm = await t.login("producer@demo.farm");
});
afterAll(() => t.close());

const audited = async (entity: string, id: number) =>
  (await (await t.services.db.tenantDb(1)).select().from(auditLog).where(eq(auditLog.entity, entity)))
    .filter((a) => a.entityId === String(id) && a.action === "delete").length;

describe("specification categories", () => {
  test("Yield 1, Eating Quality 2, Brand Claims 4, Market Eligibility 16, Other 32; display users refused", async () => {
    const res = await get("/api/planning/SpecificationCategories", "super");
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { id: number; name: string }) => `${c.name} ${c.id}`)).toEqual([
      "Yield 1",
      "Eating Quality 2",
      "Brand Claims 4",
      "Market Eligibility 16",
      "Other 32",
    ]);
    // the kill floor fields a rule may judge, in words with their units
    expect(res.body.metrics).toContainEqual({ key: "hscwKg", label: "HSCW", unit: "kg" });
    expect((await get("/api/planning/SpecificationCategories", "display")).status).toBe(403);
    expect((await get("/api/planning/SpecificationCategories", "farm")).status).toBe(403);
  });
});

describe("deletes", () => {
  test("a recipe: 403 without the flag, 409 when stale, then gone; the plan naming it still opens", async () => {
    const [plan] = (await get("/api/planning/ComparablePlans", "super")).body as {
      id: number;
      productionDate: string;
    }[];
    const named = (await get(B.cutPlan.replace("{id}", String(plan.id)), "super")).body;
    const recipeId = named.carcassGroups[0].recipesToTransact[0] as number;
    const recipe = (await get(`/api/planning/Recipe/${recipeId}`, "super")).body;
    const body = { id: recipe.id, lastModified: recipe.lastModified };
    expect((await post("/api/planning/DeleteRecipe", body, "admin")).status).toBe(403);
    expect((await post("/api/planning/DeleteRecipe", { ...body, lastModified: STALE }, "super")).status)
      .toBe(409);
    expect((await get(`/api/planning/Recipe/${recipeId}`, "super")).status).toBe(200);
    const gone = await post("/api/planning/DeleteRecipe", body, "super");
    expect(gone).toEqual({ status: 200, body: { id: recipeId } });
    expect((await get(`/api/planning/Recipe/${recipeId}`, "super")).status).toBe(404);
    expect((await post("/api/planning/DeleteRecipe", body, "super")).status).toBe(404);
    expect(await audited("recipe", recipeId)).toBe(1);
    const after = await get(B.cutPlan.replace("{id}", String(plan.id)), "super");
    expect(after.status).toBe(200);
    expect(after.body.statistics[0].row).toBe("Total");
  });

  test("a carcass type: super only, 409 when stale, then gone with its rules", async () => {
    const types = (await get(`/api/planning/CarcassTypes?speciesId=${LAMB}`, "super")).body as {
      id: number;
      name: string;
      lastModified: string;
    }[];
    const type = types.at(-1)!;
    const body = { id: type.id, lastModified: type.lastModified };
    expect((await post("/api/planning/DeleteCarcassType", body, "admin")).status).toBe(403);
    expect((await post("/api/planning/DeleteCarcassType", { ...body, lastModified: STALE }, "super")).status)
      .toBe(409);
    expect((await post("/api/planning/DeleteCarcassType", body, "super")).status).toBe(200);
    const left = (await get(`/api/planning/CarcassTypes?speciesId=${LAMB}`, "super")).body as {
      id: number;
    }[];
    expect(left.map((x) => x.id)).toEqual(types.slice(0, -1).map((x) => x.id));
    expect((await get(`/api/planning/CarcassType/${type.id}`, "super")).status).toBe(404);
    expect(await audited("carcassType", type.id)).toBe(1);
  });

  test("a packaging: 403 without the flag, 409 when stale, 404 when not there, then gone", async () => {
    const [product] = (await get(`/api/planning/ProductDefinitions?speciesId=${LAMB}`, "super")).body;
    const detail = (await get(`/api/planning/ProductDefinition/${product.id}`, "super")).body;
    const packaging = detail.packagings[0] as { id: number; lastModified: string };
    const body = { id: packaging.id, lastModified: packaging.lastModified };
    expect((await post("/api/planning/DeleteProductPackaging", body, "admin")).status).toBe(403);
    expect(
      (await post("/api/planning/DeleteProductPackaging", { ...body, lastModified: STALE }, "super")).status,
    ).toBe(409);
    expect((await post("/api/planning/DeleteProductPackaging", { id: 999_999 }, "super")).status).toBe(404);
    expect((await post("/api/planning/DeleteProductPackaging", body, "super")).status).toBe(200);
    const after = (await get(`/api/planning/ProductDefinition/${product.id}`, "super")).body;
    expect(after.packagings.map((p: { id: number }) => p.id)).not.toContain(packaging.id);
    expect(await audited("productPackaging", packaging.id)).toBe(1);
  });
});
