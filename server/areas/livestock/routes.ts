import { definePages } from "../../pages/screen.ts";
import { LivestockHomeScreen } from "./pages/LivestockHome.tsx";

/**
 * The buy home (server/access/routes/livestock.ts "livestock"): the livestock-wide screen that shows the
 * parties' tabs and the order groups tab, composing its two sub-areas.
 */
export const LIVESTOCK_HOME_PAGES = definePages({ livestock: LivestockHomeScreen });
