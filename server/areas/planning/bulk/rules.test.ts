import { describe, expect, it } from "vitest";
import { applyRecipe, copyGroups, groupKind, previewToken, withRecipe } from "./rules.ts";

const primalOf = new Map([[1, 10], [2, 10], [3, 20]]); // recipes 1 and 2 cut primal 10, recipe 3 primal 20

describe("bulk operations", () => {
  it("copies a plan's groups onto the other day's groups of the same kind, dropping the rest", () => {
    expect(groupKind("2026-12-03:4.7|w22")).toBe("4.7|w22");
    const out = copyGroups(
      [
        { id: "2026-12-03:4.7", dateValue: "2026-12-03", tenantSiteId: 1, recipesToTransact: [1, 3] },
        { id: "2026-12-03:none", dateValue: "2026-12-03", tenantSiteId: 1, recipesToTransact: [2] },
      ],
      [{ id: "2026-12-05:4.7", dateValue: "2026-12-05" }],
      1,
    );
    expect(out).toEqual({
      kept: [{ id: "2026-12-05:4.7", dateValue: "2026-12-05", tenantSiteId: 1, recipesToTransact: [1, 3] }],
      dropped: ["2026-12-03:none"],
    });
  });

  it("puts a recipe in place of its primal's other recipe, on every group of the day", () => {
    expect(withRecipe([1, 3], { id: 2, primalId: 10 }, primalOf)).toEqual({
      recipeIds: [3, 2],
      replaced: [1],
    });
    const out = applyRecipe(
      [{ id: "d:a", dateValue: "d", tenantSiteId: 1, recipesToTransact: [1, 3] }, {
        id: "d:b",
        dateValue: "d",
        tenantSiteId: 1,
        recipesToTransact: [2],
      }],
      [{ id: "d:a", dateValue: "d" }, { id: "d:b", dateValue: "d" }, { id: "d:c", dateValue: "d" }],
      1,
      { id: 2, primalId: 10 },
      primalOf,
    );
    expect(out.changed).toEqual([{ groupId: "d:a", replaced: [1] }, { groupId: "d:c", replaced: [] }]);
    expect(out.groups.map((g) => g.recipesToTransact)).toEqual([[3, 2], [2], [2]]);
  });

  it("fingerprints a preview's basis stably", () => {
    expect(previewToken({ a: 1 })).toBe(previewToken({ a: 1 }));
    expect(previewToken({ a: 1 })).not.toBe(previewToken({ a: 2 }));
    expect(previewToken([])).toMatch(/^[0-9a-f]{8}$/);
  });
});
