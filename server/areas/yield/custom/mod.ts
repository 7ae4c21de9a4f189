/**
 * Yield › custom (issue 38 items 2 and 3): custom metric tabs (the cog, the metric builder and each tab),
 * the graph editor and the yield table with its CSV. A sub-area of yield.
 */
import { defineArea } from "../../area.ts";
import { yieldCustomApi } from "./api.ts";
import { YIELD_CUSTOM_PAGES } from "./routes.ts";

export const yieldCustomArea = defineArea({
  name: "yield › custom",
  api: [yieldCustomApi],
  pages: YIELD_CUSTOM_PAGES,
});
