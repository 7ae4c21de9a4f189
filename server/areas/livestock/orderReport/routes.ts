import { definePages } from "../../../pages/screen.ts";
import { OrderReportScreen } from "./pages/OrderReport.tsx";

/** Reports › Order Report (server/access/routes/home.ts "orderreporting"). */
export const ORDER_REPORT_PAGES = definePages({ orderreporting: OrderReportScreen });
