import { definePages } from "../../../pages/screen.ts";
import { SchedulesScreen } from "./pages/SchedulesPage.tsx";
import { ExecutionScreen } from "./pages/ExecutionPage.tsx";
import { ScheduledProductsReportScreen } from "./pages/ScheduledProductsReport.tsx";

/** Production schedules, their execution and the Scheduled Products Report. */
export const SCHEDULE_PAGES = definePages({
  productionschedules: SchedulesScreen,
  scheduleplanexecution: ExecutionScreen,
  scheduledProductsReport: ScheduledProductsReportScreen,
});
