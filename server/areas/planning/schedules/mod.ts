/** Production planning › schedules: released plans per boning room and shift, their execution, the report. */
import { defineArea } from "../../area.ts";
import { schedulesApi } from "./api.ts";
import { SCHEDULE_PAGES } from "./routes.ts";
import { seedDemoPlans } from "./demoSeed.ts";

export const schedulesArea = defineArea({
  name: "production planning › schedules",
  api: [schedulesApi],
  pages: SCHEDULE_PAGES,
  // plans released on the days before the demo's, against the cartons packed then
  seed: seedDemoPlans,
  seedsAfter: ["production planning › products", "yield › data"],
});
