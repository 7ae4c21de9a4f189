/**
 * Yield › reports (issue 38 item 3): Plant Analysis By Run, Yield Summary Reports, Operational Yield
 * Reports and the yield TV screens of the display carousel. A sub-area of yield.
 */
import { defineArea } from "../../area.ts";
import { yieldReportsApi } from "./api.ts";
import { YIELD_REPORT_PAGES } from "./routes.ts";
import { seedYieldReports } from "./seed.ts";

export const yieldReportsArea = defineArea({
  name: "yield › reports",
  api: [yieldReportsApi],
  pages: YIELD_REPORT_PAGES,
  seed: seedYieldReports,
  seedsAfter: ["yield › data"],
});
