import { definePages } from "../../../pages/screen.ts";
import { SalesOrdersScreen } from "./pages/SalesOrders.tsx";

/** Production scheduling › Sales orders (server/access/routes/production.ts). */
export const SALES_ORDER_PAGES = definePages({ salesorders: SalesOrdersScreen });
