/**
 * Bulk operations (issue 41 item 8): the pure rules. A group's id is its kill day and its specification
 * key (`2026-12-03:4.7`, with split suffixes `|w22`): the same kind of carcass on another day has the same
 * key after the colon. A preview is fingerprinted (previewToken) over everything the change depends on,
 * so the apply can refuse (409) when any of it moved since the preview was shown.
 */
import type { CutPlanGroup } from "../../../../db/tenant/planningSchedules.ts";

/** The part of a group id that names the kind of carcass, not the day. */
export const groupKind = (id: string) => id.slice(id.indexOf(":") + 1);

/**
 * A plan's groups carried to another day: each onto that day's group of the same kind, with its recipes;
 * the groups the day does not have are dropped (listed by kind).
 */
export function copyGroups(
  groups: readonly CutPlanGroup[],
  target: readonly { id: string; dateValue: string; tenantSiteId?: number }[],
  tenantSiteId: number,
): { kept: CutPlanGroup[]; dropped: string[] } {
  const byKind = new Map(target.map((g) => [groupKind(g.id), g]));
  const kept: CutPlanGroup[] = [], dropped: string[] = [];
  for (const g of groups) {
    const onDay = byKind.get(groupKind(g.id));
    if (onDay) {
      kept.push({
        id: onDay.id,
        dateValue: onDay.dateValue,
        tenantSiteId,
        recipesToTransact: [...g.recipesToTransact],
      });
    } else dropped.push(g.id);
  }
  return { kept, dropped };
}

/** A group's recipes with `recipe` in place of any recipe of the same primal. */
export function withRecipe(
  recipeIds: readonly number[],
  recipe: { id: number; primalId: number },
  primalOf: ReadonlyMap<number, number>,
): { recipeIds: number[]; replaced: number[] } {
  const replaced = recipeIds.filter((id) => id !== recipe.id && primalOf.get(id) === recipe.primalId);
  const kept = recipeIds.filter((id) => primalOf.get(id) !== recipe.primalId);
  return { recipeIds: [...kept, recipe.id], replaced };
}

/**
 * Every group of a plan's day given the recipe (a group the plan left out joins it); returns the plan's
 * new groups and the groups that change (already holding the recipe: unchanged).
 */
export function applyRecipe(
  planGroups: readonly CutPlanGroup[],
  dayGroups: readonly { id: string; dateValue: string }[],
  tenantSiteId: number,
  recipe: { id: number; primalId: number },
  primalOf: ReadonlyMap<number, number>,
) {
  const planned = new Map(planGroups.map((g) => [g.id, g]));
  const changed: { groupId: string; replaced: number[] }[] = [];
  const groups = dayGroups.map((d): CutPlanGroup => {
    const current = planned.get(d.id)?.recipesToTransact ?? [];
    if (current.includes(recipe.id)) {
      return planned.get(d.id) ??
        { id: d.id, dateValue: d.dateValue, tenantSiteId, recipesToTransact: current };
    }
    const next = withRecipe(current, recipe, primalOf);
    changed.push({ groupId: d.id, replaced: next.replaced });
    return { id: d.id, dateValue: d.dateValue, tenantSiteId, recipesToTransact: next.recipeIds };
  });
  // groups of the plan no longer on the day stay as they were
  const onDay = new Set(dayGroups.map((d) => d.id));
  return { groups: [...groups, ...planGroups.filter((g) => !onDay.has(g.id))], changed };
}

/** A short stable fingerprint of what a preview was made from (FNV-1a over its JSON). */
export function previewToken(basis: unknown): string {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(basis)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
