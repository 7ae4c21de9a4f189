import { definePages } from "../../../pages/screen.ts";
import { LivestockDashboardScreen } from "./pages/LivestockDashboard.tsx";
import { RegionalSummaryScreen } from "./pages/RegionalSummary.tsx";
import { SiteSummaryScreen } from "./pages/SiteSummary.tsx";

/** The livestock dashboards (server/access/routes/home.ts, module livestockReporting). */
export const DASHBOARD_PAGES = definePages({
  livestockDashboard: LivestockDashboardScreen,
  livestockSiteSummaryDashboard: SiteSummaryScreen,
  livestockRegionalSummary: RegionalSummaryScreen,
});
