import { definePages } from "../../../pages/screen.ts";
import { ProcessOverviewScreen } from "./pages/ProcessOverview.tsx";

/** The processing overview (server/access/routes/home.ts "processoverview", module livestockReporting). */
export const PROCESS_OVERVIEW_PAGES = definePages({ processoverview: ProcessOverviewScreen });
