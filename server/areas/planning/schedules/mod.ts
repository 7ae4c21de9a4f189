/** Production planning › schedules: released plans per boning room and shift, their execution, the report. */
import { defineArea } from "../../area.ts";
import { schedulesApi } from "./api.ts";
import { SCHEDULE_PAGES } from "./routes.ts";

export const schedulesArea = defineArea({
  name: "production planning › schedules",
  api: [schedulesApi],
  pages: SCHEDULE_PAGES,
});
