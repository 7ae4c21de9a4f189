import type { Screen } from "../../screen.ts";
import { PricingGridsScreen } from "./GridGroups.tsx";
import {
  ClonePricingGridGroupScreen,
  NewPricingGridGroupScreen,
  PricingGridGroupScreen,
} from "./GridGroup.tsx";
import { NewPricingGridScreen, PricingGridScreen } from "./Grid.tsx";

/**
 * Price grid settings screens by route name (server/access/routes/settings.ts). newpricinggrid is a
 * new group; newpricinggrid/{id} a new grid in group {id}; clonepricinggrid/{id} copies group {id}.
 */
// deno-lint-ignore no-explicit-any
export const PRICING_SCREENS: Record<string, Screen<any, any>> = {
  settingsPricingGrids: PricingGridsScreen,
  settingsViewGrids: PricingGridsScreen,
  settingsNewPricingGrid: NewPricingGridGroupScreen,
  settingsNewPricingGridFrom: NewPricingGridScreen,
  settingsPricingGrid: PricingGridScreen,
  settingsPricingGridGroup: PricingGridGroupScreen,
  settingsClonePricingGrid: ClonePricingGridGroupScreen,
};
