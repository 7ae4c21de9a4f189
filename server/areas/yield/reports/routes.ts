import { definePages } from "../../../pages/screen.ts";
import { AnalysisByRunScreen } from "./pages/AnalysisByRun.tsx";
import {
  CreateOperationalScreen,
  CreateSummaryScreen,
  EditOperationalScreen,
  EditSummaryScreen,
  OperationalReportsScreen,
  SummaryReportsScreen,
} from "./pages/Reports.tsx";
import { ViewReportScreen } from "./pages/ViewReport.tsx";
import { OperationalTvScreen, ReportTvScreen, YieldCarcassTvScreen } from "./pages/Tv.tsx";

/** Yield reports' screens by route name (server/access/routes/yield.ts and display.ts). */
export const YIELD_REPORT_PAGES = definePages({
  yieldAnalysisByRun: AnalysisByRunScreen,
  yieldCustomReports: SummaryReportsScreen,
  yieldViewReport: ViewReportScreen,
  yieldCreateReport: CreateSummaryScreen,
  yieldEditReport: EditSummaryScreen,
  yieldOperational: OperationalReportsScreen,
  yieldCreateOperational: CreateOperationalScreen,
  yieldEditOperational: EditOperationalScreen,
  displayYieldCarcass: YieldCarcassTvScreen,
  displayOperationalYield: OperationalTvScreen,
  displayViewReport: ReportTvScreen,
});
