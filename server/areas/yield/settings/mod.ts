/**
 * Yield settings (issue 38 items 1 and 4): Settings › Yield (standard yields, the price list, boning rooms,
 * where visibility is set), Product codes, Cut hierarchy overrides, and a user's plant and species
 * visibility. A sub-area of yield.
 */
import { defineArea } from "../../area.ts";
import { yieldSettingsApi } from "./api.ts";
import { YIELD_SETTINGS_PAGES } from "./routes.ts";

export const yieldSettingsArea = defineArea({
  name: "yield › settings",
  api: [yieldSettingsApi],
  pages: YIELD_SETTINGS_PAGES,
});
