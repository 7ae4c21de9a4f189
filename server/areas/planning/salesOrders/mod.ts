/** Production planning › sales orders: orders, customers and salespersons. */
import { defineArea } from "../../area.ts";
import { SALES_ORDER_PAGES } from "./routes.ts";
import { salesOrdersApi } from "./api.ts";

export const salesOrdersArea = defineArea({
  name: "production planning › sales orders",
  api: [salesOrdersApi],
  pages: SALES_ORDER_PAGES,
});
