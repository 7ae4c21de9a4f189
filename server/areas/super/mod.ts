/** Super: the area's record (server/areas/area.ts). */
import { defineArea } from "../area.ts";
import { SUPER_PAGES } from "./routes.ts";
import { SUPER_EVENTS } from "./events.ts";
import { superTenantsArea } from "./tenants/mod.ts";
import { superControlArea } from "./control/mod.ts";
import { superDataArea } from "./data/mod.ts";
import { superInitialLoadArea } from "./initialLoad/mod.ts";
import { superSupportArea } from "./support/mod.ts";
import { superPricingGridArea } from "./pricingGrid/mod.ts";
import { superTestingArea } from "./testing/mod.ts";
import { superReprocessArea } from "./reprocess/mod.ts";
import { superYieldReprocessArea } from "./yieldReprocess/mod.ts";
import { superTesterArea } from "./tester/mod.ts";
import { superStockArea } from "./stock/mod.ts";
import { superBackupsArea } from "./backups/mod.ts";
import { superDemoDataArea } from "./demoData/mod.ts";
import { superTestResultsArea } from "./testResults/mod.ts";

export const superArea = defineArea({
  name: "super",
  pages: SUPER_PAGES,
  events: SUPER_EVENTS,
  parts: [
    superTenantsArea,
    superControlArea,
    superDataArea,
    superInitialLoadArea,
    superSupportArea,
    superPricingGridArea,
    superTestingArea,
    superReprocessArea,
    superYieldReprocessArea,
    superTesterArea,
    superStockArea,
    superBackupsArea,
    superDemoDataArea,
    superTestResultsArea,
  ],
});
