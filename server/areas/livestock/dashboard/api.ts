import type { AccessRule } from "../../../access/apiAccess.ts";
import { areaApi } from "../../areaApi.ts";
import { livestockCostSummary, livestockDashboard } from "./operations.ts";
import { livestockRegionalSummary } from "./regional.ts";
import { CostSummary, DashboardBody, LivestockDashboard, RegionalSummary } from "./schemas.ts";

/** The dashboards' posts (spec 1 §7 "dashboard, regional and cost-summary posts"). */
export const DASHBOARD_API = {
  dashboard: "/api/livestock/GetLivestockDashboard",
  costSummary: "/api/livestock/GetLivestockCostSummary",
  regionalSummary: "/api/livestock/GetLivestockRegionalSummary",
} as const;

// whoever may open a dashboard may read its figures: the endpoint and the screen cannot drift apart
const DASHBOARD_READ: AccessRule = { pages: ["livestockDashboard"] };
const REGIONAL_READ: AccessRule = { pages: ["livestockRegionalSummary"] };

/** The livestock dashboards' figures as JSON: the same functions the pages stream their panels from. */
const api = areaApi(["Livestock: dashboards"]);

api.post(
  DASHBOARD_API.dashboard,
  "The livestock dashboard for a period (default: the last twelve weeks to today), one species or all of " +
    "yours, the whole plant or one site: head bought, delivered and processed against the kill volume " +
    "targets by week; cost per head and per kg HSCW from published invoices; HSCW, fat, grade-cell " +
    "compliance, DOA and condemned by supplier; DOA and condemned rates; yard occupancy and the next " +
    "seven days' kill agendas against capacity; the next 60 days booked against targets",
  DashboardBody,
  LivestockDashboard,
  DASHBOARD_READ,
  livestockDashboard,
);

api.post(
  DASHBOARD_API.costSummary,
  "Livestock cost per head and per kg HSCW by species and category, from the published (and finalised) " +
    "invoices of the period's production days; subtotals before GST",
  DashboardBody,
  CostSummary,
  DASHBOARD_READ,
  livestockCostSummary,
);

api.post(
  DASHBOARD_API.regionalSummary,
  "Head (orders delivered in the period) and cost (published invoices of its production days) by " +
    "supplier state and region (the supplier's town), with each state's total",
  DashboardBody,
  RegionalSummary,
  REGIONAL_READ,
  livestockRegionalSummary,
);

export const dashboardApi = api.router();
