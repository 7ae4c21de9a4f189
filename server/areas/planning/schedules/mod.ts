/** Production planning › schedules: released plans per boning room and shift, their execution, the report. */
import { defineArea } from "../../area.ts";
import { schedulesApi } from "./api.ts";
import { SCHEDULE_PAGES } from "./routes.ts";
import { seedDemoPlans } from "./demoSeed.ts";

export const schedulesArea = defineArea({
  name: "production planning › schedules",
  api: [schedulesApi],
  pages: SCHEDULE_PAGES,
  // plans of the day's carcass groups: released on the days before the demo's (against the cartons packed
  // then), and for the next kill day (predicted from the agenda and orders)
  seed: seedDemoPlans,
  seedsAfter: ["production planning › products", "yield › data", "kill agenda", "livestock orders"],
});
