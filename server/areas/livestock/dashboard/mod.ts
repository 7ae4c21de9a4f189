/**
 * Livestock › dashboards: the area's record (server/areas/area.ts). It owns no table: its figures are
 * summed over the orders', the yard's, the kill agenda's, the kill floor's and the invoices' tables.
 */
import { defineArea } from "../../area.ts";
import { dashboardApi } from "./api.ts";
import { DASHBOARD_PAGES } from "./routes.ts";

export const dashboardArea = defineArea({
  name: "livestock dashboards",
  api: [dashboardApi],
  pages: DASHBOARD_PAGES,
});
