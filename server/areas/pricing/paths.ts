/**
 * The pricing area's page paths, taken from the route table (server/access/routes/settings.ts) by
 * route name (`href`): the table is the one source, so the pages' links follow a moved path.
 */
import { href } from "../../access/routes.ts";

/** The area's page routes by name; routes.ts gives each its screen. */
export const PRICING_ROUTES = {
  grids: "settingsPricingGrids",
  species: "settingsViewGrids",
  newGroup: "settingsNewPricingGrid",
  newGrid: "settingsNewPricingGridFrom",
  grid: "settingsPricingGrid",
  group: "settingsPricingGridGroup",
  cloneGroup: "settingsClonePricingGrid",
} as const;
export type PricingRouteName = (typeof PRICING_ROUTES)[keyof typeof PRICING_ROUTES];

/** The links of the price grid screens (spec 2 §2.2). */
export const PRICING_PATHS = {
  species: (speciesId: number, search: { past?: "all" } = {}) =>
    href(PRICING_ROUTES.species, { species: speciesId }, search),
  newGroup: (speciesId?: number) => href(PRICING_ROUTES.newGroup, {}, { species: speciesId || undefined }),
  newGrid: (groupId: number) => href(PRICING_ROUTES.newGrid, { id: groupId }),
  grid: (gridId: number) => href(PRICING_ROUTES.grid, { id: gridId }),
  /** the data form's redirect after a copy: the page of the answer's grid */
  gridOfAnswer: href(PRICING_ROUTES.grid, { id: "{id}" }),
  group: (groupId: number) => href(PRICING_ROUTES.group, { id: groupId }),
  /** the data form's redirect after a save: the group page of the answer's id */
  groupOfAnswer: href(PRICING_ROUTES.group, { id: "{id}" }),
  cloneGroup: (groupId: number) => href(PRICING_ROUTES.cloneGroup, { id: groupId }),
};
