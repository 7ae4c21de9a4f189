import { definePages, type Screen } from "../../pages/screen.ts";
import { PricingGridsScreen } from "./pages/GridGroups.tsx";
import {
  ClonePricingGridGroupScreen,
  NewPricingGridGroupScreen,
  PricingGridGroupScreen,
} from "./pages/GridGroup.tsx";
import { NewPricingGridScreen, PricingGridScreen } from "./pages/Grid.tsx";
import type { PricingRouteName } from "./paths.ts";

/**
 * Price grid settings screens by route name (server/access/routes/settings.ts; the names are listed
 * in paths.ts, which must name each exactly once). newpricinggrid is a new group;
 * newpricinggrid/{id} a new grid in group {id}; clonepricinggrid/{id} copies group {id}.
 */
export const PRICING_PAGES = definePages(
  {
    settingsPricingGrids: PricingGridsScreen,
    settingsViewGrids: PricingGridsScreen,
    settingsNewPricingGrid: NewPricingGridGroupScreen,
    settingsNewPricingGridFrom: NewPricingGridScreen,
    settingsPricingGrid: PricingGridScreen,
    settingsPricingGridGroup: PricingGridGroupScreen,
    settingsClonePricingGrid: ClonePricingGridGroupScreen,
    // deno-lint-ignore no-explicit-any
  } satisfies Record<PricingRouteName, Screen<any, any>>,
);
