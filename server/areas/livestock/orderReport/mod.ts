/** Livestock › order report: the sub-area's record (server/areas/area.ts). */
import { defineArea } from "../../area.ts";
import { orderReportApi } from "./api.ts";
import { ORDER_REPORT_PAGES } from "./routes.ts";

export const orderReportArea = defineArea({
  name: "order report",
  api: [orderReportApi],
  pages: ORDER_REPORT_PAGES,
});
