/**
 * Yield data (issue 38 items 1 and 5): reference data per species, cartons in from the plant, the
 * simulator's boning and the daily summaries' rebuild. A sub-area of yield.
 */
import { defineArea } from "../../area.ts";
import { YIELD_EVENTS } from "../events.ts";
import { yieldDataApi } from "./api.ts";
import { seedYieldData } from "./seed.ts";

export const dataArea = defineArea({
  name: "yield › data",
  api: [yieldDataApi],
  events: YIELD_EVENTS,
  seed: seedYieldData,
  seedsAfter: ["kill floor"],
});
